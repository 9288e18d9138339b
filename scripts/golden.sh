#!/usr/bin/env bash
# Rewrites goldens in tests/golden/ with the current build: every shot listed in
# tests/golden/shots.tsv, the default film's sheet.png and events.tsv, catalog.tsv of
# seeds 1-20
# (scripts/golden-lib.bash says how each is made). With GOLDEN_ONLY (`make golden
# ONLY=PATTERN`: comma-separated shell globs over file names) only the matching ones;
# the others are not touched. Only after looking at the diff images of a failing
# tests/golden.sh (build/golden-failures/report.txt) and agreeing that the change is
# wanted, or for a new row; say why in the commit message.
# Usage: [GOLDEN_ONLY=PATTERN] scripts/golden.sh [BUILD_DIR] [GOLDEN_DIR]
#        (run from the repository root; GOLDEN_DIR is tests/golden unless given)
set -euo pipefail
BUILD=${1:-build}
DELVE="$BUILD/delve"
GOLD=${2:-tests/golden}
# shellcheck source=scripts/golden-lib.bash
. scripts/golden-lib.bash
[ -x "$DELVE" ] || { echo "golden: $DELVE is not built (make build)" >&2; exit 2; }
GOLDEN_WORK=$(mktemp -d "${TMPDIR:-/tmp}/delve-golden.XXXXXX")
unset GOLDEN_FILM_DIR  # a golden is rewritten from a film played now, never one ctest kept
trap 'rm -rf "$GOLDEN_WORK"' EXIT
names=$(golden_selected) || exit 2
count=0
for name in $names; do
  golden_render "$name" "$GOLD/.$name.tmp" || { rm -f "$GOLD/.$name.tmp"; exit 1; }
  mv "$GOLD/.$name.tmp" "$GOLD/$name"
  echo "golden: wrote $GOLD/$name"
  count=$((count + 1))
done
echo "golden: wrote $count golden(s)${GOLDEN_ONLY:+ matching '$GOLDEN_ONLY'}; look at each, check"
echo "golden: 'git diff --stat $GOLD' and say in the commit message why they changed"
