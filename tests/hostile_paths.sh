# Paths that survive: every path delve writes into a file or prints for pasting reads
# back as the same bytes, or pastes into a shell and runs, when a folder's name holds a
# space, both quotes, '$', a backtick, UTF-8 and a leading dash ("$H" below); a format
# that cannot hold a newline refuses it before anything is written (exit 2). The lines
# pasted here run through eval, as a shell would run them:
#   - the reproduce lines of `delve review`: review.json, the page's <code>, the Markdown
#     summary's code span, the JUnit failure message (and xmllint against tests/junit.xsd)
#   - JUnit testcase names and Markdown code spans of PNGs named with a newline, a tab,
#     '#', '?', '%' and backticks, read back by an XML parser and by CommonMark's rule
#   - `delve diff --format json`'s file names, read back by a JSON parser
#   - a shot set whose --rooms or -o holds a newline, or a merge into such a folder:
#     refused, nothing written (catalog.tsv's command lines are one line each)
#   - the holder line a second run shows for a folder in use, shell-quoted
#   - tests/golden.sh's "look" and "made by" lines, with the goldens in "$H"
. "${0%/*}/lib.bash" "$@" || exit 2
SRC=$PWD
case $DELVE in /*) ;; *) DELVE=$SRC/$DELVE ;; esac  # the pasted lines run elsewhere
needs "JSON, XML and Markdown read back" python3 || { finish; exit; }
H="$TMP/a b'c\"d\$e\`f é -g"
mkdir -p "$H" && cp -r assets/rooms "$H/rooms"

# CommonMark's code spans of a line (a run of backticks to the next run of the same
# length; a line break as a space; one space off each end when both have one)
cat > "$TMP/cm.py" <<'PY'
import re
def code_spans(s):
    spans, i = [], 0
    while True:
        m = re.compile(r'`+').search(s, i)
        if not m:
            return spans
        close = re.compile(r'(?<!`)' + m.group(0) + r'(?!`)').search(s, m.end())
        if not close:
            i = m.end()
            continue
        c = s[m.end():close.start()].replace('\n', ' ')
        if len(c) > 1 and c[0] == ' ' and c[-1] == ' ' and c.strip(' '):
            c = c[1:-1]
        spans.append(c)
        i = close.end()
PY

# --- review's reproduce lines, in every format ------------------------------------
"$DELVE" shot --seeds 1-2 --floors 2 -o "$H/base" > /dev/null 2>&1
"$DELVE" shot --seeds 1-2 --floors 2 --rooms "$H/rooms" -o "$H/head" > /dev/null 2>&1
"$DELVE" review "$H/base" "$H/head" -o "$H/report" --junit "$H/j.xml" > /dev/null 2>&1; rc=$?
check "review of two sets in '$H': exit 1 (rc $rc)" test $rc = 1
"$DELVE" review "$H/base" "$H/head" --format markdown > "$TMP/review.md" 2> /dev/null
# lines WHERE: the reproduce lines WHERE holds, one a line (each "delve shot ...")
python3 - "$H" "$TMP/review.md" "$TMP" > "$TMP/lines" <<'PY'
import html, json, re, sys, xml.etree.ElementTree as ET
sys.path.insert(0, sys.argv[3])
from cm import code_spans
h, md = sys.argv[1], sys.argv[2]
d = json.load(open(h + '/report/review.json'))
for p in d['pairs']:
    print('json\t' + p['reproduce']['head']['shot'])
for code in re.findall(r'<code>(delve shot [^<]*)</code>', open(h + '/report/index.html').read()):
    if '--rooms' in code:
        print('html\t' + html.unescape(code))
for l in open(md).read().split('\n'):
    if re.match(r'\d+\. ', l):
        print('markdown\t' + code_spans(l)[-1])
for f in ET.parse(h + '/j.xml').iter('failure'):
    print('junit\t' + f.get('message').split('; reproduce: ')[1])
PY
mkdir -p "$TMP/again"
for fmt in json html markdown junit; do
  line=$(grep -m1 "^$fmt	" "$TMP/lines" | cut -f2-)
  png=$(printf '%s' "$line" | sed -n 's/.* -o \(seed-[0-9]*-floor-[0-9]*\.png\)$/\1/p')
  rm -f "$TMP/again/$png"
  (cd "$TMP/again" && eval "\"\$DELVE\" ${line#delve }" > /dev/null 2>&1)
  check "$fmt: the reproduce line pastes and remakes HEAD's $png ($line)" \
    cmp -s "$TMP/again/$png" "$H/head/$png"
done
if command -v xmllint > /dev/null; then
  check "JUnit XML of '$H' valid against tests/junit.xsd" \
    xmllint --noout --schema tests/junit.xsd "$H/j.xml"
fi

# --- names with a newline, a tab, # ? % and backticks ----------------------------
NAMES=($'n\nl.png' $'t\tab#?%.png' 'two``ticks.png' '`edge.png')
mkdir -p "$TMP/A" "$TMP/B"
"$DELVE" shot --seed 1 --floors 1 -o "$TMP/a.png" > /dev/null 2>&1
"$DELVE" shot --seed 2 --floors 1 -o "$TMP/b.png" > /dev/null 2>&1
for n in "${NAMES[@]}"; do cp "$TMP/a.png" "$TMP/A/$n"; cp "$TMP/b.png" "$TMP/B/$n"; done
"$DELVE" review "$TMP/A" "$TMP/B" -o "$TMP/R" --junit "$TMP/names.xml" > /dev/null 2>&1
"$DELVE" review "$TMP/A" "$TMP/B" --format markdown > "$TMP/names.md" 2> /dev/null
check "JUnit: every testcase name reads back as its file's name" python3 - "$TMP/names.xml" "${NAMES[@]}" <<'PY'
import sys, xml.etree.ElementTree as ET
got = {t.get('name') for t in ET.parse(sys.argv[1]).iter('testcase')}
want = set(sys.argv[2:])
assert want <= got, (sorted(want - got), sorted(got))
PY
if command -v xmllint > /dev/null; then
  check "JUnit XML with a newline and a tab in names valid against tests/junit.xsd" \
    xmllint --noout --schema tests/junit.xsd "$TMP/names.xml"
fi
check "Markdown: every code span reads back as its file's name (a newline as ?)" \
  python3 - "$TMP/names.md" "$TMP" "${NAMES[@]}" <<'PY'
import re, sys
sys.path.insert(0, sys.argv[2])
from cm import code_spans
text = open(sys.argv[1]).read()
got = {c for l in text.split('\n') if re.match(r'\d+\. `', l) for c in code_spans(l)[:1]}
want = {n.replace('\n', '?').replace('\t', '?') for n in sys.argv[3:]}
assert want <= got, (sorted(want - got), sorted(got), text)
PY
check "HTML: links to the pictures percent-encoded (# ? % tab newline backtick)" \
  grep -qF 'href="../A/t%09ab%23%3F%25.png"' "$TMP/R/index.html"

# --- delve diff --format json ------------------------------------------------------
cp "$TMP/a.png" "$H/x.png"
"$DELVE" diff "$H/x.png" "$TMP/A/${NAMES[0]}" --format json -o "$H/d.png" > "$TMP/diff.json" 2>&1
check "diff --format json: the file names read back" python3 - "$TMP/diff.json" "$H" "$TMP/A/${NAMES[0]}" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert (d['a'], d['b'], d['diff_image']) == (sys.argv[2] + '/x.png', sys.argv[3], sys.argv[2] + '/d.png'), d
PY

# --- a shot set cannot hold a newline in its catalog's command lines -------------
NL="$TMP/n
l"
mkdir -p "$NL" && cp -r assets/rooms "$NL/rooms"
nothing() { # nothing NAME ARGS...: exit 2, a message saying why, no folder made
  local name=$1 rc; shift
  "$DELVE" shot "$@" > "$TMP/nl.out" 2> "$TMP/nl.err"; rc=$?
  check "$name: exit 2 (rc $rc)" test $rc = 2
  check "$name: says why ($(head -1 "$TMP/nl.err"))" grep -q "control byte (a newline" "$TMP/nl.err"
}
nothing "shot --seeds --rooms with a newline" --seeds 1-1 --floors 1 --rooms "$NL/rooms" -o "$TMP/nlset"
check "... nothing written" test ! -e "$TMP/nlset"
nothing "shot --seeds -o with a newline" --seeds 1-1 --floors 1 -o "$NL/set"
check "... nothing written" test ! -e "$NL/set"
"$DELVE" merge shots -o "$NL/merged" "$H/base" > /dev/null 2> "$TMP/nl.err"; rc=$?
check "merge shots -o with a newline: exit 2, saying why (rc $rc: $(head -1 "$TMP/nl.err"))" \
  sh -c "test $rc = 2 && grep -q 'control byte (a newline' '$TMP/nl.err'"
check "... nothing written" test ! -e "$NL/merged"

# --- a second run names the lock's holder by its command, quoted ------------------
"$DELVE" shot --seeds 1-5000 --floors 3 -o "$H/busy" > /dev/null 2>&1 &
holder=$!
for _ in $(seq 100); do [ -s "$H/.busy.delve-lock" ] && break; sleep 0.05; done
"$DELVE" shot --seeds 1-2 --floors 3 -o "$H/busy" > /dev/null 2> "$TMP/busy.err"
kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null
want="delve shot --seeds 1-5000 --floors 3 -o '$TMP/a b'\\''c\"d\$e\`f é -g/busy'"
check "a second run names the holder's command, quoted ($(head -1 "$TMP/busy.err"))" \
  grep -qF -- "$want" "$TMP/busy.err"

# --- tests/golden.sh's lines for a person to run ---------------------------------
R1=rooms-seed-00058-floor-1.png R2=rooms-seed-00058-floor-2.png
mkdir -p "$H/gold" && cp tests/golden/shots.tsv "$H/gold/" && cp "tests/golden/$R2" "$H/gold/$R1"
GOLDEN_DIR="$H/gold" GOLDEN_FAILURES="$H/fail" GOLDEN_ONLY="$R1" \
  bash tests/golden.sh "$DELVE" "$DELVE_O0" "$BUILD" > "$TMP/golden.out" 2>&1
look=$(sed -n 's/^  look    //p' "$H/fail/report.txt")
(cd "$TMP" && eval "$look" > /dev/null 2>&1); rc=$?
check "golden's look line pastes (rc $rc, 1: a difference; $look)" \
  sh -c "test $rc = 1 && test -s \"\$1\"" - "$H/fail/${R1%.png}-diff.png"
made=$(sed -n 's/^  (made by: \(.*\))$/\1/p' "$H/fail/report.txt")
rm -rf "$H/fail/review"
(cd "$TMP" && eval "$made" > /dev/null 2>&1)
check "golden's made-by line pastes ($made)" test -s "$H/fail/review/index.html"
cd "$SRC" || exit 2

finish
