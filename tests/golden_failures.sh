# What tests/golden.sh keeps when goldens fail (docs/goldens.md), on a copy of
# tests/golden (GOLDEN_DIR; the real goldens are never touched): a golden PNG that is
# not one (a shot, the sheet) fails with delve diff's or sheet-compare's reason on its
# FAIL line; a changed catalog counts its lines by seed and floor as delve review does,
# and its diff names the golden and the kept file; a golden this build cannot make goes
# into the failures folder with the reason; report.txt names the review page only when
# delve review wrote it. One golden at a time, as ctest runs them (golden:NAME): each
# replaces only its own part, report.txt keeps every failing golden's block in the
# goldens' order (also when four run at once), a mended golden's part goes and the
# folder with the last one; the film's two goldens read the film GOLDEN_FILM_DIR holds
# (or its failure) instead of playing it again; ctest lists a test per golden.
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
printf '%s\n' ./bad.png ./catalog.tsv "./$R1" ./sheet.png | sed 's|^\./|./report.d/|' >> "$TMP/want"
printf '%s\n' ./catalog.tsv.diff ./report.txt ./sheet-serif.png >> "$TMP/want"
sort -o "$TMP/want" "$TMP/want"
same "the failures folder: each failing golden, this build's files, the catalog diff, the blocks, report.txt" \
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
same "its failures folder: the golden, its block and report.txt" \
  <(printf '%s\n' ./golden/bad.png ./report.d/bad.png ./report.txt) <(kept)
check "no review page" test ! -e "$F/review/index.html"
check "report.txt names no page that was never written" \
  sh -c "! grep -q 'side by side' '$F/report.txt' && grep -qF 'No review page: delve review could not run (exit 2): delve review: $F/now: not a shot set' '$F/report.txt'"

# one golden at a time, as ctest runs them (golden:NAME): each test replaces its own part
# of the folder and report.txt is made again from every part, in the goldens' order
one() { # one NAME: tests/golden.sh on the copy for NAME alone, its output in $TMP/one-NAME
  GOLDEN_DIR="$G" GOLDEN_FAILURES="$F" \
    bash tests/golden.sh "$DELVE" "$DELVE_O0" "$BUILD" "$1" > "$TMP/one-$1" 2>&1
}
blocks() { grep -oE '^[^ ]+: ' "$F/report.txt" | tr -d ' ' | tr '\n' ' '; }
rm -rf "$F"
one bad.png; rc=$?
check "golden bad.png alone: fails (rc $rc) with its reason on the FAIL line" sh -c "test $rc = 1 &&
  grep -qx \"FAIL bad.png: this build cannot make it (seed=1 floors=40): delve shot: --floors: '40' is not a number in 1..32 (kept in $F: see report.txt there)\" '$TMP/one-bad.png'"
one "$R1"; rc=$?
check "then $R1 alone: fails (rc $rc), delve diff's reason on its FAIL line" \
  grep -qx "FAIL $R1: delve diff: $G/$R1: not a PNG image that can be read (kept in $F: see report.txt there)" "$TMP/one-$R1"
check "  report.txt holds both blocks, in shots.tsv's order ($(blocks))" test "$(blocks)" = "$R1: bad.png: "
one "$R2"; rc=$?
check "$R2 alone matches (rc $rc): the others' blocks stay ($(blocks))" \
  sh -c "test $rc = 0 && test '$(blocks)' = '$R1: bad.png: '"
cp "tests/golden/$R1" "$G/$R1"
one "$R1"; rc=$?
check "$R1 mended and checked again (rc $rc): its part is gone, bad.png's stays" sh -c \
  "test $rc = 0 && test '$(blocks)' = 'bad.png: ' && test ! -e '$F/golden/$R1' && test ! -e '$F/report.d/$R1' && test -s '$F/golden/bad.png'"
sed -i '/^bad\.png\t/d' "$G/shots.tsv"
one "$R2"
check "bad.png's row taken out: its part goes, and with no block left the folder" test ! -e "$F"

# at once, as ctest -j runs them: every failing golden's block in report.txt, once (the
# lock itself is checked below, where a race cannot hide it)
printf 'bad.png\tseed=1 floors=40\n' >> "$G/shots.tsv"
many="$(awk -F'\t' '!/^#/ && NF { print $1 }' "$G/shots.tsv" | head -3) bad.png"
for n in $many; do [ "$n" = bad.png ] || echo "not an image" > "$G/$n"; done
rm -f "$TMP"/one-*
for n in $many; do one "$n" & done
wait
want=$(for n in $many; do printf '%s: ' "$n"; done)
check "four goldens checked at once: report.txt has each block once, in order ($(blocks))" \
  test "$(blocks)" = "$want"
check "  and each its FAIL line" test "$(cat "$TMP"/one-* | grep -c '^FAIL .*(kept in ')" = 4
check "  and the review page of those this build made" \
  sh -c "grep -qF 'All of them side by side: $F/review/index.html' '$F/report.txt' && test -s '$F/review/index.html'"
check "  no half-written report left beside it" test -z "$(find "$F" -maxdepth 1 -name '.report.txt.*')"

# the lock: while another holds it, a golden that failed waits with its part (its FAIL
# line printed) and publishes it once the lock is free
if command -v flock > /dev/null; then
  rm -rf "$F"
  exec 8> "$F.lock" && flock 8
  one "$R1" 8>&- & pid=$!  # without the held lock's descriptor, or it would never be let go
  for _ in $(seq 100); do grep -q '^FAIL' "$TMP/one-$R1" 2> /dev/null && break; sleep 0.1; done
  sleep 0.2
  check "with the lock held elsewhere: $R1 failed and waits, nothing of it in the folder" \
    sh -c "grep -q '^FAIL $R1' '$TMP/one-$R1' && kill -0 $pid && test ! -e '$F/report.d/$R1'"
  exec 8>&-
  wait "$pid"
  check "  the lock let go: its block is in report.txt ($(blocks))" test "$(blocks)" = "$R1: "
else
  skip "the failures folder's lock: flock (util-linux) is not installed"
fi

# the film is played once for its two goldens: with GOLDEN_FILM_DIR (ctest's golden-film
# fixture) both read that folder, and a film that failed there fails both with its message
FD="$TMP/film"
mkdir -p "$FD" && cp tests/golden/sheet.png "$FD/sheet.png"
sed '2s/$/x/' tests/golden/film-events.tsv > "$FD/events.tsv"
GOLDEN_FILM_DIR="$FD" one film-events.tsv; rc=$?
check "film-events.tsv compares the events.tsv of GOLDEN_FILM_DIR, not a film played again (rc $rc)" \
  sh -c "test $rc = 1 && grep -q '^FAIL film-events.tsv: 2 lines differ' '$TMP/one-film-events.tsv'"
rm -rf "$FD" && echo "delve film: the film broke here" > "$FD.err"
for n in sheet.png film-events.tsv; do
  GOLDEN_FILM_DIR="$FD" one "$n"; rc=$?
  check "a film that failed: $n fails (rc $rc) with delve's message" \
    grep -q "^FAIL $n: this build cannot make it: delve film: the film broke here" "$TMP/one-$n"
done

# ctest registers one test per golden (tests/CMakeLists.txt), named golden:NAME
if [ -f "$BUILD/CTestTestfile.cmake" ] && command -v ctest > /dev/null; then
  GOLD=tests/golden
  # shellcheck source=scripts/golden-lib.bash
  . scripts/golden-lib.bash
  (cd "$BUILD" && ctest -N -R '^golden[:-]') | sed -n 's/^ *Test *#[0-9]*: //p' | sort > "$TMP/got"
  { golden_names | sed 's/^/golden:/'; echo golden-film; } | sort > "$TMP/want"
  same "ctest lists golden:NAME for every golden of tests/golden, and golden-film" "$TMP/want" "$TMP/got"
else
  skip "ctest's golden tests: $BUILD has no ctest files"
fi
finish
