# delve shot --seeds A-B -o DIR: one PNG per floor with stable names, each the same bytes
# as the single shot, and catalog.tsv with one exact line per floor; bad ranges and an
# unsupported level type exit 2.
. "${0%/*}/lib.bash" "$@" || exit 2
set_dir="$TMP/set"
"$DELVE" shot --seeds 1-3 -o "$set_dir" > "$TMP/out" 2> "$TMP/err"
check "shot set exits 0" test $? = 0
check "summary names the catalog" grep -qx "delve shot: 9 shots and $set_dir/catalog.tsv (seeds 1-3)" "$TMP/out"
check "progress on stderr, one line a seed" test "$(grep -c '^delve shot: seed [1-3] ([1-3] of 3)$' "$TMP/err")" = 3
names=$(cd "$set_dir" && ls | tr '\n' ' ')
want="catalog.tsv seed-00000000000000000001-floor-01.png seed-00000000000000000001-floor-02.png seed-00000000000000000001-floor-03.png seed-00000000000000000002-floor-01.png seed-00000000000000000002-floor-02.png seed-00000000000000000002-floor-03.png seed-00000000000000000003-floor-01.png seed-00000000000000000003-floor-02.png seed-00000000000000000003-floor-03.png "
check "stable names, nothing else ($names)" test "$names" = "$want"
for s in 1 3; do
  for k in 1 2 3; do
    "$DELVE" shot --seed $s --floor $k -o "$TMP/one.png" > /dev/null
    check "seed $s floor $k: same bytes as the single shot" cmp -s "$TMP/one.png" "$(printf "%s/seed-%020d-floor-%02d.png" "$set_dir" $s $k)"
  done
done
printf '# seed\tfloor\ttype\trooms\tpits\tstations\tways\tmonsters\tvalidator\tdlevel\tdoors\titems\tfluid\tways_lift\tways_ladder\tways_stair\tways_ramp\tways_spiral\tbends\tcurve_squares\tturn_squares\tstair_squares\tramp_squares\tsunk\traised\tgraded\tspirals_within\tdigest\tstand\tblocked\troom_floor\tcorridor_floor\troom_areas\treach_pm\tgoal_walk\tdead_ends\tparts\n' > "$TMP/head"
check "catalog header: the last comment line" cmp -s "$TMP/head" <(grep '^#' "$set_dir/catalog.tsv" | tail -n 1)
check "catalog: one line per floor after the comment lines" test "$(grep -vc '^#' "$set_dir/catalog.tsv")" = 9
check "catalog line: seed 1 floor 2" grep -qxP '1\t2\trooms\t8\t1\t0\t4\t7\tok\t0\t16\t0\t0\t2\t2\t0\t0\t0\t2\t4\t4\t0\t0\t1\t0\t0\t0\t686d086b3c001222\t427\t2132\t348\t60\t8\t1000\t69\t2\t1' "$set_dir/catalog.tsv"
check "catalog line: seed 3 floor 2 (8 ways: 2 lifts, 2 ladders, 4 spiral ends)" grep -qxP '3\t2\trooms\t7\t1\t1\t8\t8\tok\t0\t15\t0\t0\t2\t2\t0\t0\t4\t3\t5\t0\t0\t0\t0\t0\t1\t1\t05d462d3ee2bbf65\t367\t2192\t251\t102\t8\t1000\t55\t0\t1' "$set_dir/catalog.tsv"
check "catalog in seed, floor order" test "$(awk -F'\t' '!/^#/ { printf "%s.%s ", $1, $2 }' "$set_dir/catalog.tsv")" = "1.1 1.2 1.3 2.1 2.2 2.3 3.1 3.2 3.3 "
"$DELVE" shot --seeds 1-3 -o "$TMP/again" 2> /dev/null > /dev/null
check "a second run gives the same bytes (but the command line's folder)" diff -r -I "^# command: " "$set_dir" "$TMP/again"
"$DELVE" shot --seeds 2-4 --floor 3 -o "$TMP/f3" 2> /dev/null > /dev/null
check "--floor 3: one shot a seed" test "$(ls "$TMP/f3" | tr '\n' ' ')" = "catalog.tsv seed-00000000000000000002-floor-03.png seed-00000000000000000003-floor-03.png seed-00000000000000000004-floor-03.png "
check "--floor 3: the catalog lists floor 3 only" test "$(awk -F'\t' '!/^#/ { printf "%s.%s ", $1, $2 }' "$TMP/f3/catalog.tsv")" = "2.3 3.3 4.3 "
check "no temporary files left" test -z "$(find "$TMP" -name '*.tmp*')"

expect2() { # expect2 NAME WORD ARGS...: exit 2 and WORD in the message
  local name=$1 word=$2; shift 2
  "$DELVE" shot "$@" > /dev/null 2> "$TMP/e"; local rc=$?
  if [ $rc = 2 ] && grep -q -- "$word" "$TMP/e"; then ok "$name"; else bad "$name (rc $rc: $(cat "$TMP/e"))"; fi
}
expect2 "--seeds 5-1 refused" "A <= B" --seeds 5-1 -o "$TMP/x"
expect2 "--seeds over the limit refused" "at most 100000 seeds" --seeds 1-1000000 -o "$TMP/x"
"$DELVE" shot --seeds 1-100001 -o "$TMP/x" > /dev/null 2> "$TMP/e"; rc=$?
check "100 001 seeds refused, the limit named (rc $rc: $(cat "$TMP/e"))" \
  sh -c "test $rc = 2 && grep -qxF 'delve shot: --seeds 1-100001: need A <= B and at most 100000 seeds' '$TMP/e'"
expect2 "--jobs 0 refused" "--jobs" --seeds 1-2 --jobs 0 -o "$TMP/x"
expect2 "--jobs without --seeds refused" "for shot sets" --seed 1 --jobs 2 -o "$TMP/x.png"
"$DELVE" shot --seeds 7 --floors 1 --zoom 4 -o "$TMP/one" > /dev/null 2>&1; rc=$?
check "--seeds 7 is the set of seed 7 alone (rc $rc)" sh -c "test $rc = 0 && grep -qxF '# seeds: 7-7' '$TMP/one/catalog.tsv' && test -f '$TMP/one/seed-00000000000000000007-floor-01.png'"
expect2 "--seeds 7- refused" "expected A-B" --seeds 7- -o "$TMP/x"
expect2 "--seeds a-3 refused" "not a whole number" --seeds a-3 -o "$TMP/x"
expect2 "--seed with --seeds refused" "not both" --seed 1 --seeds 1-2 -o "$TMP/x"
expect2 "unknown --type refused" "not a level type" --type nowhere --seed 1 -o "$TMP/x.png"
"$DELVE" shot --type shoals --seeds 1-2 --floors 1 -o "$TMP/sh" > /dev/null 2>&1
check "a Shoals set: a shot per seed" test -s "$TMP/sh/seed-00000000000000000002-floor-01.png"
check "a Shoals set: the catalog names the type" \
  sh -c "test \$(grep -c '	shoals	' '$TMP/sh/catalog.tsv') = 2"
"$DELVE" shot --type rooms --seed 1 --floor 2 -o "$TMP/typed.png" > /dev/null
check "--type rooms: the same bytes as without" cmp -s "$TMP/typed.png" "$set_dir/seed-00000000000000000001-floor-02.png"
# 100 000 seeds are taken (the last 100 000 seeds there are: 20-digit names): the run
# starts, writes its first shot and is stopped
hi=18446744073709551615 lo=18446744073709451616
"$DELVE" shot --seeds $lo-$hi --floors 1 --zoom 4 -o "$TMP/big" > /dev/null 2> "$TMP/e" &
pid=$!
for _ in $(seq 200); do ls "$TMP"/.big.delve-tmp-*/seed-$lo-floor-01.png > /dev/null 2>&1 && break; sleep 0.1; done
check "100 000 seeds accepted: seed $lo's shot is written" ls "$TMP"/.big.delve-tmp-*/seed-$lo-floor-01.png
kill -TERM $pid; wait $pid; rc=$?  # (SIGINT stays ignored in a script's background job)
check "  and SIGTERM stops it (rc $rc)" test $rc = 143 -a ! -e "$TMP/big"

# --jobs: the same bytes, catalog included, for 1 and 2 workers (one target, moved aside)
"$DELVE" shot --seeds 5-12 --floors 2 --zoom 6 --jobs 1 -o "$TMP/j" > /dev/null 2> "$TMP/j1.err" && mv "$TMP/j" "$TMP/j1"
"$DELVE" shot --seeds 5-12 --floors 2 --zoom 6 --jobs 2 -o "$TMP/j" > /dev/null 2> "$TMP/j2.err"
check "--jobs 1 and --jobs 2: byte-identical sets" diff -r "$TMP/j1" "$TMP/j"
check "  with 16 PNGs and the command without --jobs" sh -c \
  "test \$(ls '$TMP/j' | grep -c png) = 16 && grep -qxF \"# command: delve shot --seeds 5-12 --floors 2 --zoom 6 -o $TMP/j\" '$TMP/j/catalog.tsv'"
check "  progress: a line a seed with the total" test "$(grep -c '^delve shot: seed [0-9]* ([1-8] of 8)$' "$TMP/j2.err")" = 8
check "  in seed order, the same lines for 1 and 2 workers" cmp -s "$TMP/j1.err" "$TMP/j2.err"
"$DELVE" shot --seeds 1-250 --floors 1 --zoom 6 -o "$TMP/many" > /dev/null 2> "$TMP/many.err"
check "a set of 250 seeds, stderr no terminal: 20 progress lines (every 13th seed and the last), not 250" \
  sh -c "test \$(grep -c '^delve shot: seed' '$TMP/many.err') = 20 && tail -1 '$TMP/many.err' | grep -qx 'delve shot: seed 250 (250 of 250)'"

# names sort as text in seed, floor order: past 9, 99 and floor 9
"$DELVE" shot --seeds 98-101 --floors 11 --floor 10 --zoom 4 -o "$TMP/s1" > /dev/null 2>&1
"$DELVE" shot --seeds 9-10 --floors 11 --zoom 4 -o "$TMP/s2" > /dev/null 2>&1
for d in s1 s2; do
  byname=$(cd "$TMP/$d" && ls *.png | LC_ALL=C sort | sed 's/seed-0*\([0-9]*\)-floor-0*\([0-9]*\).png/\1.\2/' | tr '\n' ' ')
  bycat=$(awk -F'\t' '!/^#/ { printf "%s.%s ", $1, $2 }' "$TMP/$d/catalog.tsv")
  check "$d: names sorted as text are the catalog's seed, floor order ($byname)" test "$byname" = "$bycat"
done
check "  seed 101's name" test -f "$TMP/s1/seed-00000000000000000101-floor-10.png"
check "a refused set writes no catalog" test ! -e "$TMP/x/catalog.tsv"
finish
