# delve stats --generator (docs/generators.md): another program's floors measured by
# the catalog's rule, per level type; exact numbers for examples/gen_rooms.py, every
# mean equal to the mean of the same column of a shot set's catalog, a failing seed said
# and left out (exit 1), --shard refused.
. "${0%/*}/lib.bash" "$@" || exit 2
needs "external generators" python3 || { finish; exit; }
GEN="python3 examples/gen_rooms.py --seed {seed} --floors {floors}"

"$DELVE" stats --generator "$GEN" --seeds 1-3 --floors 2 --format tsv > "$TMP/s.tsv" 2> "$TMP/err"; rc=$?
check "stats --generator: exit 0 ($(cat "$TMP/err"))" test $rc = 0
check "tsv: a header and 16 rows, no count line when all were made" test "$(wc -l < "$TMP/s.tsv")" = 17
check "tsv: the per-floor header" test "$(head -n 1 "$TMP/s.tsv")" = "$(printf 'type\tfloors\tmeasure\tmean\tsd\tmin\tmax')"
check "6 rooms on every floor (ROOMS_PER_FLOOR), 6 floors" grep -qxP 'rooms\t6\trooms\t6.0000\t0.0000\t6\t6' "$TMP/s.tsv"
check "one room area a room" grep -qxP 'rooms\t6\troom_areas\t6.0000\t0.0000\t6\t6' "$TMP/s.tsv"
check "every standing square reached" grep -qxP 'rooms\t6\treach_pm\t1000.0000\t0.0000\t1000\t1000' "$TMP/s.tsv"
check "the measures in the catalog's names" \
  test "$(cut -f3 "$TMP/s.tsv" | tail -n +2 | tr '\n' ' ')" = "rooms doors ways pits stations monsters items stand blocked room_floor corridor_floor room_areas reach_pm goal_walk dead_ends parts "

# the same floors' catalog: each measure's mean is its column's mean
"$DELVE" shot --generator "$GEN" --seeds 1-3 --floors 2 --no-images -o "$TMP/set" > /dev/null 2>&1
awk -F'\t' '/^# seed\t/ { sub(/^# /, ""); for (i = 1; i <= NF; i++) col[$i] = i; next }
  /^#/ { next }
  { n++; for (k in col) sum[k] += $col[k] }
  END { split("rooms doors ways pits stations monsters items stand blocked room_floor corridor_floor room_areas reach_pm goal_walk dead_ends parts", m, " ")
        for (i = 1; i <= 16; i++) printf "%s\t%.4f\n", m[i], sum[m[i]] / n }' \
  "$TMP/set/catalog.tsv" > "$TMP/cat.means"
cut -f3,4 "$TMP/s.tsv" | tail -n +2 > "$TMP/stats.means"
check "every mean equals the catalog column's mean ($(diff "$TMP/cat.means" "$TMP/stats.means" | head -n 3 | tr '\n' ' '))" \
  cmp -s "$TMP/cat.means" "$TMP/stats.means"

"$DELVE" stats --generator "$GEN" --seeds 1-3 --floors 2 > "$TMP/t.txt" 2>&1
check "table: the generator named" grep -qx "delve stats  seeds 1-3  generator gen_rooms.py  2 floors asked" "$TMP/t.txt"
check "table: a level type's head" grep -qx "rooms  (6 floors)" "$TMP/t.txt"
check "table: the last line counts what was not made" test "$(tail -n 1 "$TMP/t.txt")" = "0 seeds not generated"

# a seed whose generator fails: said, left out, counted; exit 1 as check --generator
mkdir -p "$TMP/f"
python3 examples/gen_rooms.py --seed 7 --floors 2 > "$TMP/a.dun"
printf '#!/bin/sh\n[ "$1" = 4 ] && exit 5\ncat "%s"\n' "$TMP/a.dun" > "$TMP/f/four.sh"
chmod +x "$TMP/f/four.sh"
"$DELVE" stats --generator "$TMP/f/four.sh {seed}" --seeds 3-6 > "$TMP/out" 2> "$TMP/err"; rc=$?
check "a failing seed: exit 1 (got $rc)" test $rc = 1
check "a failing seed: said with why" grep -q "^delve stats: not generated: four.sh seed 4: exited with code 5" "$TMP/err"
check "a failing seed: the other three measured (6 floors)" grep -qx "rooms  (6 floors)" "$TMP/out"
check "a failing seed: counted last" test "$(tail -n 1 "$TMP/out")" = "1 seed not generated"
"$DELVE" stats --generator "$TMP/f/four.sh {seed}" --seeds 3-6 --format tsv > "$TMP/out" 2> /dev/null
check "a failing seed, tsv: a comment line counts it" test "$(tail -n 1 "$TMP/out")" = "# 1 seed not generated"

# usage
"$DELVE" stats --generator "$GEN" --seeds 1-3 --shard > /dev/null 2> "$TMP/e"; rc=$?
check "--shard with --generator: exit 2 (got $rc)" test $rc = 2
check "--shard with --generator: says why" grep -q "parts of a --generator run are not joined" "$TMP/e"
"$DELVE" stats --generator "$GEN" --seeds 1-3 --type caves > /dev/null 2> "$TMP/e"
check "--type with --generator: exit 2" test $? = 2
"$DELVE" stats --generator "$GEN" > /dev/null 2> "$TMP/e"
check "--generator without --seeds: exit 2" test $? = 2
"$DELVE" stats --generator-timeout 3 --seeds 1-3 > /dev/null 2> "$TMP/e"
check "--generator-timeout alone: exit 2" test $? = 2
"$DELVE" stats --help > "$TMP/h"
check "--help mentions --generator" grep -q -- "--generator 'CMD {seed}'" "$TMP/h"
finish
