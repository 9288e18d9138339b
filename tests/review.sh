# delve review BASE HEAD -o REPORT: pairs by name (subfolders too), diffs each pair,
# diffs catalog.tsv by seed and floor, one exact summary line, exit 1 on a change and 0
# without, 2 on bad input; the report replaces only an earlier report and links the
# images instead of copying them (lazily). The page is loaded in headless Chromium
# (index.html#selftest) after moving it together with the two sets: the changed pairs'
# three images load, and "only changes" hides the unchanged pairs and nothing else.
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
"$DELVE" shot --seeds 1-3 -o base > /dev/null 2>&1
cp -r base head
"$DELVE" shot --seed 2 --floor 2 --zoom 23 -o head/seed-00000000000000000002-floor-02.png > /dev/null  # a size change
"$DELVE" shot --seed 9 --floor 1 -o head/seed-00000000000000000003-floor-01.png > /dev/null            # another floor
rm head/seed-00000000000000000001-floor-03.png                                                          # removed
mkdir head/sub && "$DELVE" shot --seed 4 --floor 1 -o head/sub/seed-00000000000000000004-floor-01.png > /dev/null  # added, in a subfolder
mkdir base/.hidden && cp base/seed-00000000000000000001-floor-01.png base/.hidden/x.png                  # skipped
sed -i 's/^1\t2\trooms\t8/1\t2\trooms\t9/; /^3\t3\t/d' head/catalog.tsv
awk -F'\t' -v OFS='\t' '$1 == 3 && $2 == 1 { $1 = 4; print }' head/catalog.tsv >> head/catalog.tsv  # added: a whole row

"$DELVE" review base head -o report > out 2> err; rc=$?
check "a change: exit 1 (rc $rc: $(cat err))" test $rc = 1
want="review: 2 changed, 1 added, 1 removed, 6 same; catalog: 1 line changed, 1 added, 1 removed; report: report/index.html"
check "summary line ($(tail -n 1 out))" test "$(tail -n 1 out)" = "$want"
check "diff images of the changed pairs only" test "$(cd report/diff && find . -type f | sort | tr '\n' ' ')" = "./seed-00000000000000000002-floor-02.png ./seed-00000000000000000003-floor-01.png "
check "no copies of the images: no before/ or after/" test ! -e report/before -a ! -e report/after
check "BASE's image linked by a relative path" grep -q 'src="../base/seed-00000000000000000003-floor-01.png"' report/index.html
check "the added one linked in HEAD's subfolder" grep -q 'src="../head/sub/seed-00000000000000000004-floor-01.png"' report/index.html
check "the removed one linked in BASE" grep -q 'src="../base/seed-00000000000000000001-floor-03.png"' report/index.html
imgs=$(grep -o '<img [^>]*>' report/index.html | wc -l)
check "every one of the $imgs images loads lazily" test "$imgs" -ge 17 -a "$(grep -o '<img [^>]*>' report/index.html | grep -c 'loading="lazy"')" = "$imgs"
"$DELVE" diff base/seed-00000000000000000003-floor-01.png head/seed-00000000000000000003-floor-01.png -o d.png > /dev/null
check "the diff image equals delve diff's" cmp -s d.png report/diff/seed-00000000000000000003-floor-01.png
n=$("$DELVE" diff base/seed-00000000000000000003-floor-01.png head/seed-00000000000000000003-floor-01.png --format json | grep -o '"changed":[0-9]*' | cut -d: -f2)
check "the page gives delve diff's count ($n)" grep -q ">$n pixels changed (" report/index.html
check "the page names the size change" grep -q "size 1536 x 960 became 1472 x 920" report/index.html
check "changed pairs come before added, removed and unchanged" test "$(grep -o 'data-state="[a-z]*"' report/index.html | uniq | tr '\n' ' ')" = 'data-state="changed" data-state="added" data-state="removed" data-state="same" '
check "catalog rows: before/after of 1.2, 3.3 removed, 4.1 added" test "$(grep -o '<tr class="[a-z]*"><td>[a-z]*</td><td>[0-9]*</td><td>[0-9]*</td>' report/index.html | sed 's/<[^>]*>/ /g' | tr -s ' ' | tr '\n' '|')" = " before 1 2 | after 1 2 | removed 3 3 | added 4 1 |"
check "the changed catalog cell is marked" grep -q '<td class="d">9</td>' report/index.html
check "no network: no http(s) URL, no external script or style" bash -c '! grep -Eq "https?://|<script src|<link " report/index.html'
check "no temporary folders left" test -z "$(ls -d report.* 2> /dev/null)"

"$DELVE" review base base -o same > out 2> e; rc=$?
check "no change: exit 0" test $rc = 0
check "  the same folder twice is said" test "$(cat e)" = "delve review: note: base and base are the same folder"
check "no change: summary" test "$(tail -n 1 out)" = "review: 0 changed, 0 added, 0 removed, 9 same; catalog: 0 lines changed; report: same/index.html"
"$DELVE" review base head -o same > /dev/null; rc=$?
check "an earlier report is replaced (rc $rc)" test $rc = 1 -a -f same/diff/seed-00000000000000000003-floor-01.png
mkdir keep && echo precious > keep/notes.txt
"$DELVE" review base head -o keep > /dev/null 2> err; rc=$?
check "a folder that is not a report is refused (rc $rc)" test $rc = 2 -a "$(cat keep/notes.txt)" = precious
check "  and the message says so" grep -q "not an earlier review report" err
mkdir nocat && cp base/*.png nocat/
"$DELVE" review base nocat -o r2 > out 2> e; rc=$?
check "a catalog only in BASE: said on stderr" grep -q "note: only base/catalog.tsv has a catalog.tsv: its lines count as removed" e
check "a catalog only in BASE: its lines are removed (rc $rc)" test $rc = 1 -a "$(tail -n 1 out)" = "review: 0 changed, 0 added, 0 removed, 9 same; catalog: 0 lines changed, 0 added, 9 removed; report: r2/index.html"
"$DELVE" review nocat nocat -o r3 > out
check "no catalogs: 'catalog: none'" test "$(tail -n 1 out)" = "review: 0 changed, 0 added, 0 removed, 9 same; catalog: none; report: r3/index.html"

expect2() { # expect2 NAME WORD ARGS...
  local name=$1 word=$2; shift 2
  "$DELVE" review "$@" > /dev/null 2> e; local rc=$?
  if [ $rc = 2 ] && grep -q -- "$word" e; then ok "$name"; else bad "$name (rc $rc: $(cat e))"; fi
}
expect2 "a missing folder" "missing is not a folder" base missing -o r4
expect2 "one folder only" "give BASE_DIR and HEAD_DIR" base -o r4
expect2 "no -o" "-o REPORT_DIR is required" base head
expect2 "--aa without --threshold" "--aa needs --threshold" base head -o r4 --aa
expect2 "a bad threshold" "not a number in 0..1" base head -o r4 --threshold 1.5
mkdir bad && cp -r base/*.png base/catalog.tsv bad/ && printf 'not a png' > bad/seed-00000000000000000001-floor-01.png
"$DELVE" review base bad -o r6 > /dev/null 2> e; rc=$?  # reviewed all the same: tests/review_edges.sh
check "a corrupt PNG is named, the review goes on: exit 1 (rc $rc: $(cat e))" \
  test $rc = 1 -a "$(cat e)" = "delve review: unreadable: bad/seed-00000000000000000001-floor-01.png: not a PNG image that can be read"
cp base/seed-00000000000000000001-floor-01.png bad/ && printf '# seed\tfloor\ttype\n1\t1\tx\n1\t1\ty\n' > bad/catalog.tsv
expect2 "a repeated catalog key, at its line" "bad/catalog.tsv:3:1: seed 1 floor 1 again (line 2 has it)" base bad -o r4
"$DELVE" review base bad -o r4 > /dev/null 2> e
check "  said once" test "$(wc -l < e)" = 1
# a catalog that is no catalog is bad input, exit 2, not a change: empty, no column names
: > bad/catalog.tsv
expect2 "an empty catalog" "bad/catalog.tsv:1:1: empty" base bad -o r4
printf '1\t1\tx\n' > bad/catalog.tsv
expect2 "a catalog without its column names" "bad/catalog.tsv:1:1: a data line before the column names" base bad -o r4
check "a failed review leaves no report and no temporary folder" test -z "$(ls -d r4* 2> /dev/null)"
"$DELVE" review base head -o r5 --threshold 0.1 --aa > out; rc=$?
check "--threshold 0.1 --aa runs (rc $rc)" test $rc = 1 -a -f r5/index.html

# different bytes, same pixels (a byte after IEND, which decoders ignore): the same
mkdir pb ph && cp base/seed-00000000000000000001-floor-01.png pb/a.png && cp pb/a.png ph/a.png && printf 'x' >> ph/a.png
"$DELVE" review pb ph -o pr > out; rc=$?
check "same pixels in other bytes: same (rc $rc, $(tail -n 1 out))" test $rc = 0 -a "$(tail -n 1 out)" = "review: 0 changed, 0 added, 0 removed, 1 same; catalog: none; report: pr/index.html"
check "  and no diff image is kept" test -z "$(find pr/diff -type f 2> /dev/null)"

# a small change gets a crop of its box (24 px around it), here at 1:1: seed 6 floor 3
# gains its ways down (changes in x 574..704, y 766..959 of 1536 x 960)
mkdir zb zh
"$DELVE" shot --seed 6 --floor 3 -o zb/six.png > /dev/null
"$DELVE" shot --seed 6 --floor 3 --floors 4 -o zh/six.png > /dev/null
"$DELVE" review zb zh -o zr > /dev/null
check "a small change: before, diff and after cropped to its box" test "$(grep -o 'width:179px;height:218px"><img loading="lazy" alt="[a-z]*" style="width:1536px;margin:-742px 0 0 -550px" src="[a-z./]*/six.png"' zr/index.html | sed 's/.*alt="\([a-z]*\)".*src="\([^"]*\)"/\1=\2/' | tr '\n' ' ')" = "before=../zb/six.png diff=diff/six.png after=../zh/six.png "
check "a large change gets no crop" bash -c '! grep -q "class=\"zoom\"" report/index.html'

# the page, in a browser, from another folder than it was made in, moved with the sets
mkdir -p elsewhere/x && mv report elsewhere/x/moved && mv base head elsewhere/x/
needs "the page in Chromium (scripts/deps.sh --test installs it)" chromium || { finish; exit; }
timeout 120 chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=10000 --window-size=1400,1000 \
  --user-data-dir="$TMP/chromium" --dump-dom "file://$TMP/elsewhere/x/moved/index.html#selftest" \
  > dom.html 2> chromium.log
sed -n '/<pre id="selftest"/,/selftest done/p' dom.html | sed 's/<pre id="selftest">//; s/<\/pre>.*//' > selftest.txt
cat > want.txt <<'W'
images seed-00000000000000000002-floor-02.png before=1536x960 diff=1536x960 after=1472x920
images seed-00000000000000000003-floor-01.png before=1536x960 diff=1536x960 after=1536x960
all: shown changed=2 added=1 removed=1 same=6; hidden changed=0 added=0 removed=0 same=0
only changes: shown changed=2 added=1 removed=1 same=0; hidden changed=0 added=0 removed=0 same=6
all again: shown changed=2 added=1 removed=1 same=6; hidden changed=0 added=0 removed=0 same=0
page width: fits
selftest done
W
if cmp -s want.txt selftest.txt; then
  ok "Chromium: the changed pairs' before, diff and after load; 'only changes' hides the 6 unchanged and nothing else; at 1400 px no side scrolling"
else
  bad "Chromium self-test"; diff want.txt selftest.txt; tail -5 chromium.log
fi
check "the unchanged section starts collapsed" grep -q '<details id="same"><summary>' elsewhere/x/moved/index.html
finish
