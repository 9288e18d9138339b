# The side view's golden: `delve shot --seed 58 --side` (the default film's dungeon, cut
# along its first pit's row) equals tests/golden/side-seed-00058.png exactly, and the -O0
# build draws the same bytes; --row outside floor 1 is refused; a --size window centres
# the picture, draws the party, keeps the ruler when it pans and scales it past 1280 x
# 720. `make golden` rewrites the golden.
. "${0%/*}/lib.bash" "$@" || exit 2
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
# a --size window (what the viewer's map area shows): the picture centred top to bottom
# when shorter, the party's marker at its square (the entrance, 15,7: 14 x 24 px), the
# ruler and the floors' labels kept at the left when it pans; past 1280 x 720 the ruler
# scaled as a film's HUD (1920 x 1080: 1.5x, so more differ)
json() { "$DELVE" diff --format json "$1" "$2" 2> /dev/null; }
changed() { json "$1" "$2" | sed -n 's/.*"changed":\([0-9]*\).*/\1/p'; }
"$DELVE" shot --seed 58 --side --size 1608x325 -o "$TMP/w325.png" > "$TMP/wout"
check "a --size window names its row" grep -q "1608 x 325, seed 58, side view of 3 floors, row 24" "$TMP/wout"
check "--size 1608x325 is the plain picture and the party's marker" \
  sh -c "'$DELVE' diff --format json '$TMP/side.png' '$TMP/w325.png' | grep -q '\"changed\":336,.*\"box\":{\"x0\":437,\"y0\":55,\"x1\":450,\"y1\":78}'"
"$DELVE" shot --seed 58 --side --size 1920x1080 -o "$TMP/w1080.png" > /dev/null
got=$(changed "$TMP/side.png" "$TMP/w1080.png")
check "--size 1920x1080: its ruler scaled ($got changed)" test "$got" -gt $((1920 * 1080 - 1608 * 325))
crop() { ffmpeg -nostdin -loglevel error -y -i "$1" -vf "crop=$3" "$2"; } # crop IN OUT W:H:X:Y
if needs "side view windows cropped" ffmpeg; then
  "$DELVE" shot --seed 58 --side --size 1608x525 -o "$TMP/w525.png" > /dev/null
  crop "$TMP/w525.png" "$TMP/mid.png" 1608:325:0:100
  check "a window 200 px taller shows the picture 100 px down" "$DELVE" diff "$TMP/w325.png" "$TMP/mid.png"
  "$DELVE" shot --seed 58 --side --size 1000x325 --at 300,0 -o "$TMP/pan.png" > /dev/null
  crop "$TMP/pan.png" "$TMP/pan-ruler.png" 72:325:0:0
  crop "$TMP/w325.png" "$TMP/ruler.png" 72:325:0:0
  check "--at 300,0 keeps the ruler" "$DELVE" diff "$TMP/ruler.png" "$TMP/pan-ruler.png"
  crop "$TMP/pan.png" "$TMP/pan-body.png" 700:325:172:0
  crop "$TMP/w325.png" "$TMP/body.png" 700:325:472:0
  check "--at 300,0 scrolls the picture right of it 300 px" "$DELVE" diff "$TMP/body.png" "$TMP/pan-body.png"
  crop "$TMP/pan.png" "$TMP/pan-label.png" 90:14:72:82
  crop "$TMP/w325.png" "$TMP/label.png" 90:14:72:82
  got=$(changed "$TMP/label.png" "$TMP/pan-label.png") # the text and its outline: ~400 px
  check "  and keeps floor 1's label (F1 0.0 m) where it was ($got differ)" test "${got:-9999}" -lt 100
fi
"$DELVE" shot --seed 58 --side --size 1280x720 --at 16000,0 -o "$TMP/far.png" > /dev/null 2> "$TMP/far.err"
check "an --at off the side picture is refused (exit 2)" test $? = 2
check "  naming the picture's size" grep -q -- "--at 16000,0 is off the side picture, which is 1608 x 325 px at --zoom 24 with its 72 px ruler (x below 1536, y below 325)" "$TMP/far.err"
"$DELVE" shot --seed 58 --side --size 960x704 --at 1536,0 -o "$TMP/edge.png" > /dev/null 2>&1
check "an --at whose window would start past the picture right of the ruler is refused" test $? = 2
"$DELVE" shot --seed 58 --side --size 960x704 --at 1535,0 -o "$TMP/edge.png" > /dev/null
check "an --at at the last column right of the ruler is drawn" test $? = 0
if needs "the last column's ruler cropped" ffmpeg; then
  crop "$TMP/edge.png" "$TMP/edge-ruler.png" 72:325:0:189 # centred: (704 - 325) / 2
  check "  its last column is taken, the ruler whole" "$DELVE" diff "$TMP/ruler.png" "$TMP/edge-ruler.png"
fi
check "  and nothing written" test ! -e "$TMP/far.png"
finish
