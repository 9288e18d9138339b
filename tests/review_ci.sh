# delve review for CI and at scale: pairs ordered by size of change (level type, then
# catalog cells, then pixels), the level type change in words, catalog cells old -> new,
# the "changed in game terms" filter, --format json (docs/review.md), --junit (valid
# against tests/junit.xsd, counts, a failure's message, the verdict as the suite's
# property and system-out, a removed and a catalog-only pair's messages), --format
# markdown's bytes, --max-diff-pixels and --max-diff-ratio at their bounds, a corrupt
# PNG pair with the same bytes counted as the same without decoding, --jobs 1 and 2
# give the same bytes, 3 000 pairs give an index under 2 MB, every link of pages/N.html
# and catalog.html leads to a file and an id in it, and the reproduce line of a real
# pair remakes its PNG byte for byte.
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
needs "PNG fixtures and JSON checks" python3 || { finish; exit; }

# every href of a page leads to a file that exists and, after a '#', to an id in it
links_resolve() {
  python3 - "$@" <<'PY'
import os, re, sys
bad = []
for page in sys.argv[1:]:
    for href in re.findall(r'href="([^"]*)"', open(page, encoding='utf-8').read()):
        path, _, anchor = href.partition('#')
        target = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        if not os.path.isfile(target):
            bad.append('%s: %s: no file %s' % (page, href, target))
        elif anchor and 'id="%s"' % anchor not in open(target, encoding='utf-8').read():
            bad.append('%s: %s: no id "%s" in %s' % (page, href, anchor, target))
print('\n'.join(bad), file=sys.stderr)
sys.exit(1 if bad else 0)
PY
}

# 100 x 100 PNGs: base all grey; head with N pixels changed (pairs A..F, see below)
python3 - <<'PY'
import os, struct, zlib
def png(path, changed):
    w = h = 100
    rows = []
    for y in range(h):
        row = bytearray(b'\x00' + bytes((90, 90, 90)) * w)
        for x in range(w):
            if y * w + x < changed:
                row[1 + 3 * x] = 200
        rows.append(bytes(row))
    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
    open(path, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                           + chunk(b'IDAT', zlib.compress(b''.join(rows))) + chunk(b'IEND', b''))
os.makedirs('base'); os.makedirs('head')
pairs = {1: 30, 2: 5, 3: 1, 4: 1, 6: 2}          # seed: pixels changed in HEAD
for seed, n in pairs.items():
    name = 'seed-%05d-floor-1.png' % seed
    png('base/' + name, 0); png('head/' + name, n)
for d in ('base', 'head'):                        # E: the same bytes, not a PNG at all
    open(d + '/seed-00005-floor-1.png', 'w').write('not a png, but the same bytes on both sides')
PY
cat > cat.head <<'H'
# catalog: test fixture
# revision: REV
# shot: delve shot --seed SEED --floor FLOOR --floors 2 --zoom 4 -o OUT.png
# view: delve view --seed SEED --floor FLOOR --floors 2
# seed	floor	type	rooms	ways	monsters
H
{ sed s/REV/aaaa/ cat.head; printf '1\t1\trooms\t9\t2\t5\n2\t1\trooms\t9\t2\t5\n3\t1\trooms\t9\t2\t5\n4\t1\trooms\t9\t2\t5\n5\t1\trooms\t9\t2\t5\n6\t1\trooms\t9\t2\t5\n'; } > base/catalog.tsv
{ sed s/REV/bbbb/ cat.head; printf '1\t1\trooms\t9\t2\t5\n2\t1\trooms\t9\t2\t5\n3\t1\trooms\t9\t3\t6\n4\t1\tcaves\t9\t2\t5\n5\t1\trooms\t9\t2\t5\n6\t1\trooms\t9\t2\t5\n'; } > head/catalog.tsv

"$DELVE" review base head -o rep --junit junit.xml > out 2> err; rc=$?
check "a change: exit 1 (rc $rc: $(cat err))" test $rc = 1
# --junit inside the report's folder: that folder is replaced whole, so the file would
# go with it (and the earlier report was gone before the file could fail): refused first
mkdir -p rep/sub && cp rep/index.html before.html
"$DELVE" review base head -o rep --junit rep/sub/j.xml > /dev/null 2> err2; rc=$?
check "--junit inside -o's folder: exit 2, the earlier report as it was ($(head -1 err2))" \
  sh -c "test $rc = 2 && grep -q 'inside the report.s folder rep' err2 && cmp -s rep/index.html before.html && test ! -e rep/sub/j.xml"
rmdir rep/sub
check "summary: 5 changed, the corrupt pair with the same bytes is the same ($(tail -n 1 out))" \
  test "$(tail -n 1 out)" = "review: 5 changed, 0 added, 0 removed, 1 same; catalog: 2 lines changed; report: rep/index.html"
order=$(grep -o 'data-state="changed"[^>]*data-name="[^"]*"' rep/index.html | sed 's/.*seed-0000\([0-9]\).*/\1/' | tr -d '\n')
check "order: level type (4), then 2 cells (3), then pixels 30, 5, 2 (1 2 6): $order" test "$order" = 43126
check "the level type change in words in its header" grep -q 'seed-00004-floor-1.png<span class="lt">level type rooms -&gt; caves</span></h3>' rep/index.html
check "catalog cells old -> new, the changed ones marked" grep -q '<p class="cells">catalog: type rooms · rooms 9 · <mark>ways 2→3</mark> · <mark>monsters 5→6</mark></p>' rep/index.html
check "changed in game terms: the pairs 4 and 3 only" test "$(grep -o 'data-game data-name="[^"]*"' rep/index.html | tr '\n' ' ')" = 'data-game data-name="seed-00004-floor-1.png" data-game data-name="seed-00003-floor-1.png" '
check "the filter is a link to #game, no script needed" grep -q '<a href="#game">changed in game terms (2)</a>' rep/index.html
check "both sides' provenance, revisions marked as differing" grep -q '<tr><td>revision</td><td class="d">aaaa</td><td class="d">bbbb</td></tr>' rep/index.html
check "a reproduce line for the pair" grep -q '<code>delve shot --seed 3 --floor 1 --floors 2 --zoom 4 -o seed-00003-floor-1.png</code>' rep/index.html
check "the corrupt same-bytes pair: no diff image" test ! -e rep/diff/seed-00005-floor-1.png
check "review.json beside the page" test -s rep/review.json

"$DELVE" review base head --format json > j.json; rc=$?
check "--format json without -o: exit 1 (rc $rc)" test $rc = 1
check "the JSON's fields" python3 - <<'PY'
import json
d = json.load(open('j.json'))
assert d['schema'] == 'delve-review/1'
s = d['summary']
assert (s['changed'], s['same'], s['added'], s['removed'], s['changed_in_game_terms'], s['verdict']) == (5, 1, 0, 0, 2, 'changed'), s
assert s['catalog_lines'] == {'changed': 2, 'added': 0, 'removed': 0, 'same': 4}, s
p = d['pairs']
assert [x['name'][:10] for x in p] == ['seed-00004', 'seed-00003', 'seed-00001', 'seed-00002', 'seed-00006', 'seed-00005'], p
assert p[0]['type_changed'] and p[0]['cells'] == [{'column': 'type', 'base': 'rooms', 'head': 'caves'}]
assert p[1]['cells_changed'] == 2 and p[1]['cells'][0] == {'column': 'ways', 'base': '2', 'head': '3'}
assert p[2]['diff_pixels'] == 30 and p[2]['total_pixels'] == 10000 and p[2]['diff_ratio'] == 0.003
assert p[2]['box'] == [0, 0, 29, 0] and p[2]['fails'] and not p[2]['identical_bytes']
assert p[5]['state'] == 'same' and p[5]['identical_bytes'] and not p[5]['fails'] and 'diff_pixels' not in p[5]
assert p[1]['reproduce']['head']['shot'] == 'delve shot --seed 3 --floor 1 --floors 2 --zoom 4 -o seed-00003-floor-1.png'
assert d['base']['provenance']['revision'] == 'aaaa' and d['head']['provenance']['revision'] == 'bbbb'
assert d['options'] == {'threshold': None, 'aa': False, 'max_diff_pixels': None, 'max_diff_ratio': None}
PY
if command -v xmllint > /dev/null; then
  check "JUnit XML valid against tests/junit.xsd (xmllint)" xmllint --noout --schema "$OLDPWD/tests/junit.xsd" junit.xml
else
  skip "JUnit schema check: xmllint is not installed (libxml2-utils)"
fi
check "JUnit: 7 testcases (6 pairs and catalog.tsv), 5 failures by kind" python3 - <<'PY'
import xml.etree.ElementTree as ET
root = ET.parse('junit.xml').getroot()
suite = root.find('testsuite')
cases = suite.findall('testcase')
assert root.tag == 'testsuites' and suite.get('tests') == '7' and suite.get('failures') == '5', suite.attrib
assert len(cases) == 7 and cases[-1].get('name') == 'catalog.tsv' and cases[-1].find('failure') is None
fails = [c.get('name') for c in cases if c.find('failure') is not None]
assert fails == ['seed-00004-floor-1.png', 'seed-00003-floor-1.png', 'seed-00001-floor-1.png', 'seed-00002-floor-1.png', 'seed-00006-floor-1.png'], fails
m = cases[1].find('failure').get('message')
assert m == ('changed: 1 pixels (0.010 %); catalog: ways 2 -> 3, monsters 5 -> 6; diff image: '
             'rep/diff/seed-00003-floor-1.png; reproduce: delve shot --seed 3 --floor 1 --floors 2 '
             '--zoom 4 -o seed-00003-floor-1.png'), m
assert len(root.findall('testsuite')) == 1 and root.get('tests') == '7', 'no column tested: no second suite'
PY
check "JUnit: the verdict, as the page opens with it, as the suite's property and its system-out" python3 - <<'PY'
import json
import xml.etree.ElementTree as ET
v = ('No catalog column tested (too few floors): 5 of 6 pictures changed; level type (1 floor), '
     'ways (1 floor) and monsters (1 floor) moved too little to flag.')
suite = ET.parse('junit.xml').getroot().find('testsuite')
props = [(p.get('name'), p.get('value')) for p in suite.find('properties').findall('property')]
assert props == [('verdict', v)], props
assert suite.find('system-out').text == v, suite.find('system-out').text
assert json.load(open('j.json'))['summary']['says'] == v
assert list(suite)[0].tag == 'properties' and list(suite)[-1].tag == 'system-out', [e.tag for e in suite]
PY
check "  the page opens with the same words" grep -qF 'No catalog column tested (too few floors): 5 of 6 pictures changed' rep/index.html
# JUnit of a pair without a diff image: a PNG only in BASE and a catalog-only change
# (same pixels) still fail with why and the command that remakes the PNG, and name no
# diff image, as none is written for them
"$DELVE" shot --seeds 1-2 --floors 2 --zoom 4 -o ja > /dev/null 2>&1
cp -r ja jb && rm jb/seed-00000000000000000002-floor-02.png
awk -F'\t' -v OFS='\t' '!/^#/ && $1 == 1 && $2 == 1 { $4++ } 1' ja/catalog.tsv > jb/catalog.tsv
"$DELVE" review ja jb -o jrep --junit j2.xml > /dev/null 2>&1; rc=$?
check "JUnit: a removed PNG and a catalog-only change fail with why and the reproduce command (rc $rc)" python3 - <<'PY'
import xml.etree.ElementTree as ET
shot = [l for l in open('ja/catalog.tsv') if l.startswith('# shot: ')][0][8:].strip()
cols = [l for l in open('ja/catalog.tsv') if l.startswith('# seed\t')][0][2:].rstrip('\n').split('\t')
line = [l.split('\t') for l in open('ja/catalog.tsv') if l.startswith('1\t1\t')][0]
col, was = cols[3], int(line[3])
def repro(seed, floor):
    return shot.replace('SEED', seed).replace('FLOOR', floor).replace(
        'OUT.png', 'seed-%020d-floor-%02d.png' % (int(seed), int(floor)))
cases = {c.get('name'): c.find('failure') for c in ET.parse('j2.xml').getroot().find('testsuite')
         if c.tag == 'testcase'}
rm = cases['seed-00000000000000000002-floor-02.png']
assert rm.get('type') == 'removed' and rm.get('message') == 'removed: only in BASE; reproduce: ' + repro('2', '2'), rm.attrib
cat = cases['seed-00000000000000000001-floor-01.png']
want = 'catalog: %s %d -> %d; reproduce: %s' % (col, was, was + 1, repro('1', '1'))
assert cat.get('type') == 'catalog' and cat.get('message') == want, (cat.attrib, want)
assert [n for n, f in cases.items() if f is not None] == list(cases)[:2], cases
PY

# --format markdown: a short summary for a CI job or a pull request, exact bytes
"$DELVE" review base head --format markdown > m.md; rc=$?
cat > m.want <<'MD'
**delve review**: 5 changed, 0 added, 0 removed, 1 same; catalog lines: 2 changed, 0 added, 0 removed

No catalog column tested (too few floors): 5 of 6 pictures changed; level type (1 floor), ways (1 floor) and monsters (1 floor) moved too little to flag.

No column flagged (0 tested, Holm, alpha 0.001).

Changed pairs, biggest change first:

1. `seed-00004-floor-1.png`: 1 pixels (0.010 %); catalog: type rooms -> caves; `delve shot --seed 4 --floor 1 --floors 2 --zoom 4 -o seed-00004-floor-1.png`
2. `seed-00003-floor-1.png`: 1 pixels (0.010 %); catalog: ways 2 -> 3, monsters 5 -> 6; `delve shot --seed 3 --floor 1 --floors 2 --zoom 4 -o seed-00003-floor-1.png`
3. `seed-00001-floor-1.png`: 30 pixels (0.300 %); `delve shot --seed 1 --floor 1 --floors 2 --zoom 4 -o seed-00001-floor-1.png`
4. `seed-00002-floor-1.png`: 5 pixels (0.050 %); `delve shot --seed 2 --floor 1 --floors 2 --zoom 4 -o seed-00002-floor-1.png`
5. `seed-00006-floor-1.png`: 2 pixels (0.020 %); `delve shot --seed 6 --floor 1 --floors 2 --zoom 4 -o seed-00006-floor-1.png`
MD
check "--format markdown: exit 1, the counts, the verdict, no flag, the changed pairs in the page's order (exact bytes)" \
  sh -c "test $rc = 1 && cmp -s m.md m.want"
check "  review.md in the report holds the same bytes" cmp -s m.md rep/review.md
check "  no HTML" sh -c "! grep -q '<[a-z/]' m.md"
"$DELVE" review base head --format markdown --junit - > /dev/null 2> err; rc=$?
check "--format markdown with --junit -: both want standard output, refused (rc $rc)" \
  sh -c "test $rc = 2 && grep -q 'junit - and --format markdown' err"

# limits: pixels-only pairs (no catalogs) A 30, B 5, F 2 pixels of 10 000
mkdir lb lh && for s in 1 2 6; do cp base/seed-0000$s-floor-1.png lb/; cp head/seed-0000$s-floor-1.png lh/; done
lim() { "$DELVE" review lb lh --format json "$@" > l.json; echo "$? $(python3 -c "import json; s=json.load(open('l.json'))['summary']; print(s['changed'], s['same'], s['within_limits'])")"; }
check "--max-diff-pixels 4: B (5) and A (30) changed, F within" test "$(lim --max-diff-pixels 4)" = "1 2 1 1"
check "--max-diff-pixels 5: only A changed" test "$(lim --max-diff-pixels 5)" = "1 1 2 2"
check "--max-diff-pixels 30: nothing changed, exit 0" test "$(lim --max-diff-pixels 30)" = "0 0 3 3"
check "--max-diff-ratio 0.003: A (30 of 10 000) is at the limit: exit 0" test "$(lim --max-diff-ratio 0.003)" = "0 0 3 3"
check "--max-diff-ratio 0.002999: A changed" test "$(lim --max-diff-ratio 0.002999)" = "1 1 2 2"
check "--max-diff-ratio with 9 decimals, as delve diff takes it: 0.003000000 at the limit" test "$(lim --max-diff-ratio 0.003000000)" = "0 0 3 3"
check "  0.002999999 just under it: A changed" test "$(lim --max-diff-ratio 0.002999999)" = "1 1 2 2"
check "both limits must hold" test "$(lim --max-diff-ratio 0.003 --max-diff-pixels 4)" = "1 2 1 1"
"$DELVE" review lb lh -o lr --max-diff-pixels 5 > out
check "the summary says how many were let through" test "$(tail -n 1 out)" = "review: 1 changed, 0 added, 0 removed, 2 same (2 within the limits); catalog: none; report: lr/index.html"
# the limits forgive pixels, not game terms: seed 3's 1 pixel is within 1 000 000, but its
# catalog cells changed, so it stays changed (it was counted as the same and folded away)
"$DELVE" review base head --format json --max-diff-pixels 1000000 > g.json
check "within the pixel limits, a pair whose catalog changed stays changed" python3 - <<'PY'
import json
p = {x['name']: x for x in json.load(open('g.json'))['pairs']}
s3 = p['seed-00003-floor-1.png']
assert s3['state'] == 'changed' and not s3['within_limits'] and s3['fails'], s3
PY
"$DELVE" review lb lh --max-diff-ratio 2 > /dev/null 2> e; rc=$?
check "a ratio past 1 is refused (rc $rc)" test $rc = 2

# --jobs: the same report bytes on 1 and 2 threads
"$DELVE" review base head -o j1 --jobs 1 > /dev/null; "$DELVE" review base head -o j2 --jobs 2 > /dev/null
check "--jobs 1 and --jobs 2: the same index.html" cmp -s j1/index.html j2/index.html
check "  and the same review.json" cmp -s j1/review.json j2/review.json

# scale: 3 000 pairs (hard links of pair A) and 3 000 identical ones
python3 - <<'PY'
import os
for d in ('bb', 'bh', 'same'):
    os.makedirs(d)
for s in range(1, 3001):
    n = 'seed-%020d-floor-1.png' % s
    os.link('base/seed-00001-floor-1.png', 'bb/' + n)
    os.link('head/seed-00001-floor-1.png', 'bh/' + n)
    os.link('base/seed-00001-floor-1.png', 'same/' + n)
PY
"$DELVE" review bb bh -o big > out; rc=$?
size=$(wc -c < big/index.html)
check "3 000 changed pairs: exit 1, index.html $size bytes < 2 MB" test $rc = 1 -a "$size" -lt 2000000
check "  100 pairs in full on index.html, 2 900 as rows linking to pages/" test "$(grep -c '<section class="pair"' big/index.html) $(grep -c '<tr><td>[0-9]*</td><td><a href="pages/' big/index.html)" = "100 2900"
check "  29 pages of 100 pairs" test "$(ls big/pages | wc -l) $(grep -c '<section class="pair"' big/pages/29.html)" = "29 100"
check "  a page links the images one folder up" grep -q 'src="../../bb/seed-00000000000000003000-floor-1.png"' big/pages/29.html
check "  the last row links to its page" grep -q '<td>3000</td><td><a href="pages/29.html#p2999">seed-00000000000000003000-floor-1.png</a>' big/index.html
check "  a page's links (the header's \"go to\" line too) lead to index.html's sections" links_resolve big/pages/1.html big/pages/29.html big/index.html
"$DELVE" review same same -o idem > out; rc=$?
check "3 000 identical pairs: exit 0, all the same" test $rc = 0 -a "$(tail -n 1 out)" = "review: 0 changed, 0 added, 0 removed, 3000 same; catalog: none; report: idem/index.html"

# 201 catalog lines changed (past REVIEW_PAGE_LINES): they go to catalog.html, whose
# header links back to index.html's sections
mkdir cb ch && cp base/seed-00001-floor-1.png cb/ && cp head/seed-00001-floor-1.png ch/
{ printf '# seed\tfloor\ttype\trooms\tpits\tstations\n'
  for s in $(seq 1 201); do printf '%d\t1\trooms\t9\t2\t5\n' $s; done; } > cb/catalog.tsv
sed 's/\t5$/\t6/' cb/catalog.tsv > ch/catalog.tsv
"$DELVE" review cb ch -o cr > /dev/null; rc=$?
check "201 catalog lines changed: catalog.html apart (rc $rc)" test $rc = 1 -a -f cr/catalog.html
check "  its links lead to index.html's sections and its own catalog" links_resolve cr/catalog.html cr/index.html

# a real pair: its reproduce line remakes HEAD's PNG byte for byte
"$DELVE" shot --seeds 1-2 --floors 2 --rising off -o ra > /dev/null 2>&1
"$DELVE" shot --seeds 1-2 --floors 2 -o rb > /dev/null 2>&1
"$DELVE" review ra rb --format json > r.json
cmd=$(python3 -c "import json; p=json.load(open('r.json'))['pairs'][0]; print(p['name'], p['reproduce']['head']['shot'])")
name=${cmd%% *}; cmd=${cmd#* }
mkdir again && (cd again && eval "\"$DELVE\" ${cmd#delve }" > /dev/null)
check "the first pair's reproduce line ($cmd) remakes its PNG" cmp -s "again/$name" "rb/$name"
check "the review's distribution equals delve stats --compare --format json" python3 - "$DELVE" <<'PY'
import json, subprocess, sys
mine = json.load(open('r.json'))['distribution']
theirs = json.loads(subprocess.run([sys.argv[1], 'stats', '--compare', 'ra/catalog.tsv', 'rb/catalog.tsv', '--format', 'json'], capture_output=True, text=True).stdout)
assert mine['columns'] == theirs['columns'] and mine['flagged'] == theirs['flagged'], 'differs'
PY
finish
