# Determinism: the same seed gives the same bytes twice, and between the -O0 and -O2
# builds; floor 3 generated alone equals floor 3 of the whole dungeon; frames too.
. "${0%/*}/lib.bash" "$@" || exit 2
for seed in 1 7 42 20261129; do
  "$DELVE" gen --seed $seed --floors 3 > "$TMP/a.txt"
  "$DELVE" gen --seed $seed --floors 3 > "$TMP/b.txt"
  "$DELVE_O0" gen --seed $seed --floors 3 > "$TMP/c.txt"
  check "gen seed $seed: twice the same bytes" cmp -s "$TMP/a.txt" "$TMP/b.txt"
  check "gen seed $seed: -O0 equals -O2" cmp -s "$TMP/a.txt" "$TMP/c.txt"
  "$DELVE" gen --seed $seed --floors 3 --floor 3 > "$TMP/alone.txt"
  # floor 3 of 3 is the last block of the whole output
  awk '/^floor [0-9]+ of [0-9]+  seed/ { f = ($2 == 3) } f' "$TMP/a.txt" > "$TMP/third.txt"
  check "gen seed $seed: floor 3 alone equals floor 3 of the dungeon" \
    cmp -s "$TMP/alone.txt" "$TMP/third.txt"
done
# DoomRL text golden (seed 002): a change to any DoomRL rule shows up here first
"$DELVE" gen --type doomrl --dlevel 5 --difficulty 3 --single-monster on --seed 7 --floors 4 \
  > "$TMP/doomrl7.txt"
check "gen --type doomrl seed 7 equals tests/golden/gen-doomrl-seed-7.txt" \
  cmp -s "$TMP/doomrl7.txt" tests/golden/gen-doomrl-seed-7.txt
# DoomRL floors (seed 002): every level type, picked by dlevel, with stocking and stairs
for args in "--type doomrl --dlevel 4 --difficulty 3 --single-monster on --seed 9" \
            "--type caves --dlevel 17 --difficulty 5 --seed 21" \
            "--type city --dlevel 8 --seed 3"; do
  "$DELVE" gen $args --floors 4 > "$TMP/a.txt"
  "$DELVE" gen $args --floors 4 > "$TMP/b.txt"
  "$DELVE_O0" gen $args --floors 4 > "$TMP/c.txt"
  check "gen $args: twice the same bytes" cmp -s "$TMP/a.txt" "$TMP/b.txt"
  check "gen $args: -O0 equals -O2" cmp -s "$TMP/a.txt" "$TMP/c.txt"
  "$DELVE" gen $args --floors 4 --floor 3 > "$TMP/alone.txt"
  awk '/^floor [0-9]+ of [0-9]+  seed/ { f = ($2 == 3) } f' "$TMP/a.txt" | sed '$d' > "$TMP/third.txt"
  check "gen $args: floor 3 alone equals floor 3 of the dungeon" \
    cmp -s "$TMP/alone.txt" "$TMP/third.txt"
done
# Shoals (seed 003): maps and raw heights, -O0 against -O2, floor 2 alone
for seed in 3 42; do
  for fmt in ascii heights; do
    "$DELVE" gen --type shoals --seed $seed --format $fmt > "$TMP/s2.txt"
    "$DELVE_O0" gen --type shoals --seed $seed --format $fmt > "$TMP/s0.txt"
    check "shoals $fmt seed $seed: -O0 equals -O2" cmp -s "$TMP/s2.txt" "$TMP/s0.txt"
  done
  "$DELVE" gen --type shoals --seed $seed --floors 3 --floor 2 > "$TMP/s-alone.txt"
  "$DELVE" gen --type shoals --seed $seed --floors 3 |
    awk '/^floor [0-9]+ of [0-9]+  seed/ { f = ($2 == 2) } f && !/^$/' > "$TMP/s-second.txt"
  check "shoals seed $seed: floor 2 alone equals floor 2 of the dungeon" \
    cmp -s <(grep -v '^$' "$TMP/s-alone.txt") "$TMP/s-second.txt"
done
"$DELVE" film tests/fixtures/short.film -o "$TMP/f1" --quiet > /dev/null
"$DELVE" film tests/fixtures/short.film -o "$TMP/f2" --quiet --threads 1 > /dev/null
"$DELVE_O0" film tests/fixtures/short.film -o "$TMP/f3" --quiet > /dev/null
# the drawing thread encodes frames itself when one waits already: alone with --threads
# 1 (f2), beside one encoder by default on 2 cores (f1), beside three with --threads 4
"$DELVE" film tests/fixtures/short.film -o "$TMP/f4" --quiet --threads 4 > /dev/null
n=$(ls "$TMP/f1/frames" | wc -l)
check "short film has frames ($n)" test "$n" -gt 5
check "frames twice the same bytes" diff -r "$TMP/f1" "$TMP/f2"
check "frames -O0 equal -O2" diff -r "$TMP/f1" "$TMP/f3"
check "frames on 4 threads the same bytes" diff -r "$TMP/f1" "$TMP/f4"
# the devlog's 244 frames twice, side views and cards among them, with the encoders on
# both cores: igzip gave other bytes for one of them in about 30 runs when its level
# buffer was not zeroed (codecs/png.c)
for i in 1 2; do
  "$DELVE" film films/scripts/devlog.film -o "$TMP/d$i" --quiet > /dev/null
  rm -f "$TMP/d$i/.delve-output"
done
check "the devlog film twice: the same bytes, every PNG too" diff -r "$TMP/d1" "$TMP/d2"
finish
