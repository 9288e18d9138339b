# The side view's golden: `delve shot --seed 58 --side` (the default film's dungeon, cut
# along its first pit's row) equals tests/golden/side-seed-00058.png exactly, and the -O0
# build draws the same bytes; --row outside floor 1 is refused; a --size window past
# 1280 x 720 scales the ruler. `make golden` rewrites it.
. tests/lib.bash "$@"
GOLD=tests/golden/side-seed-00058.png
"$DELVE" shot --seed 58 --side -o "$TMP/side.png" > "$TMP/out"
check "shot --side names its size and row" grep -q "1608 x 325, seed 58, side view of 3 floors, row 24" "$TMP/out"
check "shot --side of seed 58 equals its golden" "$DELVE" diff "$GOLD" "$TMP/side.png"
"$DELVE_O0" shot --seed 58 --side -o "$TMP/side-o0.png" > /dev/null
check "the -O0 build draws the same bytes" cmp "$TMP/side.png" "$TMP/side-o0.png"
"$DELVE" shot --seed 58 --side --row 10 -o "$TMP/row10.png" > /dev/null
check "another row draws another picture" sh -c "! cmp -s $TMP/side.png $TMP/row10.png"
"$DELVE" shot --seed 58 --side --row 500 -o "$TMP/bad.png" > /dev/null 2>&1
check "a row off floor 1 is refused (exit 2)" test $? = 2
"$DELVE" shot --seed 58 --row 3 -o "$TMP/bad.png" > /dev/null 2>&1
check "--row without --side is a usage error (exit 2)" test $? = 2
# a --size window: the picture at its top-left corner; up to 1280 x 720 with the ruler of
# the plain shot (1608 x 325: only the pixels outside it differ), past it scaled as a
# film's HUD (1920 x 1080: 1.5x, so more differ)
changed() { "$DELVE" diff --format json "$1" "$2" 2> /dev/null | sed -n 's/.*"changed":\([0-9]*\).*/\1/p'; }
"$DELVE" shot --seed 58 --side --size 2000x720 -o "$TMP/w720.png" > /dev/null
"$DELVE" shot --seed 58 --side --size 1920x1080 -o "$TMP/w1080.png" > /dev/null
got=$(changed "$TMP/side.png" "$TMP/w720.png")
check "--size 2000x720: the plain picture in its corner ($got changed)" test "$got" = $((2000 * 720 - 1608 * 325))
got=$(changed "$TMP/side.png" "$TMP/w1080.png")
check "--size 1920x1080: its ruler scaled ($got changed)" test "$got" -gt $((1920 * 1080 - 1608 * 325))
finish
