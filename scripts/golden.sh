#!/bin/sh
# Rewrites the image and catalog goldens in tests/golden/ with the current build:
# every shot listed in tests/golden/shots.tsv, the side view of seed 58
# (side-seed-00058.png, tests/side_golden.sh), the default film's sheet.png, and
# catalog.tsv (seeds GOLDEN_SEEDS). `make golden` runs it. Only after looking at the
# diff images of a failing tests/golden.sh (build/golden-review/report/index.html) and
# agreeing that the change is wanted; say why in the commit message.
# Usage: scripts/golden.sh [BUILD_DIR]   (run from the repository root)
set -eu
BUILD=${1:-build}
DELVE="$BUILD/delve"
GOLD=tests/golden
GOLDEN_SEEDS=1-20
[ -x "$DELVE" ] || { echo "golden: $DELVE is not built (make build)" >&2; exit 2; }
grep -v '^#' "$GOLD/shots.tsv" | while IFS="$(printf '\t')" read -r seed floor type file; do
  [ -n "$seed" ] || continue
  "$DELVE" shot --seed "$seed" --floor "$floor" --type "$type" -o "$GOLD/$file"
done
"$DELVE" shot --seed 58 --side -o "$GOLD/side-seed-00058.png"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/delve-golden.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$DELVE" film films/scripts/pits-and-stations.film -o "$tmp/film" --quiet > /dev/null
cp "$tmp/film/sheet.png" "$GOLD/sheet.png.tmp" && mv "$GOLD/sheet.png.tmp" "$GOLD/sheet.png"
"$DELVE" shot --seeds "$GOLDEN_SEEDS" -o "$tmp/set" 2> /dev/null > /dev/null
cp "$tmp/set/catalog.tsv" "$GOLD/catalog.tsv.tmp" && mv "$GOLD/catalog.tsv.tmp" "$GOLD/catalog.tsv"
echo "golden: rewrote the shots in $GOLD/shots.tsv, $GOLD/sheet.png and $GOLD/catalog.tsv;"
echo "golden: check 'git diff --stat tests/golden' and say in the commit message why they changed"
