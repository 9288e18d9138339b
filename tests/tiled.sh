# delve gen --format tmj: the Tiled map and its tileset. Tiled's own renderer
# (tmxrasterizer from Debian's `tiled`, offscreen) draws the export, and the picture must
# equal `delve shot` of the same floor wherever delve draws no glow, halo, lamp or party
# (the export leaves those out): seed 2 floor 3 has none, so only the alpha rounding of
# the blended entrance, goal and monster tiles may differ, below --threshold 0.05. On a floor with
# a pit and the party the things layer must bring Tiled's picture closer to delve's.
# Rising is off here: the export does not carry delve's height shading (sunk darker,
# raised lighter) yet, so floors with sunk or raised parts would differ there. A Shoals
# floor's squares show tiles typed by their terrain, and Tiled draws its ground as delve.
# Rooms and DoomRL maps keep their bytes, their tilesets their pixels.
. "${0%/*}/lib.bash" "$@" || exit 2
tiles="$PWD/tests/fixtures/tiled/tiles.png" # the tileset of the two exports below
cd "$TMP" || exit 1
"$DELVE" gen --seed 2 --floor 3 --rising off --format tmj -o floor.tmj > out; rc=$?
check "gen --format tmj exits 0 (rc $rc)" test $rc = 0
check "says what it wrote" grep -qx "delve gen: floor.tmj and its tileset (seed 2, floor 3 of 3)" out
check "the tileset beside it" test -s floor-tiles.png
check "the map names its tileset by file name" grep -q '"image":	"floor-tiles.png"' floor.tmj
check "four layers, each visible with opacity 1" test "$(grep -c '"opacity":	1' floor.tmj)" = 4
things=$(grep -o '"type":	"\(way\|pit\|station\|entrance\|goal\)"' floor.tmj | cut -d'"' -f4 | tr '\n' ' ')
check "things: 2 ways, entrance, goal ($things)" test "$things" = "way way entrance goal "
check "  the ways as tile objects" test "$(grep -A8 '"type":	"way"' floor.tmj | grep -c '"gid":')" = 2
n_all=$(grep -c '"rotation":' floor.tmj)  # objects of every layer, tiles or points
check "every layer and object visible ($n_all objects)" test "$(grep -c '"visible":	true' floor.tmj)" = $((4 + n_all))
check "no temporary files left" test -z "$(ls | grep tmp)"
"$DELVE" gen --seed 2 --format tmj > /dev/null 2> err; rc=$?
check "tmj without -o: exit 2" test $rc = 2
"$DELVE" gen --seed 2 --format tmj -o floor.json > /dev/null 2> err; rc=$?
check "a name not ending in .tmj: exit 2 ($(cat err))" test $rc = 2
"$DELVE" gen --seed 2 --format svg > /dev/null 2> err; rc=$?
check "an unknown format: exit 2" test $rc = 2

# Rooms and DoomRL exports keep their bytes, their tilesets their pixels (a PNG's bytes
# depend on the deflate library and the machine: tests/fixtures/tiled/tiles.png is the
# tileset both draw; a Shoals floor's ground tiles come after the view's and are only in a
# Shoals export): change these only on purpose
"$DELVE" gen --type doomrl --seed 5 --dlevel 12 --floor 2 --floors 2 --format tmj -o dm.tmj > /dev/null
check "rooms and DoomRL maps keep their bytes" sh -c "sha256sum floor.tmj dm.tmj | cut -c1-16 | tr '\n' ' ' | grep -qx '8bcd4ea4f0252f1d bf5d1ac8e29e272d '"
for t in floor dm; do
  check "$t-tiles.png keeps its pixels" "$DELVE" diff "$tiles" "$t-tiles.png" -o "$t-diff.png"
done

# Shoals: the ground as the view paints it at tide 0, a tile per different square picture,
# named by its terrain; every square of seed 11's floor shows one of its terrain
"$DELVE" gen --type shoals --seed 11 --floors 1 --format tmj -o s.tmj > /dev/null
ids() { # ids TYPE: the tile ids the tileset names TYPE
  tr -d '\n\t' < s.tmj | grep -o '"id":[0-9]*,"type":"'"$1"'"' | cut -d: -f2 | cut -d, -f1 | sort -n
}
for t in "deep water" "shallow water" "floor" "high ground"; do
  check "the Shoals tileset has $t tiles ($(ids "$t" | wc -l))" test "$(ids "$t" | wc -l)" -gt 0
done
"$DELVE" gen --type shoals --seed 11 --floors 1 > s.txt
sed -n '2,61p' s.txt | grep -o . > glyphs  # 60 rows of 70 squares
tr -d '\n\t ' < s.tmj | grep -o '"data":\[[0-9,]*' | cut -d[ -f2 | tr , '\n' > gids
check "the ASCII map and the terrain layer both have 4200 squares" \
  test "$(wc -l < glyphs) $(wc -l < gids)" = "4200 4200"
for g in '#:deep water' '=:shallow water' '^:high ground'; do
  ids "${g#*:}" > want
  paste -d' ' glyphs gids | grep "^${g%%:*} " | awk '{ print $2 - 1 }' | sort -nu > used
  check "every '${g%%:*}' square shows a ${g#*:} tile ($(wc -l < used) tiles)" \
    sh -c 'test -s used && ! grep -qvxFf want used'
done

needs "Tiled's renderer (scripts/deps.sh --test installs tiled)" tmxrasterizer || { finish; exit; }
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$TMP"
raster() { timeout 60 tmxrasterizer "$@" 2> /dev/null; }
raster floor.tmj tiled.png
"$DELVE" shot --seed 2 --floor 3 --rising off -o delve.png > /dev/null
check "tmxrasterizer draws the export" test -s tiled.png
check "Tiled's picture equals delve's (seed 2 floor 3, --threshold 0.05)" \
  "$DELVE" diff delve.png tiled.png --threshold 0.05 -o diff.png
"$DELVE" diff delve.png tiled.png > exact.txt
check "  and exactly only where the blended marks and monsters are ($(cat exact.txt))" \
  grep -q "box x 194..904 y 177..854" exact.txt

"$DELVE" gen --seed 58 --floor 1 --rising off --format tmj -o f58.tmj > /dev/null
"$DELVE" shot --seed 58 --floor 1 --rising off -o d58.png > /dev/null
raster f58.tmj t58.png
raster --hide-layer things f58.tmj t58-bare.png
with=$("$DELVE" diff d58.png t58.png --format json | grep -o '"changed":[0-9]*' | cut -d: -f2)
without=$("$DELVE" diff d58.png t58-bare.png --format json | grep -o '"changed":[0-9]*' | cut -d: -f2)
check "seed 58 floor 1: the things layer brings Tiled closer ($with < $without changed)" test "$with" -lt "$without"
check "  and what is left is the pit's glow and the party (under 0.5 %: $with px)" test "$with" -lt 7372
# a Shoals floor without the party on it: Tiled draws the ground as delve does
"$DELVE" gen --type shoals --seed 11 --floors 2 --floor 2 --format tmj -o s2.tmj > /dev/null
"$DELVE" shot --type shoals --seed 11 --floors 2 --floor 2 -o ds2.png > /dev/null
raster s2.tmj ts2.png
check "Tiled's Shoals picture equals delve's (seed 11 floor 2, --threshold 0.05)" \
  "$DELVE" diff ds2.png ts2.png --threshold 0.05
# a folder or a FIFO where the tileset goes: exit 2 before anything is written, the
# earlier map as it was
echo OLD > old.tmj && mkdir old-tiles.png
"$DELVE" gen --seed 7 --format tmj -o old.tmj > /dev/null 2> err.txt; rc=$?
check "a folder at the tileset's name: exit 2, the earlier map kept ($(head -1 err.txt))" \
  sh -c "test $rc = 2 && grep -qx OLD old.tmj && grep -q 'old-tiles.png: a folder, not a file' err.txt"
rmdir old-tiles.png && mkfifo old-tiles.png
"$DELVE" gen --seed 7 --format tmj -o old.tmj > /dev/null 2> err.txt; rc=$?
check "a FIFO there: exit 2, the FIFO and the map kept" \
  sh -c "test $rc = 2 && grep -qx OLD old.tmj && test -p old-tiles.png"
finish
