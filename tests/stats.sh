# delve stats (seed 002's level types): exact values the rules fix, TSV shape, bad input.
. "${0%/*}/lib.bash" "$@" || exit 2
"$DELVE" stats --type arena --seeds 1-300 --dlevel 9 --format tsv > "$TMP/arena.tsv"
check "arena: a header and 13 rows" test "$(wc -l < "$TMP/arena.tsv")" = 14
check "arena: 300 floors, always 10 items" \
  grep -qP '^arena\t300\titems\t10.0000\t0.0000\t10\t10$' "$TMP/arena.tsv"
check "arena: never a river" \
  grep -qP '^arena\t300\tbridges\t0.0000\t0.0000\t0\t0$' "$TMP/arena.tsv"
"$DELVE" stats --type normal --seeds 1-500 --format tsv > "$TMP/normal.tsv"
max=$(awk -F'\t' '$3 == "rooms" { print $7 }' "$TMP/normal.tsv")
check "normal: at most 11 rooms (max $max)" test "$max" -le 11 -a "$max" -ge 10
"$DELVE" stats --type doomrl --seeds 1-200 --dlevel 2 --format tsv > "$TMP/low.tsv"
check "doomrl at dlevel 2: only normal floors" \
  test "$(cut -f1 "$TMP/low.tsv" | sort -u | tr '\n' ' ')" = "normal type "
"$DELVE" stats --type doomrl --seeds 1-2000 --dlevel 9 > "$TMP/table.txt"
check "doomrl at dlevel 9: a table per type made" \
  test "$(grep -c '^[a-z-]*  ([0-9]* floors)$' "$TMP/table.txt")" = 7
"$DELVE" stats --type city --seeds 1-5 --format tsv > "$TMP/a.tsv"
"$DELVE_O0" stats --type city --seeds 1-5 --format tsv > "$TMP/b.tsv"
check "stats: -O0 equals -O2" cmp -s "$TMP/a.tsv" "$TMP/b.tsv"
"$DELVE" stats --type caves --seeds 9-3 > /dev/null 2> "$TMP/err"; rc=$?
check "stats --seeds 9-3: exit 2 (got $rc)" test $rc = 2
check "stats --seeds 9-3: says why" grep -q "need A <= B" "$TMP/err"
# without --type (or --type rooms): what rising laid, counts per kind (spec/rising.md)
"$DELVE" stats --seeds 1-40 --floors 1 --format tsv > "$TMP/r.tsv"; rc=$?
check "stats without --type: rising counts, exit 0 (got $rc)" test $rc = 0
check "rising tsv header" test "$(head -n 1 "$TMP/r.tsv")" = "$(printf 'kind\tcount\tseeds\tfloors')"
check "rising over 1-40, one floor: 82 bends" grep -qxP 'bends\t82\t40\t1' "$TMP/r.tsv"
check "rising over 1-40, one floor: 28 sunk rooms" grep -qxP 'sunk rooms\t28\t40\t1' "$TMP/r.tsv"
check "rising over 1-40, one floor: nothing failed" grep -qxP 'failures\t0\t40\t1' "$TMP/r.tsv"
"$DELVE" stats --seeds 1-20 --floors 3 > "$TMP/r3.txt"; rc=$?
check "rising over 1-20, three floors: exit 0 (got $rc)" test $rc = 0
check "  40 lifts and 40 ladders over 40 pairs" sh -c "grep -qE '^  lifts +40$' '$TMP/r3.txt' && grep -qE '^  ladders +40$' '$TMP/r3.txt' && grep -qE '^  pairs of floors +40$' '$TMP/r3.txt'"
check "  nothing failed" grep -qE '^  failures +0$' "$TMP/r3.txt"
"$DELVE" stats --seeds 1-3 --type rooms --floors 0 > /dev/null 2> "$TMP/err"; rc=$?
check "stats --floors 0: exit 2 (got $rc)" test $rc = 2
# --per-floor: rooms and Shoals measured as DoomRL's are; floor 1's counts agree with a
# shot set's catalog of the same dungeons (sums over seeds 1-40 of 3-floor dungeons)
"$DELVE" stats --per-floor --seeds 1-40 --floors 3 --format tsv > "$TMP/pf.tsv"; rc=$?
"$DELVE" shot --seeds 1-40 --floors 3 --floor 1 --zoom 4 -o "$TMP/set" > /dev/null 2>&1
same_means() { # same_means STATS.TSV CATALOG MEASURE:COLUMN...: each measure's mean is the column's
  local tsv=$1 cat=$2 col name n want got; shift 2
  for col; do
    name=${col%%:*}; n=${col##*:}
    want=$(awk -F'\t' -v n="$n" '!/^#/ { s += $n } END { printf "%.4f", s / 40 }' "$cat")
    got=$(awk -F'\t' -v m="$name" '$3 == m { print $4 }' "$tsv")
    check "stats --per-floor $name mean $got is the catalog's $want (rc $rc)" test "$got" = "$want"
  done
}
same_means "$TMP/pf.tsv" "$TMP/set/catalog.tsv" rooms:4 pits:5 stations:6 ways:7 monsters:8 \
  doors:11 bends:19 "curve marks:20" "sunk rooms:24" "raised rooms:25" "graded rooms:26" \
  "spirals within:27"
# a DoomRL type (normal at dlevel 9: rooms, rivers): the same counts as stats; not doors,
# which DoomRL's stats count before fluids cover some (the catalog: the door squares left)
"$DELVE" stats --type normal --dlevel 9 --seeds 1-40 --format tsv > "$TMP/n9.tsv"; rc=$?
"$DELVE" shot --seeds 1-40 --type normal --dlevel 9 --floor 1 --zoom 4 -o "$TMP/n9" > /dev/null 2>&1
same_means "$TMP/n9.tsv" "$TMP/n9/catalog.tsv" rooms:4 "fluid squares:13" \
  items:12 monsters:8
"$DELVE" stats --type shoals --per-floor --seeds 1-20 --format tsv > "$TMP/sh.tsv"
check "shoals --per-floor: 20 floors of 4200 squares by kind" \
  test "$(awk -F'\t' '$3 ~ /squares/ { s += $4 } END { printf "%.4f", s }' "$TMP/sh.tsv")" = "4200.0000"
finish
