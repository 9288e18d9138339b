# Hostile .dun files (huge sizes, bad glyphs, truncated lines, 100 000 things, a 0-byte
# file, binary junk, overlong lines, a file past the size limit) are refused with an
# error: by delve check (exit 2, file:line:col), and by the reader and the checks built
# with AddressSanitizer and UBSan (tests/asan/dun_hostile.c, built here into BUILD).
. "${0%/*}/lib.bash" "$@" || exit 2
H="$TMP/h"; mkdir -p "$H"
head1='delve-dun 1
floors 1'
room='floor 1 rooms dlevel 1 size 6 4
map
######
#....#
#....#
######
endmap
entrance 1 1
goal 4 2'
printf '%s\nfloor 1 rooms dlevel 1 size 100000 100000\n' "$head1" > "$H/huge-size.dun"
printf 'delve-dun 1\nfloors 1000000\n' > "$H/huge-floors.dun"
printf 'delve-dun 1\nfloors 2\nfloor 1 rooms dlevel 1 size 99999999999999999999999 5\n' > "$H/huge-number.dun"
printf '%s\nfloor 1 rooms dlevel 1 size 6 4\nmap\n##\x01\x7f##\n' "$head1" > "$H/bad-glyph.dun"
printf '%s\nfloor 1 rooms dlevel 1 size 6 4\nmap\n##\xc3\xa9##\n' "$head1" > "$H/utf8-glyph.dun"
"$DELVE" gen --seed 58 --format dun -o "$TMP/58.dun"
head -c 1500 "$TMP/58.dun" > "$H/truncated-map.dun"
grep -v '^endmap' "$TMP/58.dun" | head -c 7000 > "$H/truncated-things.dun"
sed 's/^way lift \([0-9]*\) \([0-9]*\) to.*/way lift \1 \2 to/' "$TMP/58.dun" > "$H/truncated-way.dun"
{ printf '%s\n%s\n' "$head1" "$room"; yes 'monster 0 1 1 walking' | head -n 100000; } > "$H/100000-monsters.dun"
# on squares of their own (a second pit on a square is refused at once), so the 17th is
# the first past the limit
{ printf '%s\n%s\n' "$head1" "$room"; seq 0 99999 | awk '{ print "pit", $1 % 6, int($1 / 6) % 4 }'; } > "$H/100000-pits.dun"
{ printf '%s\n%s\nroute' "$head1" "$room"; yes ' 1,1' | head -n 100000 | tr -d '\n'; echo; } > "$H/100000-route-squares.dun"
{ printf 'delve-dun 1\nfloors 32\n'; seq 100000 | sed 's/.*/floor & rooms dlevel 1 size 512 512/'; } > "$H/100000-floors.dun"
: > "$H/empty.dun"
gzip -9nc < docs/dun-format.md > "$H/binary-junk.dun"
{ printf 'delve-dun 1\n'; head -c 3000000 /dev/zero | tr '\0' 'x'; echo; } > "$H/long-line.dun"
{ printf 'delve-dun 1\n# '; head -c 34000000 /dev/zero | tr '\0' 'x'; } > "$H/too-big.dun"
printf 'delve-dun 1\nfloors 1\nfloor 1 rooms dlevel 1 size 6 4\nmap\n#..\0..#\nendmap\n' > "$H/nul-byte.dun"
printf '%s\n%s\nheight 0 0 600 400 -100\n' "$head1" "$room" > "$H/huge-rectangle.dun"
printf '%s\n%s\nmonster 0 1 1 walking route 99999999999\n' "$head1" "$room" > "$H/huge-route-number.dun"
for f in "$H"/*.dun; do
  "$DELVE" check "$f" > /dev/null 2> "$TMP/err"; rc=$?
  check "$(basename "$f"): delve check exit 2 with an error ($(head -c 160 "$TMP/err"))" \
    sh -c "test $rc = 2 && grep -q '^delve check: ' '$TMP/err'"
done
check "100 000 monsters: refused at the line of the 129th" grep -qF "100000-monsters.dun:140:1: floor 1: more than 128 monsters" \
  <("$DELVE" check "$H/100000-monsters.dun" 2>&1)
check "100 000 pits: refused at the line of the 17th" grep -qF "100000-pits.dun:28:1: floor 1: more than 16 pits" \
  <("$DELVE" check "$H/100000-pits.dun" 2>&1)
printf '%s\n%s\npit 2 2\npit 2 2 hidden\n' "$head1" "$room" > "$H/pit-twice.dun"
check "two pits on one square: refused at the second's square" \
  grep -qF "pit-twice.dun:13:5: floor 1 already has a pit at 2,2 (at line 12)" <("$DELVE" check "$H/pit-twice.dun" 2>&1)
ASAN_BIN="$BUILD/dun-hostile-asan"
if cc -std=c11 -D_POSIX_C_SOURCE=200809L -fsanitize=address,undefined -fno-sanitize-recover=all \
     -g -O1 -I. base/*.c engine/*.c gen/check.c tests/asan/dun_hostile.c -o "$ASAN_BIN" 2> "$TMP/cc"; then
  ok "built the reader and checks with ASan and UBSan"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=halt_on_error=1 \
    "$ASAN_BIN" "$H"/*.dun tests/fixtures/dun/*.dun "$TMP/58.dun" > "$TMP/asan" 2> "$TMP/asan-err"; rc=$?
  check "ASan/UBSan run: exit 0, nothing reported (rc $rc: $(head -c 300 "$TMP/asan-err"))" \
    sh -c "test $rc = 0 && test ! -s '$TMP/asan-err'"
  for f in "$H"/*.dun; do
    check "ASan: $(basename "$f") refused" grep -qF "$f: refused: " "$TMP/asan"
  done
  check "ASan: the fixtures and a generated file read and check" \
    test "$(grep -c ': ok ' "$TMP/asan")" = "$(( $(ls tests/fixtures/dun/*.dun | wc -l) + 1 ))"
else
  bad "cannot build with -fsanitize=address,undefined: $(head -c 300 "$TMP/cc")"
fi
finish
