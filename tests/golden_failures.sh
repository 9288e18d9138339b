# What tests/golden.sh keeps when goldens fail (docs/goldens.md), on a copy of
# tests/golden (GOLDEN_DIR; the real goldens are never touched): a golden PNG that is
# not one (a shot, the sheet) fails with delve diff's or sheet-compare's reason on its
# FAIL line; a changed catalog counts its
# lines by seed and floor as delve review does, and its diff names the golden and the
# kept file; a golden this build cannot make goes into the failures folder with the
# reason; report.txt names the review page only when delve review wrote it.
. "${0%/*}/lib.bash" "$@" || exit 2
G="$TMP/gold"
F="$TMP/failures"
cp -r tests/golden "$G"
R1=rooms-seed-00058-floor-1.png R2=rooms-seed-00058-floor-2.png
echo "not an image" > "$G/$R1"
echo "not an image" > "$G/sheet.png"
# rooms + 1 on seed 1's floors 1 and 2, seed 2 floor 3's line gone from the golden: 2
# changed, 1 added (this build has it), as delve review GOLDEN NOW counts them
awk -F'\t' -v OFS='\t' '!/^#/ && $1 == 1 && $2 <= 2 { $4++ } !/^#/ && $1 == 2 && $2 == 3 { next } 1' \
  tests/golden/catalog.tsv > "$G/catalog.tsv"
printf 'bad.png\tseed=1 floors=40\n' >> "$G/shots.tsv"
cp "$G/$R2" "$G/bad.png"   # a golden there, which this build cannot make again
# rules ONLY: tests/golden.sh on the copy, its output in $TMP/out, its FAIL lines in $TMP/fails
rules() {
  rm -rf "$F"
  GOLDEN_DIR="$G" GOLDEN_FAILURES="$F" GOLDEN_ONLY="$1" \
    bash tests/golden.sh "$DELVE" "$DELVE_O0" "$BUILD" > "$TMP/out" 2>&1
  local rc=$?
  grep '^FAIL' "$TMP/out" > "$TMP/fails"
  return $rc
}
# same NAME WANT GOT: a check that GOT's bytes are WANT's, with the diff when not
same() {
  if diff -u "$2" "$3" > "$TMP/d"; then ok "$1"; else bad "$1:"; cat "$TMP/d"; fi
}
kept() { (cd "$F" && find . -path ./review -prune -o -type f -print | sort); }

rules "$R1,$R2,sheet.png,catalog.tsv,bad.png"; rc=$?
check "four goldens fail, one matches (rc $rc)" test $rc = 1
cat > "$TMP/want" << EOF
FAIL $R1: delve diff: $G/$R1: not a PNG image that can be read (kept in $F: see report.txt there)
FAIL bad.png: this build cannot make it (seed=1 floors=40): delve shot: --floors: '40' is not a number in 1..32 (kept in $F: see report.txt there)
FAIL sheet.png: sheet-compare: $G/sheet.png: not a PNG image that can be read (kept in $F: see report.txt there)
FAIL catalog.tsv: 2 catalog lines changed, 1 added, 0 removed (by seed and floor) (kept in $F: see report.txt there)
EOF
same "the FAIL lines: delve diff's reason, the catalog counted by seed and floor, the reason a golden cannot be made" \
  "$TMP/want" "$TMP/fails"
printf '%s\n' ./bad.png ./catalog.tsv "./$R1" ./sheet.png | sed 's|^\./|./golden/|' > "$TMP/want"
printf '%s\n' ./catalog.tsv "./$R1" ./sheet.png | sed 's|^\./|./now/|' >> "$TMP/want"
printf '%s\n' ./catalog.tsv.diff ./report.txt ./sheet-serif.png >> "$TMP/want"
sort -o "$TMP/want" "$TMP/want"
same "the failures folder: each failing golden, this build's files, the catalog diff, report.txt" \
  "$TMP/want" <(kept)
check "the golden this build cannot make is kept" cmp -s "$G/bad.png" "$F/golden/bad.png"
printf -- '--- %s\n+++ %s\n' "$G/catalog.tsv" "$F/now/catalog.tsv" > "$TMP/want"
same "catalog.tsv.diff names the golden and the kept file, not /dev/fd/N" "$TMP/want" \
  <(head -2 "$F/catalog.tsv.diff")
cat > "$TMP/want" << EOF
bad.png: this build cannot make it (seed=1 floors=40): delve shot: --floors: '40' is not a number in 1..32
  golden  $G/bad.png
  now     none: this build cannot make it   (seed=1 floors=40)

EOF
same "report.txt: the block of the golden this build cannot make" "$TMP/want" \
  <(grep -A3 '^bad.png:' "$F/report.txt")
page=$(sed -n 's/^All of them side by side: //p' "$F/report.txt")
if [ -n "$page" ]; then
  check "report.txt names a review page that was written ($page)" test -s "$page"
else
  check "report.txt says why there is no review page" \
    grep -q '^No review page: delve review could not run (exit 2): delve review: ' "$F/report.txt"
fi

# only a golden this build cannot make: nothing of this build's to review, so no page
rules bad.png; rc=$?
check "a golden this build cannot make fails alone (rc $rc)" test $rc = 1
same "its failures folder: the golden and report.txt" \
  <(printf '%s\n' ./golden/bad.png ./report.txt) <(kept)
check "no review page" test ! -e "$F/review/index.html"
check "report.txt names no page that was never written" \
  sh -c "! grep -q 'side by side' '$F/report.txt' && grep -qF 'No review page: delve review could not run (exit 2): delve review: $F/now: not a shot set' '$F/report.txt'"
finish
