# The same bytes with gcc and clang (docs/architecture.md: determinism): builds a clang copy of
# delve in the build folder and compares `delve gen` output and a short film's frames
# with the gcc build's. scripts/deps.sh --test installs clang.
. "${0%/*}/lib.bash" "$@" || exit 2
needs "gcc against clang (scripts/deps.sh --test installs clang)" clang || { finish; exit; }
twin="$BUILD/clang-twin"
if ! { cmake -S . -B "$twin" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release \
         -DDELVE_O0_TWIN=OFF > "$TMP/cmake.log" 2>&1 &&
       cmake --build "$twin" --target delve -j 2 >> "$TMP/cmake.log" 2>&1; }; then
  cat "$TMP/cmake.log"; bad "clang build"; finish; exit 1
fi
CLANG_DELVE="$twin/delve"
check "the twin is built by clang" grep -qi "clang" "$twin/CMakeCache.txt"
for seed in 3 58; do
  "$DELVE" gen --seed $seed > "$TMP/gcc.txt"
  "$CLANG_DELVE" gen --seed $seed > "$TMP/clang.txt"
  check "gen seed $seed: gcc equals clang" cmp -s "$TMP/gcc.txt" "$TMP/clang.txt"
done
for t in doomrl normal small-rooms warehouse city caves arena maze single; do
  "$DELVE" gen --type $t --dlevel 14 --difficulty 4 --seed 31 --floors 3 > "$TMP/gcc.txt"
  "$CLANG_DELVE" gen --type $t --dlevel 14 --difficulty 4 --seed 31 --floors 3 > "$TMP/clang.txt"
  check "gen --type $t: gcc equals clang" cmp -s "$TMP/gcc.txt" "$TMP/clang.txt"
done
for fmt in ascii heights; do # Shoals (spec/shoals.md): the fixed-point trig and the smoothing
  "$DELVE" gen --type shoals --seed 3 --islands 20 --format $fmt > "$TMP/gcc.txt"
  "$CLANG_DELVE" gen --type shoals --seed 3 --islands 20 --format $fmt > "$TMP/clang.txt"
  check "shoals $fmt seed 3: gcc equals clang" cmp -s "$TMP/gcc.txt" "$TMP/clang.txt"
done
"$DELVE" film tests/fixtures/short.film -o "$TMP/gcc" --quiet > /dev/null
"$CLANG_DELVE" film tests/fixtures/short.film -o "$TMP/clang" --quiet > /dev/null
check "short film: frames, sheet and events equal" diff -r "$TMP/gcc" "$TMP/clang"
"$DELVE" film films/scripts/shoals-tide.film -o "$TMP/sgcc" --quiet > /dev/null
"$CLANG_DELVE" film films/scripts/shoals-tide.film -o "$TMP/sclang" --quiet > /dev/null
check "shoals film: frames, sheet and events equal" diff -r "$TMP/sgcc" "$TMP/sclang"
"$DELVE" shot --seed 58 --side -o "$TMP/side-gcc.png" > /dev/null
"$CLANG_DELVE" shot --seed 58 --side -o "$TMP/side-clang.png" > /dev/null
check "side view of seed 58: gcc equals clang" cmp -s "$TMP/side-gcc.png" "$TMP/side-clang.png"
finish
