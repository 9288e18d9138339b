# delve check on the hand-made fixtures (tests/fixtures/dun/*.dun): each says what it
# must find in "# expect:" lines (severity, kind, floor, square); the findings must be
# exactly those, and the exit code 1 with an error, 0 with only warnings.
. "${0%/*}/lib.bash" "$@" || exit 2
for f in tests/fixtures/dun/*.dun; do
  name=$(basename "$f" .dun)
  want=$(sed -n 's/^# expect: //p' "$f" | sort)
  "$DELVE" check "$f" > "$TMP/out" 2> "$TMP/err"; rc=$?
  got=$(sed -n 's/^[^ ]*: floor \([0-9]*\) (\([0-9,]*\)): \([a-z]*\) \([a-z-]*\): .*/\3 \4 floor \1 (\2)/p' "$TMP/out" | sort)
  check "$name: findings '$got' are '$want'" test "$got" = "$want"
  if echo "$want" | grep -q '^error'; then code=1; else code=0; fi
  check "$name: exit $code (got $rc)" test "$rc" = "$code"
done
"$DELVE" check tests/fixtures/dun/pit-over-way.dun > "$TMP/out"
check "a finding names floor, square and reason" grep -qxF \
  "tests/fixtures/dun/pit-over-way.dun: floor 1 (4,4): error pit-over-way: the landing on floor 2 is the end of a stair" "$TMP/out"
"$DELVE" check tests/fixtures/dun/pit-origin-wall.dun > "$TMP/out"
check "a landing found through the floors' origins is named" grep -qxF \
  "tests/fixtures/dun/pit-origin-wall.dun: floor 1 (5,3): error pit-over-rock: the landing on floor 2 at 3,3 is wall" "$TMP/out"
"$DELVE" check tests/fixtures/dun/pit-on-pit.dun > "$TMP/out"
check "a landing on a pit is said as such (not as no walk up)" grep -qxF \
  "tests/fixtures/dun/pit-on-pit.dun: floor 1 (4,4): error pit-no-way-up: the landing on floor 2 is one of that floor's pits: the party would land on its plates" "$TMP/out"
"$DELVE" check "$TMP/missing.dun" 2> "$TMP/err"; rc=$?
check "a missing file: exit 2 (got $rc)" test $rc = 2
printf 'delve-dun 1\nfloors 1\nfloor 1 rooms dlevel 1 size 4 2\nmap\n#Q##\n' > "$TMP/bad.dun"
"$DELVE" check "$TMP/bad.dun" 2> "$TMP/err"; rc=$?
check "a bad glyph: exit 2 at its line and column ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/bad.dun:5:2: unknown map glyph' '$TMP/err'"
"$DELVE" check --seeds 1-40 --floors 3 > "$TMP/out" 2> /dev/null; rc=$?
check "check --seeds 1-40: exit 0, zero errors (rc $rc)" \
  sh -c "test $rc = 0 && grep -q '^delve check: seeds 1-40, 3 floors: 40 dungeons, 0 errors' '$TMP/out'"
"$DELVE" gen --seed 58 --format dun -o "$TMP/58.dun" && "$DELVE" check "$TMP/58.dun" > "$TMP/out"; rc=$?
check "gen --format dun then check: clean (rc $rc)" grep -qxF "$TMP/58.dun: 0 errors, 0 warnings" "$TMP/out"
# Ctrl-C during check --seeds: said on stderr with how far it got, exit 130, and no half
# report on stdout (a pipeline must not read it as the run's)
timeout --preserve-status -s INT 1 "$DELVE" check --seeds 1-10000000 > "$TMP/half" 2> "$TMP/err"; rc=$?
check "check --seeds interrupted: exit 130, said, nothing on stdout (rc $rc: $(tail -n 1 "$TMP/err"))" \
  sh -c "test $rc = 130 && test ! -s '$TMP/half' && tail -n 1 '$TMP/err' | grep -qE '^delve check: interrupted after [0-9]+ of 10000000 seeds; no report printed$'"
grep -v '^goal ' "$TMP/58.dun" > "$TMP/no-goal.dun"
"$DELVE" check "$TMP/no-goal.dun" > /dev/null 2> "$TMP/err"; rc=$?
check "no goal line: exit 2 at the floor's line ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/no-goal.dun:6:1: floor 1 has no '\''goal X Y'\'' line' '$TMP/err'"
finish
