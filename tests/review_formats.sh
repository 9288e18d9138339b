# delve review's CI outputs on real shot sets (rising off vs on, which flags ways):
# review.json's pair keys (seed, floor, the diff image on disk, the reproduce lines that
# remake both sides' PNGs byte for byte; null and empty for a PNG without a catalog
# line), the summary's flagged columns with the page's figures (none for two sets of
# the same settings), the JUnit suites (a testcase per pair and per tested column, the
# messages, the verdict) and the Markdown summary's table and top pairs. docs/review.md.
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
needs "JSON and XML checks" python3 || { finish; exit; }
"$DELVE" shot --seeds 1-12 --rising off -o off > /dev/null 2>&1
"$DELVE" shot --seeds 1-12 -o on > /dev/null 2>&1
"$DELVE" shot --seeds 13-24 -o on2 > /dev/null 2>&1
cp on/seed-00000000000000000001-floor-01.png on/extra.png   # added, no catalog line
"$DELVE" review off on -o rep --junit junit.xml > /dev/null; rc=$?
check "rising off vs on: exit 1 (rc $rc)" test $rc = 1
if ! python3 -c "import json, sys; sys.exit(json.load(open('rep/review.json'))['distribution'] is None)"; then
  skip "the distribution checks: this delve has no distribution table (built without GSL)"
  finish; exit
fi

name=seed-00000000000000000003-floor-01.png
check "JSON: $name's seed, floor, diff image (on disk) and reproduce lines" python3 - "$name" <<'PY'
import json, os, sys
name = sys.argv[1]
d = json.load(open('rep/review.json'))
p = {x['name']: x for x in d['pairs']}
x = p[name]
assert (x['seed'], x['floor']) == (3, 1), x
assert x['diff_image'] == 'diff/' + name and os.path.isfile('rep/' + x['diff_image']), x['diff_image']
shot = [l for l in open('on/catalog.tsv') if l.startswith('# shot: ')][0][8:].strip()
view = [l for l in open('off/catalog.tsv') if l.startswith('# view: ')][0][8:].strip()
want = shot.replace('SEED', '3').replace('FLOOR', '1').replace('OUT.png', name)
r = x['reproduce_lines']
assert len(r) == 4 and r[3] == want and r[0] == view.replace('SEED', '3').replace('FLOOR', '1'), r
assert r == [x['reproduce'][s][k] for s in ('base', 'head') for k in ('view', 'shot')], r
e = p['extra.png']
assert e['state'] == 'added' and (e['seed'], e['floor'], e['diff_image'], e['reproduce_lines']) == (None, None, None, []), e
PY
python3 -c "
import json, sys
x = [p for p in json.load(open('rep/review.json'))['pairs'] if p['name'] == sys.argv[1]][0]
print(x['reproduce_lines'][1]); print(x['reproduce_lines'][3])" "$name" > lines
mkdir again-off again-on
(cd again-off && delve() { "$DELVE" "$@"; } && eval "$(sed -n 1p ../lines)") > /dev/null 2>&1
(cd again-on && delve() { "$DELVE" "$@"; } && eval "$(sed -n 2p ../lines)") > /dev/null 2>&1
check "  BASE's shot line remakes off's PNG byte for byte" cmp -s "again-off/$name" "off/$name"
check "  HEAD's shot line remakes on's PNG byte for byte" cmp -s "again-on/$name" "on/$name"
check "  the page shows the same commands" \
  grep -qF "<code>$(sed -n 2p lines)</code>" rep/index.html

check "summary: ways flagged, up and never down, with the page's figures" python3 <<'PY'
import json, re
d = json.load(open('rep/review.json'))
f = d['summary']['flagged']
names = [x['column'] for x in f]
assert 'ways' in names and not {'rooms', 'pits', 'monsters'} & set(names), names
assert names == [c['column'] for c in d['distribution']['columns'] if c['flagged']], names
w = f[names.index('ways')]
assert w['down'] == 0 and w['up'] > 0 and w['changed'] is None and w['test'] == 'signed-rank', w
page = open('rep/index.html', encoding='utf-8').read()
for x in f:
    row = re.search(r'<tr class="flag"><td>%s</td><td>\d+</td><td>\d+</td><td>([^<]*)</td><td>([^<]*)</td>'
                    r'.*?<td>(\d+) / (\d+)</td><td>[^<]*</td><td>[^<]*</td><td>([^<]*)</td><td>FLAG' % x['column'], page)
    assert row, x
    a, b, up, down, p = row.groups()
    assert (a, b, int(up), int(down), p.replace('&lt;', '<')) == (x['a'], x['b'], x['up'], x['down'], x['p']), (row.groups(), x)
PY
"$DELVE" review on on2 --format json > same.json
check "two sets of the same settings (seeds 1-12 and 13-24, rising on): nothing flagged" \
  python3 -c "import json; f = json.load(open('same.json'))['summary']['flagged']; assert f == [], f"

if command -v xmllint > /dev/null; then
  check "JUnit with the distribution suite: valid against tests/junit.xsd" xmllint --noout --schema "$OLDPWD/tests/junit.xsd" junit.xml
else
  skip "JUnit schema check: xmllint is not installed (libxml2-utils)"
fi
check "JUnit: a testcase per pair and per tested column, the flagged ones failing" python3 - "$name" <<'PY'
import json, sys
import xml.etree.ElementTree as ET
d = json.load(open('rep/review.json'))
root = ET.parse('junit.xml').getroot()
pairs, cols = root.findall('testsuite')
tested = [c['column'] for c in d['distribution']['columns'] if c['tested']]
flagged = d['summary']['flagged']
assert pairs.get('name') == 'delve review' and cols.get('name') == 'delve review distributions'
assert len(pairs.findall('testcase')) == len(d['pairs']) + 1 == int(pairs.get('tests')) == 38, pairs.attrib
assert int(pairs.get('failures')) == 37, pairs.attrib
cases = cols.findall('testcase')
assert sorted(c.get('name') for c in cases) == sorted(tested) and cols.get('tests') == str(len(tested)), cols.attrib
fails = [c for c in cases if c.find('failure') is not None]
assert [c.get('name') for c in fails] == [x['column'] for x in flagged] and cols.get('failures') == str(len(flagged))
assert root.get('tests') == str(38 + len(tested)) and root.get('failures') == str(37 + len(flagged)), root.attrib
w = [x for x in flagged if x['column'] == 'ways'][0]
m = [c for c in fails if c.get('name') == 'ways'][0].find('failure').get('message')
assert m == 'flagged: A %s, B %s; up / down %d / %d; signed-rank, p Holm %s' % (w['a'], w['b'], w['up'], w['down'], w['p']), m
name = sys.argv[1]
pm = [c for c in pairs.findall('testcase') if c.get('name') == name][0].find('failure').get('message')
x = [p for p in d['pairs'] if p['name'] == name][0]
assert pm.startswith('changed: %d pixels' % x['diff_pixels']), pm
assert pm.endswith('; diff image: rep/diff/%s; reproduce: %s' % (name, x['reproduce_lines'][3])), pm
e = [c for c in pairs.findall('testcase') if c.get('name') == 'extra.png'][0].find('failure').get('message')
assert e == 'added: only in HEAD', e
PY
check "JUnit: the verdict naming the flagged column, in the pairs' suite only (property and system-out)" python3 <<'PY'
import json
import xml.etree.ElementTree as ET
says = json.load(open('rep/review.json'))['summary']['says']
pairs, cols = ET.parse('junit.xml').getroot().findall('testsuite')
assert says.startswith('Ways per floor rose from '), says
assert [(p.get('name'), p.get('value')) for p in pairs.find('properties')] == [('verdict', says)]
assert pairs.find('system-out').text == says, pairs.find('system-out').text
assert cols.find('properties') is None and cols.find('system-out') is None
PY

"$DELVE" review off on --format markdown > m.md; rc=$?
check "Markdown: exit 1, the same bytes as the report's review.md (rc $rc)" \
  sh -c "test $rc = 1 && cmp -s m.md rep/review.md"
check "  the counts first, the flagged table, the 10 largest of 36 changed pairs" python3 <<'PY'
import json, re
d = json.load(open('rep/review.json'))
lines = open('m.md', encoding='utf-8').read().split('\n')
assert lines[0] == '**delve review**: 36 changed, 1 added, 0 removed, 0 same; catalog lines: 36 changed, 0 added, 0 removed', lines[0]
w = [x for x in d['summary']['flagged'] if x['column'] == 'ways'][0]
row = '| ways | %s | %s | %d / %d | signed-rank | %s |' % (w['a'], w['b'], w['up'], w['down'], w['p'])
assert row in lines, row
assert 'The 10 largest of 36 changed pairs, biggest change first:' in lines
items = [l for l in lines if re.match(r'\d+\. ', l)]
assert len(items) == 10 and items[9].startswith('10. '), items
changed = [p for p in d['pairs'] if p['state'] == 'changed']
for i, l in enumerate(items):
    p = changed[i]
    assert l.startswith('%d. `%s`: ' % (i + 1, p['name'])) and l.endswith('; `%s`' % p['reproduce_lines'][3]), l
assert '<' not in ''.join(lines).replace('< 1e-6', ''), 'HTML'
PY
finish
