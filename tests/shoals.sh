# Shoals (seed 003): `delve gen --type shoals` maps and heights agree with the seed's
# thresholds, --islands changes the land, bad options exit 2, and the Shoals film plays
# the same bytes at -O0 and -O2 with the tide in its captions.
. "${0%/*}/lib.bash" "$@" || exit 2
"$DELVE" gen --type shoals --seed 3 --floors 1 > "$TMP/map.txt"; rc=$?
check "gen --type shoals: exit 0 (rc $rc)" test $rc = 0
check "title names the type and size" grep -qx 'floor 1 of 1  seed 3  70x60  shoals' "$TMP/map.txt"
sed -n '2,61p' "$TMP/map.txt" > "$TMP/rows.txt"
check "60 rows of 70 squares" test "$(awk 'length($0) == 70' "$TMP/rows.txt" | wc -l)" = 60
check "only the Shoals glyphs and things (# = . ^ L H < *)" \
  test -z "$(tr -d '#=.^LH<*\n' < "$TMP/rows.txt")"
for l in "'#' deep water" "'=' shallow water" "'.' floor" "'^' high ground" "'<' entrance" "'*' goal"; do
  check "legend: $l" grep -qxF "  $l" "$TMP/map.txt"
done
check "no pit line in a Shoals legend" sh -c "! grep -q pit '$TMP/map.txt'"
"$DELVE" gen --type shoals --seed 11 --floors 2 > "$TMP/g11.txt"
check "gen --type shoals --seed 11 --floors 2 equals tests/golden/gen-shoals-seed-11.txt" \
  cmp -s "$TMP/g11.txt" tests/golden/gen-shoals-seed-11.txt
"$DELVE" gen --type shoals --seed 3 --floors 1 --format heights > "$TMP/h.txt"
check "heights: a title and 60 rows of 70 numbers" \
  test "$(awk 'NR > 1 && NF == 70' "$TMP/h.txt" | wc -l)" = 60
# every square's glyph is its height's class (things excepted)
paste -d'|' "$TMP/rows.txt" <(tail -n 60 "$TMP/h.txt") | awk -F'|' '
  { n = split($2, h, " ");
    for (x = 1; x <= n; x++) {
      g = substr($1, x, 1); v = h[x] + 0;
      want = v >= 100 ? "^" : v >= 0 ? "." : v >= -14 ? "=" : "#";
      if (g != want && index("LH<*", g) == 0) { print NR - 1, x - 1, g, v; bad++ }
    } }
  END { exit bad > 0 }' > "$TMP/mismatch.txt"
check "every glyph matches its height ($(wc -l < "$TMP/mismatch.txt") mismatches)" \
  test ! -s "$TMP/mismatch.txt"
land() { "$DELVE" gen --type shoals --seed 3 --floors 1 --islands "$1" | sed -n '2,61p' | tr -d '#\n' | wc -c; }
few=$(land 2); many=$(land 40)
check "--islands 40 makes more land than --islands 2 ($many > $few)" test "$many" -gt "$few"
expect_usage() { # expect_usage NAME WANT ARGS...
  local name=$1 want=$2; shift 2
  "$DELVE" gen "$@" > /dev/null 2> "$TMP/err"; local rc=$?
  check "$name: exit 2 (rc $rc)" test $rc = 2
  check "$name: says '$want'" grep -qF -- "$want" "$TMP/err"
}
expect_usage "islands 0" "'0' is not a number in 1..1000" --type shoals --islands 0
expect_usage "unknown type" "--type: 'swamp' is not a level type (rooms, normal" --type swamp
expect_usage "heights of rooms" "only Shoals floors have a heightmap" --format heights
printf 'dungeon seed=1 type=swamp\n' > "$TMP/t.film"
"$DELVE" film "$TMP/t.film" -o "$TMP/t" --quiet 2> "$TMP/err"; rc=$?
check "film type=swamp: exit 2 at its line and column" \
  sh -c "test $rc = 2 && grep -qF '$TMP/t.film:1:21: type: '\''swamp'\'' is not a level type' '$TMP/err'"
"$DELVE" shot --type shoals --seed 11 --floors 1 --zoom 8 -o "$TMP/s2.png" > /dev/null
"$DELVE_O0" shot --type shoals --seed 11 --floors 1 --zoom 8 -o "$TMP/s0.png" > /dev/null
check "shot --type shoals: a 560 x 480 PNG" test "$(png_size "$TMP/s2.png")" = "560 x 480"
check "shot --type shoals: -O0 equals -O2" cmp -s "$TMP/s2.png" "$TMP/s0.png"
"$DELVE" stats --type shoals --seeds 1-20 > "$TMP/stats.txt"; rc=$?
check "stats: exit 0 and five measures (rc $rc)" \
  sh -c "test $rc = 0 && test \$(grep -cE '^(deep|shallow|floor|high|land parts) ' '$TMP/stats.txt') = 5"
"$DELVE_O0" stats --type shoals --seeds 1-20 > "$TMP/stats0.txt"
check "stats: -O0 equals -O2" cmp -s "$TMP/stats.txt" "$TMP/stats0.txt"
"$DELVE" stats --type shoals --seeds 9-3 > /dev/null 2>&1; rc=$?
check "stats --seeds 9-3: exit 2 (rc $rc)" test $rc = 2
"$DELVE" stats --type swamp --seeds 1-3 > /dev/null 2>&1; rc=$?
check "stats --type swamp: exit 2 (rc $rc)" test $rc = 2
"$DELVE" film films/scripts/shoals-tide.film -o "$TMP/f2" --quiet > /dev/null
"$DELVE_O0" film films/scripts/shoals-tide.film -o "$TMP/f0" --quiet > /dev/null
check "shoals film: frames, sheet and events -O0 equal -O2" diff -r "$TMP/f2" "$TMP/f0"
check "shoals film: captions carry the tide" grep -q 'Tide -18 rising' "$TMP/f2/events.tsv"
check "shoals film: no caption left with {tide}" sh -c "! grep -qF '{tide}' '$TMP/f2/events.tsv'"
# a caption before a hold carries the tide on the held frames too
printf 'film "Tide hold"\ndungeon seed=3 type=shoals floors=1\nframe 960x540\nwait 3h\ncaption "at {tide}"\nhold 500ms\n' > "$TMP/hold.film"
"$DELVE" film "$TMP/hold.film" -o "$TMP/fh" --quiet > /dev/null
check "shoals film: a held caption carries the tide ($(cut -f 6,14 "$TMP/fh/events.tsv" | grep hold | head -1))" \
  sh -c "test \$(grep -cP '\thold\t.*\tat [-+][0-9]+ (rising|ebbing|falling|high|low)' '$TMP/fh/events.tsv') = 6"
n=$(ls "$TMP/f2/frames" | wc -l)
check "shoals film: $n frames" test "$n" -ge 40
finish
