# delve stats (issue 3): exact values the rules fix, TSV shape, bad input.
. tests/lib.bash "$@"
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
"$DELVE" stats --seeds 1-3 > /dev/null 2> "$TMP/err"; rc=$?
check "stats without --type: exit 2 (got $rc)" test $rc = 2
finish
