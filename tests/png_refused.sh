# PNGs the spec refuses, on the command line: `delve diff` and `delve sheet` exit 2 with
# a message naming the file for an unknown critical chunk, a bad CRC and a palette index
# past the PLTE, and an IDAT that declares 2 GB in a file of 60 bytes (over an 8000 x
# 8000 header) is refused at once in little memory. The files come from `test_png --fixtures DIR` (see test_png.c).
. "${0%/*}/lib.bash" "$@" || exit 2
F="$TMP/fx"
mkdir -p "$F"
"$BUILD/tests/test_png" --fixtures "$F" || { bad "fixtures"; finish; exit 1; }
GOOD=tests/golden/render-small.png

run() { # run CMD ARGS...: stdout in $TMP/out, stderr in $TMP/err, code in $rc
  "$DELVE" "$@" > "$TMP/out" 2> "$TMP/err"
  rc=$?
}
refused() { # refused NAME WANT CMD ARGS...: exit 2 and WANT on stderr
  local name=$1 want=$2; shift 2
  run "$@"
  check "$name: exit 2 (rc $rc)" test $rc = 2
  check "$name: says '$want' ($(head -1 "$TMP/err"))" grep -qF -- "$want" "$TMP/err"
}

refused "diff, unknown critical chunk in A" "$F/crit.png: corrupt PNG (unknown critical chunk)" \
  diff "$F/crit.png" "$GOOD" -o "$TMP/d1.png"
check "diff, unknown critical chunk: no diff image" test ! -e "$TMP/d1.png"
refused "diff, unknown critical chunk in B" "$F/crit.png: corrupt PNG (unknown critical chunk)" \
  diff "$GOOD" "$F/crit.png"
refused "diff, bad IDAT CRC" "$F/badcrc.png: corrupt PNG (invalid chunk checksum)" \
  diff "$F/badcrc.png" "$GOOD"
# a palette index past the PLTE is an error (PNG spec 11.2.3), not a pixel that differs
refused "diff, a palette index past the PLTE" \
  "$F/plte-index.png: corrupt PNG (pixel 6,0 has palette index 6, past the 6 entries of its PLTE)" \
  diff "$GOOD" "$F/plte-index.png" -o "$TMP/d2.png"
check "diff, a palette index past the PLTE: no diff image" test ! -e "$TMP/d2.png"

# 8000 x 8000 is within the limits (256 MB decoded): the 60 bytes cannot hold it, which
# is seen before anything is allocated, so 100 MB of address space is plenty
run diff "$GOOD" "$GOOD"
check "a good pair: exit 0 (rc $rc)" test $rc = 0
# ASan reserves terabytes of address space: under DELVE_SANITIZE the cap cannot apply
vlimit=100000
if ldd "$DELVE" 2> /dev/null | grep -q libasan; then vlimit=unlimited; fi
( ulimit -v $vlimit; exec timeout 120 "$DELVE" diff "$GOOD" "$GOOD" ) > /dev/null 2>&1; rc=$?
check "a good pair within 100 MB of address space: exit 0 (rc $rc)" test $rc = 0
( ulimit -v $vlimit; exec timeout 120 "$DELVE" diff "$F/liar.png" "$GOOD" ) > /dev/null 2> "$TMP/err"
rc=$?
check "IDAT of 2 GB declared in 60 bytes: exit 2 within 100 MB (a hang guard of 120 s) (rc $rc)" test $rc = 2
check "IDAT of 2 GB declared: refused as corrupt ($(head -1 "$TMP/err"))" \
  grep -qF "$F/liar.png: corrupt PNG (2 bytes of image data cannot hold 8000 x 8000 pixels)" \
  "$TMP/err"

film="$TMP/film"
"$DELVE" film tests/fixtures/short.film -o "$film" --quiet > /dev/null
frame="$film/frames/frame_0003.png"
cp "$frame" "$TMP/frame.good"
{ head -c 33 "$TMP/frame.good"; cat "$F/crit-chunk.bin"; tail -c +34 "$TMP/frame.good"; } > "$frame"
refused "sheet, a frame with an unknown critical chunk" \
  "$frame: corrupt PNG (unknown critical chunk)" sheet "$film" -o "$TMP/s1.png" --pick all
check "sheet, unknown critical chunk: no sheet written" test ! -e "$TMP/s1.png"
{ head -c -1 "$TMP/frame.good"; printf '\001'; } > "$frame"   # IEND's CRC ends 0x82
refused "sheet, a frame whose IEND CRC is wrong" "$frame: corrupt PNG (invalid chunk checksum)" \
  sheet "$film" -o "$TMP/s2.png" --pick all
cp "$TMP/frame.good" "$frame"
run sheet "$film" -o "$TMP/s3.png" --pick all
check "sheet, the frame put back: exit 0 (rc $rc)" test $rc = 0
finish
