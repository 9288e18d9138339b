# Image and catalog goldens (tests/golden/): renders every shot in shots.tsv and compares
# it with `delve diff`, exactly; the default film's sheet.png with a tolerance that
# forgives font rasterisation only; catalog.tsv of seeds 1-20 as text. On a difference
# it leaves the golden and new files, the diff images and a `delve review` report in
# BUILD/golden-review/ (CI keeps that folder) and names it. `make golden` rewrites the
# goldens (README: "Goldens").
#
# The sheet's tolerance, --threshold 0.1 --aa --max-diff-ratio 0.001: gcc -O2, gcc -O0
# and clang -O2 builds give byte-identical sheets (any T passes, exact included), so
# the tolerance is for other machines' FreeType/SDL_ttf. Emulated here with FreeType's
# stem darkening (FREETYPE_PROPERTIES=autofitter:no-stem-darkening=0, glyphs a little
# heavier): 40753 pixels differ exactly, 1856 at T 0.1, 1116 at T 0.2, and with --aa
# 3465 at T 0.05, 930 at T 0.1, 577 at T 0.2: no threshold alone forgives glyph shapes,
# so T 0.1 with --aa plus 0.1 % of the pixels (1600). The bold face instead of the
# regular one (a real change of the text) leaves 25776 and fails. Tile colours are
# checked exactly by the shots, health numbers by events.tsv (film_default.sh).
. tests/lib.bash "$@"
GOLD=tests/golden
OUT="$BUILD/golden-review"
SHEET_TOL="--threshold 0.1 --aa --max-diff-ratio 0.001"
rm -rf "$OUT"
mkdir -p "$TMP/now" "$TMP/diff" "$TMP/keep/golden" "$TMP/keep/now" "$TMP/keep/diff"
differs=0
keep() { # keep FILE: the golden, the new file and the diff image go to the review
  cp "$GOLD/$1" "$TMP/keep/golden/" 2> /dev/null
  cp "$TMP/now/$1" "$TMP/keep/now/" 2> /dev/null
  cp "$TMP/diff/$1" "$TMP/keep/diff/" 2> /dev/null
  differs=1
}
rows=0
while IFS=$'\t' read -r seed floor type file; do
  [ -z "$seed" ] || [ "${seed#\#}" != "$seed" ] && continue
  rows=$((rows + 1))
  if [ ! -f "$GOLD/$file" ]; then bad "golden $file is missing (make golden)"; differs=1; continue; fi
  "$DELVE" shot --seed "$seed" --floor "$floor" --type "$type" -o "$TMP/now/$file" > /dev/null
  if "$DELVE" diff "$GOLD/$file" "$TMP/now/$file" -o "$TMP/diff/$file" > "$TMP/msg"; then
    ok "shot $file (seed $seed floor $floor $type) equals its golden"
  else
    bad "shot $file: $(cat "$TMP/msg")"; keep "$file"
  fi
done < "$GOLD/shots.tsv"
check "shots.tsv lists shots ($rows)" test "$rows" -ge 3

"$DELVE" film films/scripts/pits-and-stations.film -o "$TMP/film" --quiet > /dev/null
cp "$TMP/film/sheet.png" "$TMP/now/sheet.png"
# shellcheck disable=SC2086
if "$DELVE" diff "$GOLD/sheet.png" "$TMP/now/sheet.png" -o "$TMP/diff/sheet.png" $SHEET_TOL > "$TMP/msg"; then
  ok "the default film's sheet matches its golden ($SHEET_TOL)"
else
  bad "sheet.png: $(cat "$TMP/msg")"; keep sheet.png
fi

"$DELVE" shot --seeds 1-20 -o "$TMP/set" > /dev/null 2>&1
cp "$TMP/set/catalog.tsv" "$TMP/now/catalog.tsv"
# the provenance lines that name this run (its folder, delve's version, the tree's
# revision) are left out of the comparison; the settings and columns are compared
unrun() { grep -vE '^# (command|version|revision): ' "$1"; }
if diff -u <(unrun "$GOLD/catalog.tsv") <(unrun "$TMP/now/catalog.tsv") > "$TMP/catalog.diff"; then
  ok "catalog.tsv of seeds 1-20 equals its golden"
else
  bad "catalog.tsv differs:"; head -20 "$TMP/catalog.diff"; keep catalog.tsv
fi

# the tolerance forgives rasterisation and nothing more (see the top)
FREETYPE_PROPERTIES=autofitter:no-stem-darkening=0 \
  "$DELVE" film films/scripts/pits-and-stations.film -o "$TMP/film-darker" --quiet > /dev/null
# shellcheck disable=SC2086
quiet() { "$@" > /dev/null; }
check "the sheet tolerance forgives FreeType stem darkening" \
  quiet "$DELVE" diff "$GOLD/sheet.png" "$TMP/film-darker/sheet.png" $SHEET_TOL
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
"$DELVE" film films/scripts/pits-and-stations.film -o "$TMP/film-bold" --quiet --font "$bold" > /dev/null
# shellcheck disable=SC2086
"$DELVE" diff "$GOLD/sheet.png" "$TMP/film-bold/sheet.png" $SHEET_TOL > /dev/null
check "the sheet tolerance catches the bold face (exit 1)" test $? = 1

if [ "$differs" = 1 ]; then
  mkdir -p "$OUT"
  cp -r "$TMP/keep/golden" "$TMP/keep/now" "$TMP/keep/diff" "$OUT/"
  "$DELVE" review "$OUT/golden" "$OUT/now" -o "$OUT/report" > /dev/null
  echo "golden: differences kept in $OUT: open $OUT/report/index.html (diff images in $OUT/diff/);"
  echo "golden: if the change is wanted, run 'make golden' and say why in the commit message"
fi
finish
