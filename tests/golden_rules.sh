# How goldens are kept (docs/goldens.md), on a folder of small shots made here: a
# manifest row takes every setting as key=value (floor 7 of 8, a DoomRL dlevel-9 level,
# Shoals' islands, zoom, the side view) and draws what `delve shot` draws with those
# options; a missing golden fails with CI set and writes nothing, and without CI is
# written and reported as new; a golden that differs leaves its diff image, both files,
# report.txt and a review page in the failures folder after the test; `make golden
# ONLY=PATTERN` rewrites the matching goldens and touches no other file.
. "${0%/*}/lib.bash" "$@" || exit 2
G="$TMP/gold"
F="$TMP/failures"
mkdir -p "$G"
{
  echo "# file	settings"
  printf 'r7of8.png\tseed=3 floors=8 floor=7 zoom=4\n'
  printf 'caves9.png\tseed=5 type=caves dlevel=9 floor=1 zoom=4\n'
  printf 'isles.png\tseed=11 type=shoals islands=3 floor=1 zoom=4\n'
  printf 'side.png\tseed=3 side=on row=10 rising=off zoom=4\n'
} > "$G/shots.tsv"
ONLY_SHOTS='r7of8.png,caves9.png,isles.png,side.png'
# rules [ENV...]: tests/golden.sh on the folder, its output in $TMP/out; its status
rules() {
  env "$@" GOLDEN_DIR="$G" GOLDEN_FAILURES="$F" GOLDEN_ONLY="${ONLY:-$ONLY_SHOTS}" \
    bash tests/golden.sh "$DELVE" "$DELVE_O0" "$BUILD" > "$TMP/out" 2>&1
}
hashes() { (cd "$G" && sha256sum ./*.png && stat -c '%n %y' ./*.png); }

rules CI=1; rc=$?
check "CI=1 and no goldens: the test fails (rc $rc)" test $rc = 1
check "CI=1: each missing golden is a FAIL naming make golden ONLY=" \
  test "$(grep -c "^FAIL .*no golden .*and CI is set: run 'make golden ONLY=" "$TMP/out")" = 4
check "CI=1: nothing is written" test -z "$(find "$G" -name '*.png')"

rules -u CI; rc=$?
check "outside CI: missing goldens are written and the test passes (rc $rc)" test $rc = 0
check "outside CI: each is reported as NEW, to look at and commit" \
  test "$(grep -c '^ok   .*: NEW golden written to .*commit it' "$TMP/out")" = 4
"$DELVE" shot --seed 3 --floors 8 --floor 7 --zoom 4 -o "$TMP/a.png" > "$TMP/a.out"
check "floors=8 floor=7 draws floor 7 of 8 ($(cat "$TMP/a.out"))" \
  sh -c "grep -q 'floor 7 of 8' '$TMP/a.out' && cmp '$TMP/a.png' '$G/r7of8.png'"
"$DELVE" shot --seed 5 --type caves --dlevel 9 --floor 1 --zoom 4 -o "$TMP/b.png" > /dev/null
check "type=caves dlevel=9 draws what delve shot --type caves --dlevel 9 does" cmp "$TMP/b.png" "$G/caves9.png"
"$DELVE" shot --seed 5 --type caves --dlevel 1 --floor 1 --zoom 4 -o "$TMP/b1.png" > /dev/null
check "dlevel 9 is not dlevel 1" sh -c "! cmp -s '$TMP/b1.png' '$G/caves9.png'"
"$DELVE" shot --seed 11 --type shoals --islands 3 --floor 1 --zoom 4 -o "$TMP/c.png" > /dev/null
check "type=shoals islands=3 draws Shoals with 3 islands" cmp "$TMP/c.png" "$G/isles.png"
"$DELVE" shot --seed 3 --side --row 10 --rising off --zoom 4 -o "$TMP/d.png" > /dev/null
check "side=on row=10 rising=off draws that side view" cmp "$TMP/d.png" "$G/side.png"

rules -u CI; rc=$?
check "run again: all match (rc $rc)" sh -c "test $rc = 0 && test \$(grep -c '^ok   .* matches its golden' '$TMP/out') = 4"
check "no failures folder when nothing differs" test ! -e "$F"

cp "$G/caves9.png" "$TMP/caves9.keep"
cp "$G/isles.png" "$G/caves9.png"
rules -u CI; rc=$?
check "a golden that differs fails (rc $rc)" test $rc = 1
check "its FAIL line points at the failures folder" grep -q "^FAIL caves9.png: .*kept in $F: see report.txt" "$TMP/out"
check "the diff image survives the test" test -s "$F/caves9-diff.png"
check "the golden and this build's file survive the test" \
  sh -c "cmp -s '$F/golden/caves9.png' '$G/caves9.png' && cmp -s '$F/now/caves9.png' '$TMP/caves9.keep'"
check "report.txt names the diff image and the delve diff to look again" \
  sh -c "grep -qF '  diff    $F/caves9-diff.png' '$F/report.txt' && grep -qF 'look    $DELVE diff $G/caves9.png $F/now/caves9.png' '$F/report.txt'"
check "report.txt names the review page, which exists" \
  sh -c "grep -qF '$F/review/index.html' '$F/report.txt' && test -s '$F/review/index.html'"
check "the matching goldens are not in the report" sh -c "! grep -q '^r7of8.png' '$F/report.txt'"
"$DELVE" diff "$G/caves9.png" "$F/now/caves9.png" -o "$TMP/again.png" > /dev/null; rc=$?
check "the delve diff report.txt names gives the same diff image (exit $rc)" \
  sh -c "test $rc = 1 && cmp -s '$TMP/again.png' '$F/caves9-diff.png'"

# make golden ONLY=: rewrites caves9.png only
cp "$G/isles.png" "$G/r7of8.png"   # a second stale golden that ONLY leaves alone
hashes > "$TMP/before"
sleep 0.05
GOLDEN_ONLY='cave*' bash scripts/golden.sh "$BUILD" "$G" > "$TMP/up" 2>&1; rc=$?
hashes > "$TMP/after"
check "golden.sh ONLY=cave* exits 0 and says it wrote 1 ($(tail -2 "$TMP/up" | head -1))" \
  sh -c "test $rc = 0 && grep -q 'wrote 1 golden(s) matching' '$TMP/up'"
check "the match is rewritten to this build's file" cmp "$G/caves9.png" "$TMP/caves9.keep"
check "every other golden keeps its bytes and mtime" \
  diff <(grep -v caves9 "$TMP/before") <(grep -v caves9 "$TMP/after")
check "the match's hash and mtime changed" sh -c "test \$(diff '$TMP/before' '$TMP/after' | grep -c '^>') = 2"
GOLDEN_ONLY='nothing*' bash scripts/golden.sh "$BUILD" "$G" > /dev/null 2> "$TMP/err"; rc=$?
check "ONLY matching nothing: exit 2 listing the names" \
  sh -c "test $rc = 2 && grep -q 'matches no golden' '$TMP/err' && grep -q '  isles.png' '$TMP/err'"
check "make golden passes ONLY to scripts/golden.sh" \
  sh -c "make -n golden ONLY='a*,b.png' BUILD='$BUILD' | grep -qF \"GOLDEN_ONLY='a*,b.png' bash scripts/golden.sh\""

# every key of the settings table is taken as --key=value; a bad word is refused
. scripts/golden-lib.bash
keys=$("$DELVE" settings --format tsv | awk -F'\t' 'NR > 1 { print $1 }')
taken=0
for key in $keys zoom row; do
  if golden_args "$key=7" 2> /dev/null && [ "${GOLDEN_ARGS[*]}" = "--$key=7" ]; then
    taken=$((taken + 1))
  else
    bad "key $key is not passed as --$key=7"
  fi
done
check "every key of delve settings, zoom and row is passed as --key=value ($taken: ${keys//$'\n'/ })" \
  test "$taken" -ge 12
golden_args "seed=1 colour=red" 2> "$TMP/err"; rc=$?
check "an unknown key is refused naming it (rc $rc)" sh -c "test $rc = 2 && grep -q \"'colour=red'\" '$TMP/err'"
printf 'bad.png\tseed=1 floors=40\n' >> "$G/shots.tsv"
ONLY=bad.png rules -u CI; rc=$?
check "a row delve shot refuses fails the test, naming the golden (rc $rc)" \
  sh -c "test $rc = 1 && grep -q '^FAIL bad.png: this build cannot make it' '$TMP/out' && test ! -e '$G/bad.png'"
finish
