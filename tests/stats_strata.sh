# The level-type mix as the cause of a change (spec review-stats.md "Level-type mix",
# docs/review.md): DoomRL picks a floor's level type by its dlevel band (seed 002;
# gen/doomrl/doom_pick.c), 7/12 normal at dlevel 3..5 and 2/11 from 6 on, so one
# generator setting, --dlevel 5 against --dlevel 6 over the same 300 seeds of one floor,
# changes the mix, and within a type only what goes by dlevel. Rooms, doors and stations
# per floor fall because fewer floors are normal: `delve stats --compare` breaks each
# down by level type and says the mix explains it, and not dlevel itself (it moved within
# every type); review's verdict opens with the mix as the cause, the page has the rows.
# Exact words: a generator change that moves these figures changes this test too.
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
"$DELVE" shot --seeds 1-300 --floors 1 --type doomrl --dlevel 5 --zoom 4 -o a > /dev/null 2>&1
"$DELVE" shot --seeds 1-300 --floors 1 --type doomrl --dlevel 6 --zoom 4 -o b > /dev/null 2>&1
"$DELVE" stats --compare a b > out; rc=$?
check "stats --compare: flagged (rc $rc)" test $rc = 1
# same NAME WANT GOT: a check that GOT's bytes are WANT's, with the diff when not
same() {
  if diff -u "$2" "$3" > d; then ok "$1"; else bad "$1:"; cat d; fi
}
cat > want << 'EOF'
  rooms per floor 13.3 -> 8.94 (-33 %), 160 floors down, 42 up, p < 1e-6 (signed-rank, Holm)
    explained by the level-type mix (normal 57% -> 23%); within each type nothing moved
    by level type      A     B   mean A   mean B delta %  p Holm
      caves           20    37    0.000    0.000       -       1
      maze             0    30        -    0.000       -       -
      small-rooms     56    42   36.411   35.976    -1.2       1
      city            19    60    5.263    4.967    -5.6       -
      normal         172    70   10.308   10.443    +1.3    0.57
      warehouse       25    48    2.960    2.938    -0.8       1
      arena            8    13    0.000    0.000       -       -
    B's means per type at A's type shares give 13.262 (A 13.287, B 8.937)
EOF
same "rooms: explained by the level-type mix, every type's figures" want \
  <(sed -n '/^  rooms per floor/,/^    B.s means/p' out)
check "dlevel: not the mix, it moved within the types" grep -qx \
  '    not the level-type mix alone: it moved within caves, small-rooms, normal, warehouse' out
n=$(grep -c '^    explained by the level-type mix (normal 57% -> 23%)' out)
check "rooms, stations and doors explained by the mix ($n)" test "$n" = 3
wide=$(awk 'length($0) > 100' out | wc -l)
check "no line past 100 columns ($wide)" test "$wide" = 0
"$DELVE" stats --compare a b > again
check "the same bytes twice" cmp -s out again

"$DELVE" stats --compare a b --format tsv > tsv
got=$(awk -F'\t' 'NR > 1 && $2 != "stratum" && $27 != "" { printf "%s=%s ", $1, $27 }' tsv)
check "TSV: mix_explained per broken-down column ($got)" \
  test "$got" = "rooms=1 stations=1 dlevel=0 doors=1 "
got=$(awk -F'\t' '$1 == "rooms" && $2 == "stratum" { printf "%s ", $24 }' tsv)
check "TSV: a stratum line a level type ($got)" \
  test "$got" = "caves maze small-rooms city normal warehouse arena "
if needs "JSON" jq; then
  got=$("$DELVE" stats --compare a b --format json | jq -r '.columns[] |
    select(.column == "rooms") | "\(.mix.explained) \(.mix.held_fixed) \(.by_type | length)"')
  check "JSON: rooms' mix and by_type ($got)" test "$got" = "true b_means_at_a_shares 7"
fi

"$DELVE" review a b -o rep > verdict 2>&1; rc=$?
check "review: exit 1 (rc $rc)" test $rc = 1
cat > want << 'EOF'
The level-type mix changed (normal 57% → 23%): it explains rooms per floor 13.3 → 8.94, stations per floor 0.437 → 0.33 and doors per floor 18 → 12.7; within each level type nothing moved. Also flagged: DoomRL depth per floor rose from 5 to 6 (0 floors down, 300 up). Besides: monsters (233 floors), items (80 floors), fluid squares (225 floors) and 8 more columns moved too little to flag.
EOF
same "the verdict names the mix as the cause" want <(head -1 verdict)
check "the page opens with the same verdict" \
  grep -qF "<p class=\"verdict\">$(head -1 verdict)" rep/index.html
check "the page: rooms' row says the mix explains it" grep -qF \
  "by level type: explained by the level-type mix (normal 57% → 23%); within each type nothing moved; B's means per type" \
  rep/index.html
n=$(grep -c '<tr class="stratum' rep/index.html)
check "the page: a row a level type under the 4 broken-down columns ($n)" test "$n" = 28
finish
