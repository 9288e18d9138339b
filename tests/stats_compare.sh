# delve stats --compare A.tsv B.tsv (review/dist.c, spec review-stats.md): two sets of
# the same settings over different seed ranges flag nothing; rising on vs off over the
# same seeds flags the ways; too few floors, a column on one side only, TSV and JSON.
. "${0%/*}/lib.bash" "$@" || exit 2
set_of() { # set_of NAME SEEDS [SETTINGS...]: a shot set's catalog at TMP/NAME.tsv
  local name=$1 seeds=$2; shift 2
  "$DELVE" shot --seeds "$seeds" --zoom 4 "$@" -o "$TMP/$name" > /dev/null 2>&1
  cp "$TMP/$name/catalog.tsv" "$TMP/$name.tsv"
}
flags() { # flags A B [OPTIONS]: the flagged columns, space-separated ("" when none)
  "$DELVE" stats --compare "$TMP/$1.tsv" "$TMP/$2.tsv" --format tsv "${@:3}" |
    awk -F'\t' 'NR > 1 && $22 == 1 { printf "%s ", $1 }'
}
for r in 1-40 41-80 81-120 121-160; do set_of "r$r" "$r"; done
for pair in "1-40 41-80" "41-80 81-120" "81-120 121-160" "1-40 121-160" "121-160 1-40"; do
  set -- $pair
  "$DELVE" stats --compare "$TMP/r$1.tsv" "$TMP/r$2.tsv" > "$TMP/out"; rc=$?
  check "same settings, seeds $1 vs $2: nothing flagged, exit 0 (rc $rc, '$(flags "r$1" "r$2")')" \
    test $rc = 0 -a -z "$(flags "r$1" "r$2")"
  check "  two samples (Mann-Whitney)" grep -q "two samples" "$TMP/out"
done
set_of d1 1-60 --type normal --dlevel 9 --floor 1
set_of d2 61-120 --type normal --dlevel 9 --floor 1
check "DoomRL normal at dlevel 9, seeds 1-60 vs 61-120: nothing flagged ('$(flags d1 d2)')" \
  test -z "$(flags d1 d2)"

set_of off 1-40 --rising off
"$DELVE" stats --compare "$TMP/off.tsv" "$TMP/r1-40.tsv" > "$TMP/rise"; rc=$?
got=$(flags off r1-40)
check "rising off vs on: exit 1 (rc $rc)" test $rc = 1
check "rising off vs on flags ways and ways_spiral ($got)" \
  sh -c "echo '$got' | grep -qw ways && echo '$got' | grep -qw ways_spiral"
check "  and what rising lays: bends, curve squares" \
  sh -c "echo '$got' | grep -qw bends && echo '$got' | grep -qw curve_squares"
check "  not rooms, pits or monsters" sh -c "! echo '$got' | grep -qwE 'rooms|pits|monsters'"
check "  paired by seed and floor" grep -q "paired by seed and floor" "$TMP/rise"
check "  ways in words: mean before and after, floors down 0" \
  grep -qE '^  ways per floor [0-9.]+ -> [0-9.]+ \(\+[0-9]+ %\), 0 floors down, [0-9]+ up, p < 1e-6' "$TMP/rise"
"$DELVE" stats --compare "$TMP/off.tsv" "$TMP/r1-40.tsv" --format tsv > "$TMP/rise.tsv"
ways=$(awk -F'\t' '$1 == "ways"' "$TMP/rise.tsv")
want=$(awk -F'\t' '!/^#/ { a += $7 } END { printf "%.6g", a / 120 }' "$TMP/off.tsv")
check "  ways' mean A is the catalog's ($want)" test "$(echo "$ways" | cut -f5)" = "$want"
check "  signed-rank, floors up + down + same = 120" \
  test "$(echo "$ways" | awk -F'\t' '{ print $15, $11 + $12 + $13 }')" = "signed-rank 120"
check "  the level type: same on every floor, not tested" \
  test "$(awk -F'\t' '$1 == "type" { print $2, $14, $15 }' "$TMP/rise.tsv")" = "categorical 0 -"
check "  --alpha 1e-300 flags nothing" test -z "$(flags off r1-40 --alpha 1e-300)"

if needs "the JSON check" python3; then
  "$DELVE" stats --compare "$TMP/off.tsv" "$TMP/r1-40.tsv" --format json > "$TMP/rise.json"
  check "JSON: valid, ways flagged, provenance of both sides" python3 -c "
import json, sys
j = json.load(open('$TMP/rise.json'))
w = [c for c in j['columns'] if c['column'] == 'ways'][0]
assert j['paired'] and w['flagged'] and w['test'] == 'signed-rank' and w['p_holm'] < 1e-6
assert 'rising=off' in j['a']['provenance']['settings'] and j['b']['provenance']['revision']"
fi

set_of few 1-5
"$DELVE" stats --compare "$TMP/few.tsv" "$TMP/few.tsv" > "$TMP/few.txt"; rc=$?
check "5 seeds (15 floors): 'too few floors to test', exit 0 (rc $rc)" \
  sh -c "test $rc = 0 && grep -q 'too few floors to test' '$TMP/few.txt'"
# too few to test, a changed level type is still counted (one floor moved)
awk -F'\t' -v OFS='\t' '!/^#/ && !done { $3 = "caves"; done = 1 } 1' "$TMP/few.tsv" > "$TMP/few-caves.tsv"
check "too few floors: the type column still says 1 floor changed" \
  test "$("$DELVE" stats --compare "$TMP/few.tsv" "$TMP/few-caves.tsv" --format tsv | awk -F'\t' '$1 == "type" { print $2, $14, $15 }')" = "categorical 1 -"
cut -f1-8,10- "$TMP/r1-40.tsv" > "$TMP/cut.tsv"
check "a column on one side only: removed, not tested" \
  test "$("$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/cut.tsv" --format tsv | awk -F'\t' '$1 == "validator" { print $2, $15 }')" = "removed -"
check "  its floors counted on the side that has it (A's 120, B's 0; added: the other way)" \
  test "$("$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/cut.tsv" --format tsv | awk -F'\t' '$1 == "validator" { print $3, $4 }') / $("$DELVE" stats --compare "$TMP/cut.tsv" "$TMP/r1-40.tsv" --format tsv | awk -F'\t' '$1 == "validator" { print $3, $4 }')" = "120 0 / 0 120"
"$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/none.tsv" > /dev/null 2>&1; rc=$?
check "a missing catalog: exit 2 (rc $rc)" test $rc = 2
{ cat "$TMP/few.tsv"; grep -v '^#' "$TMP/few.tsv" | head -1; } > "$TMP/twice.tsv"
"$DELVE" stats --compare "$TMP/few.tsv" "$TMP/twice.tsv" 2> "$TMP/err" > /dev/null; rc=$?
check "a line twice: exit 2 naming it at its line (rc $rc)" sh -c "test $rc = 2 && grep -qE 'twice.tsv:[0-9]+:1: seed 1 floor 1 again \(line [0-9]+ has it\)' '$TMP/err'"
# a number column with one cell that is no number is a broken catalog (it was taken
# for a category and dropped from the tests without a word), named at its cell
awk -F'\t' 'BEGIN { OFS = "\t" } !/^#/ && ++n == 3 { $4 = "abc" } { print }' \
  "$TMP/r1-40.tsv" > "$TMP/abc.tsv"
line=$(grep -n 'abc' "$TMP/abc.tsv" | cut -d: -f1)
"$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/abc.tsv" 2> "$TMP/err" > /dev/null; rc=$?
check "a word in a number column: exit 2 at its cell (rc $rc: $(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -q \"abc.tsv:$line:[0-9]*: rooms: 'abc' is not a whole number\" '$TMP/err'"
# the column names must start with the key, and a provenance key is said once
sed '/^# seed\t/s/^# seed\tfloor/# floor\tseed/' "$TMP/r1-40.tsv" > "$TMP/swap.tsv"
"$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/swap.tsv" 2> "$TMP/err" > /dev/null; rc=$?
check "seed and floor swapped in the names: exit 2 at that line (rc $rc)" sh -c \
  "test $rc = 2 && grep -qE \"swap.tsv:[0-9]+:1: the column names start with seed and floor, not 'floor' and 'seed'\" '$TMP/err'"
{ sed -n '1p' "$TMP/r1-40.tsv"; echo '# revision: evil'; sed '1d' "$TMP/r1-40.tsv"; } > "$TMP/rev2.tsv"
grep -q '^# revision: ' "$TMP/r1-40.tsv" || bad "r1-40.tsv has a '# revision:' line"
"$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/rev2.tsv" 2> "$TMP/err" > /dev/null; rc=$?
check "a second '# revision:' line: exit 2 at it (rc $rc)" sh -c \
  "test $rc = 2 && grep -qE \"rev2.tsv:[0-9]+:3: a second '# revision:' line\" '$TMP/err'"
sed '/^# seed\t/s/\trooms\t/\tpits\t/' "$TMP/r1-40.tsv" > "$TMP/twice-col.tsv"
"$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/twice-col.tsv" 2> "$TMP/err" > /dev/null; rc=$?
check "a column name twice: exit 2 at the header (rc $rc: $(cat "$TMP/err"))" sh -c \
  "test $rc = 2 && grep -qE \"twice-col.tsv:[0-9]+:[0-9]+: the column name 'pits' again\" '$TMP/err'"
grep '^#' "$TMP/r1-40.tsv" > "$TMP/nofloor.tsv"
"$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/nofloor.tsv" 2> "$TMP/err" > /dev/null; rc=$?
check "column names and no floors: exit 2 (rc $rc)" sh -c \
  "test $rc = 2 && grep -q 'nofloor.tsv: no floors' '$TMP/err'"
"$DELVE" stats --compare "$TMP/r1-40" "$TMP/r1-40/catalog.tsv" 2> "$TMP/err" > /dev/null
check "one file twice: a note ($(cat "$TMP/err"))" grep -q "note: .* are the same file" "$TMP/err"
awk -F'\t' 'BEGIN { OFS = "\t" } !/^#/ && ++n == 3 { $2 = "0" } { print }' "$TMP/r1-40.tsv" > "$TMP/floor0.tsv"
"$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/floor0.tsv" 2> "$TMP/err" > /dev/null; rc=$?
check "floor 0: exit 2 (rc $rc: $(cat "$TMP/err"))" sh -c "test $rc = 2 && grep -q 'a floor is 1..32' '$TMP/err'"
awk -F'\t' 'BEGIN { OFS = "\t" } !/^#/ && ++n == 3 { $1 = "99999999999999999999" } { print }' "$TMP/r1-40.tsv" > "$TMP/bigseed.tsv"
"$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/bigseed.tsv" 2> "$TMP/err" > /dev/null; rc=$?
check "a seed past 64 bits: exit 2 (rc $rc)" sh -c "test $rc = 2 && grep -q 'a seed past 18446744073709551615' '$TMP/err'"
for v in 99999999999999999999 +4 ' 3'; do
  awk -F'\t' -v v="$v" 'BEGIN { OFS = "\t" } !/^#/ && ++n == 3 { $5 = v } { print }' "$TMP/r1-40.tsv" > "$TMP/odd.tsv"
  "$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/odd.tsv" 2> "$TMP/err" > /dev/null; rc=$?
  check "pits '$v': exit 2 at its cell (rc $rc: $(cat "$TMP/err"))" sh -c \
    "test $rc = 2 && grep -q \"pits: '$v' is not a whole number 0..2^53\" '$TMP/err'"
done
check "a shot set's folder stands for its catalog.tsv" \
  cmp -s <("$DELVE" stats --compare "$TMP/r1-40" "$TMP/r41-80" --format tsv) \
         <("$DELVE" stats --compare "$TMP/r1-40.tsv" "$TMP/r41-80.tsv" --format tsv)
"$DELVE" stats --compare "$TMP/few.tsv" > /dev/null 2>&1; rc=$?
check "--compare with one file: exit 2 (rc $rc)" test $rc = 2
: > "$TMP/empty.tsv"
"$DELVE" stats --compare "$TMP/empty.tsv" "$TMP/empty.tsv" 2> "$TMP/err" > "$TMP/out"; rc=$?
check "an empty catalog: exit 2 at 1:1, nothing printed (rc $rc: $(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/empty.tsv:1:1: empty: nothing to compare' '$TMP/err' && test ! -s '$TMP/out'"
printf '\n# a comment\n\n' > "$TMP/blank.tsv"
"$DELVE" stats --compare "$TMP/few.tsv" "$TMP/blank.tsv" 2> "$TMP/err" > /dev/null; rc=$?
check "a catalog of blank and comment lines: exit 2, no column names (rc $rc: $(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/blank.tsv:1:1: no column names' '$TMP/err'"
"$DELVE" stats --compare "$TMP/few.tsv" docs/sheet.png 2> "$TMP/err" > /dev/null; rc=$?
check "a PNG: exit 2, text refused as the other readers refuse it (rc $rc: $(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qE '^delve stats: docs/sheet.png:[0-9]+:[0-9]+: NUL byte: a catalog is text$' '$TMP/err'"
# a control byte in a cell would reach the terminal (the table) and the review page raw
awk -F'\t' -v OFS='\t' '!/^#/ && !done { $3 = "ro\033[31moms"; done = 1 } 1' "$TMP/few.tsv" > "$TMP/esc.tsv"
line=$(grep -n $'\033' "$TMP/esc.tsv" | cut -d: -f1)
before=$(grep $'\033' "$TMP/esc.tsv" | sed 's/\x1b.*//')
"$DELVE" stats --compare "$TMP/few.tsv" "$TMP/esc.tsv" 2> "$TMP/err" > "$TMP/out"; rc=$?
check "an ESC in a cell: exit 2 at its line and column, nothing printed (rc $rc: $(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && test ! -s '$TMP/out' && test \"\$(cat '$TMP/err')\" = 'delve stats: $TMP/esc.tsv:$line:$((${#before} + 1)): control byte 0x1b: a catalog is text'"
finish
