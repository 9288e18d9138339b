# The distribution table on a DoomRL pair (spec review-stats.md, docs/review.md): seeds
# 1-30 of --type doomrl at dlevel 1 and at dlevel 10 change the level type of most
# floors, seven categories. Every category's figures stay in the text table of `delve
# stats --compare` (the flagged line wraps at 100 columns, the type row's shares go on
# under its cell, no line of the table past 100 columns) and on the review page (its
# shares cell breaks into lines of at most 48 columns), so neither goes past a
# 100-column terminal or a 1280 px window because of them. The flagged dlevel is broken
# down by level type and floor: it moved within the types, so not the mix (too few
# floors a type here to say so by test). The validator, "ok" everywhere, is constant.
# Exact bytes: a generator change that moves these shares changes this test too (make
# them again with the commands below).
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
"$DELVE" shot --seeds 1-30 --type doomrl --zoom 4 -o a > /dev/null 2>&1
"$DELVE" shot --seeds 1-30 --type doomrl --dlevel 10 --zoom 4 -o b > /dev/null 2>&1
"$DELVE" stats --compare a b > out; rc=$?
check "stats --compare: the type and dlevel flagged (rc $rc)" test $rc = 1
# same NAME WANT GOT: a check that GOT's bytes are WANT's, with the diff when not
same() {
  if diff -u "$2" "$3" > d; then ok "$1"; else bad "$1:"; cat d; fi
}
cat > want << 'EOF'
flagged (2):
  type: normal 82.2 % -> 14.4 %, maze 0.0 % -> 11.1 %, city 2.2 % -> 24.4 %,
    warehouse 3.3 % -> 11.1 %, caves 4.4 % -> 18.9 %, small-rooms 7.8 % -> 15.6 %,
    arena 0.0 % -> 4.4 %, 77 floors changed category, p < 1e-6 (bowker, Holm)
  dlevel per floor 2 -> 11 (+450 %), 0 floors down, 90 up, p < 1e-6 (signed-rank, Holm)
    no level type has 20 floors a side to tell the mix from a change within types
    by level type      A     B   mean A   mean B delta %  p Holm
      normal          74    13    1.784   10.538  +490.8       -
      maze             0    10        -   11.100       -       -
      city             2    22    3.000   11.136  +271.2       -
      warehouse        3    10    3.000   11.000  +266.7       -
      caves            4    17    3.000   11.059  +268.6       -
      small-rooms      7    14    3.000   11.286  +276.2       -
      arena            0     4        -   10.250       -       -
    B's means per type at A's type shares give 10.648 (A 2.000, B 11.000)
    by floor, mean A -> B: 1: 1 -> 10, 2: 2 -> 11, 3: 3 -> 12
EOF
same "the flagged type in words: every category, wrapped at 100 columns; dlevel by level type" want \
  <(sed -n '/^flagged/,/^$/p' out | sed '$d')
cat > want << 'EOF'
  type              90    90 normal 82% -> 14%, maze 0% -> 11%,         77 changed    < 1e-6 FLAG
                               city 2% -> 24%, warehouse 3% -> 11%,
                               caves 4% -> 19%, small-rooms 8% -> 16%,
                               arena 0% -> 4%
EOF
same "the type row: its shares go on under its cell, every category" want <(grep -A3 '^  type ' out)
wide=$(awk 'length($0) > 100' out | wc -l)
check "no line of the table past 100 columns ($wide)" test "$wide" = 0
row=$(grep -E '^  dlevel +[0-9]' out | awk '{ print length($0) }')
check "the type row no wider than a numeric row, flagged too ($row columns)" \
  test "$(grep -A3 '^  type ' out | awk '{ print length($0) }' | sort -n | tail -1)" -le "$row"
"$DELVE" stats --compare a b --format tsv | awk -F'\t' '$1 == "type" { print $23 }' |
  tr ',' '\n' | cut -d: -f1 > cats
missing=$(while read -r c; do grep -A3 '^  type ' out | grep -q " $c " || echo "$c"; done < cats)
check "the type row names every category of the TSV ($(wc -l < cats): ${missing:-none missing})" \
  test -z "$missing"

"$DELVE" review a b -o rep > /dev/null 2>&1; rc=$?
check "review: exit 1 (rc $rc)" test $rc = 1
cat > want << 'EOF'
<tr class="flag"><td>type</td><td>90</td><td>90</td><td colspan="4" style="text-align:left">normal 82.2% → 14.4%, maze 0.0% → 11.1%,<br>city 2.2% → 24.4%, warehouse 3.3% → 11.1%,<br>caves 4.4% → 18.9%, small-rooms 7.8% → 15.6%,<br>arena 0.0% → 4.4%</td><td>77 changed</td><td>bowker</td><td>+0.00</td><td>&lt; 1e-6</td><td>FLAG</td></tr>
<tr><td>validator</td><td>90</td><td>90</td><td colspan="4" style="text-align:left">ok 100.0% → 100.0%</td><td>0 changed</td><td>-</td><td></td><td>constant</td><td></td></tr>
EOF
same "the page's type row in lines of at most 48 columns; validator constant, not tested" want \
  <(grep -E '^<tr( class="flag")?><td>(type|validator)</td>' rep/index.html)
finish
