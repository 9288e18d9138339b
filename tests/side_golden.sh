# The side view's golden: `delve shot --seed 58 --side` (the default film's dungeon, cut
# along its first pit's row) equals tests/golden/side-seed-00058.png exactly, and the -O0
# build draws the same bytes; --row outside floor 1 is refused. `make golden` rewrites it.
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
finish
