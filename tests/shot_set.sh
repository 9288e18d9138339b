# delve shot --seeds A-B -o DIR: one PNG per floor with stable names, each the same bytes
# as the single shot, and catalog.tsv with one exact line per floor; bad ranges and an
# unsupported level type exit 2.
. tests/lib.bash "$@"
set_dir="$TMP/set"
"$DELVE" shot --seeds 1-3 -o "$set_dir" > "$TMP/out" 2> "$TMP/err"
check "shot set exits 0" test $? = 0
check "summary names the catalog" grep -qx "delve shot: 9 shots and $set_dir/catalog.tsv (seeds 1-3)" "$TMP/out"
check "progress on stderr, one line a seed" test "$(grep -c '^delve shot: seed [1-3] ([1-3] of 3)$' "$TMP/err")" = 3
names=$(cd "$set_dir" && ls | tr '\n' ' ')
want="catalog.tsv seed-00001-floor-1.png seed-00001-floor-2.png seed-00001-floor-3.png seed-00002-floor-1.png seed-00002-floor-2.png seed-00002-floor-3.png seed-00003-floor-1.png seed-00003-floor-2.png seed-00003-floor-3.png "
check "stable names, nothing else ($names)" test "$names" = "$want"
for s in 1 3; do
  for k in 1 2 3; do
    "$DELVE" shot --seed $s --floor $k -o "$TMP/one.png" > /dev/null
    check "seed $s floor $k: same bytes as the single shot" cmp -s "$TMP/one.png" "$set_dir/seed-0000$s-floor-$k.png"
  done
done
printf '# seed\tfloor\ttype\trooms\tpits\tstations\tways\tmonsters\tvalidator\tdlevel\tdoors\titems\tfluid\tways_lift\tways_ladder\tways_stair\tways_ramp\tways_spiral\tbends\tcurve_squares\tturn_squares\tstair_squares\tramp_squares\tsunk\traised\tgraded\tspirals_within\n' > "$TMP/head"
check "catalog header: the last comment line" cmp -s "$TMP/head" <(grep '^#' "$set_dir/catalog.tsv" | tail -n 1)
check "catalog: one line per floor after the comment lines" test "$(grep -vc '^#' "$set_dir/catalog.tsv")" = 9
check "catalog line: seed 1 floor 2" grep -qxP '1\t2\trooms\t8\t1\t0\t4\t7\tok\t0\t16\t0\t0\t2\t2\t0\t0\t0\t2\t4\t4\t0\t0\t1\t0\t0\t0' "$set_dir/catalog.tsv"
check "catalog line: seed 3 floor 2 (8 ways: 2 lifts, 2 ladders, 4 spiral ends)" grep -qxP '3\t2\trooms\t7\t1\t1\t8\t8\tok\t0\t15\t0\t0\t2\t2\t0\t0\t4\t3\t5\t0\t0\t0\t0\t0\t1\t1' "$set_dir/catalog.tsv"
check "catalog in seed, floor order" test "$(awk -F'\t' '!/^#/ { printf "%s.%s ", $1, $2 }' "$set_dir/catalog.tsv")" = "1.1 1.2 1.3 2.1 2.2 2.3 3.1 3.2 3.3 "
"$DELVE" shot --seeds 1-3 -o "$TMP/again" 2> /dev/null > /dev/null
check "a second run gives the same bytes (but the command line's folder)" diff -r -I "^# command: " "$set_dir" "$TMP/again"
"$DELVE" shot --seeds 2-4 --floor 3 -o "$TMP/f3" 2> /dev/null > /dev/null
check "--floor 3: one shot a seed" test "$(ls "$TMP/f3" | tr '\n' ' ')" = "catalog.tsv seed-00002-floor-3.png seed-00003-floor-3.png seed-00004-floor-3.png "
check "--floor 3: the catalog lists floor 3 only" test "$(awk -F'\t' '!/^#/ { printf "%s.%s ", $1, $2 }' "$TMP/f3/catalog.tsv")" = "2.3 3.3 4.3 "
check "no temporary files left" test -z "$(find "$TMP" -name '*.tmp*')"

expect2() { # expect2 NAME WORD ARGS...: exit 2 and WORD in the message
  local name=$1 word=$2; shift 2
  "$DELVE" shot "$@" > /dev/null 2> "$TMP/e"; local rc=$?
  if [ $rc = 2 ] && grep -q -- "$word" "$TMP/e"; then ok "$name"; else bad "$name (rc $rc: $(cat "$TMP/e"))"; fi
}
expect2 "--seeds 5-1 refused" "A <= B" --seeds 5-1 -o "$TMP/x"
expect2 "--seeds over the limit refused" "at most 1000 seeds" --seeds 1-1000000 -o "$TMP/x"
expect2 "--seeds 7 refused" "expected A-B" --seeds 7 -o "$TMP/x"
expect2 "--seeds a-3 refused" "not a whole number" --seeds a-3 -o "$TMP/x"
expect2 "--seed with --seeds refused" "not both" --seed 1 --seeds 1-2 -o "$TMP/x"
expect2 "unknown --type refused" "not a level type" --type nowhere --seed 1 -o "$TMP/x.png"
"$DELVE" shot --type shoals --seeds 1-2 --floors 1 -o "$TMP/sh" > /dev/null 2>&1
check "a Shoals set: a shot per seed" test -s "$TMP/sh/seed-00002-floor-1.png"
check "a Shoals set: the catalog names the type" \
  sh -c "test \$(grep -c '	shoals	' '$TMP/sh/catalog.tsv') = 2"
"$DELVE" shot --type rooms --seed 1 --floor 2 -o "$TMP/typed.png" > /dev/null
check "--type rooms: the same bytes as without" cmp -s "$TMP/typed.png" "$set_dir/seed-00001-floor-2.png"
check "a refused set writes no catalog" test ! -e "$TMP/x/catalog.tsv"
finish
