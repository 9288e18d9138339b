# delve diff on the command line: exit codes, messages, limits, JSON, the diff image.
# The fixture PNGs come from `test_diff --fixtures DIR` (made by code, see test_diff.c).
. "${0%/*}/lib.bash" "$@" || exit 2
F="$TMP/fx"
mkdir -p "$F"
"$BUILD/tests/test_diff" --fixtures "$F" || { bad "fixtures"; finish; exit 1; }

run() { # run ARGS...: delve diff ARGS, stdout in $TMP/out, stderr in $TMP/err, code in $rc
  "$DELVE" diff "$@" > "$TMP/out" 2> "$TMP/err"
  rc=$?
}
has() { grep -qF -- "$1" "$2"; }

run "$F/tile-a.png" "$F/tile-b.png"
check "12-step tint on a 24x24 tile: exit 1 (rc $rc)" test $rc = 1
check "tint: count, ratio, box ($(cat "$TMP/out"))" \
  has "576 of 576 pixels differ (100.0000 %), box x 0..23 y 0..23 (24 x 24): DIFFERENT" "$TMP/out"
run "$F/tile-a.png" "$F/tile-b.png" --threshold 0.1
check "tint under pixelmatch's default threshold: not seen, exit 0 (rc $rc)" sh -c "test $rc = 0 && grep -q ': none over the threshold' '$TMP/out'"
run "$F/tile-a.png" "$F/tile-a.png"
check "same file: exit 0, identical (rc $rc)" sh -c "test $rc = 0 && grep -q ': identical' '$TMP/out'"

run "$F/size-64x64.png" "$F/size-64x65.png" -o "$TMP/size.png"
check "64x64 vs 64x65: exit 1 (rc $rc)" test $rc = 1
check "64x64 vs 64x65: says the sizes differ ($(head -1 "$TMP/out"))" \
  has "sizes differ: $F/size-64x64.png is 64 x 64, $F/size-64x65.png is 64 x 65" "$TMP/out"
check "64x64 vs 64x65: only the extra row counts" has "64 of 4160 pixels differ" "$TMP/out"
run "$TMP/size.png" "$F/size-64x65.png" --format json
check "64x64 vs 64x65: diff image padded to 64 x 65" has '"a_width":64,"a_height":65' "$TMP/out"
run "$F/size-64x64.png" "$F/size-65x64.png" --max-diff-pixels 1000 -o "$TMP/size2.png"
check "64x64 vs 65x64: exit 1 even within --max-diff-pixels (rc $rc)" test $rc = 1
run "$TMP/size2.png" "$F/size-65x64.png" --format json
check "64x64 vs 65x64: diff image 65 x 64" has '"a_width":65,"a_height":64' "$TMP/out"

run "$F/deep-a.png" "$F/deep-b.png"
check "16-bit pair, one low byte: exit 1, 1 pixel (rc $rc)" \
  sh -c "test $rc = 1 && grep -q '^delve diff: 1 of 64 pixels differ' '$TMP/out'"
run "$F/deep-a.png" "$F/deep-8.png"
check "16-bit v*257 vs 8-bit v: equal (rc $rc)" test $rc = 0
run "$F/alpha-a.png" "$F/alpha-b.png"
check "alpha-only differences: exit 1, 3 pixels (rc $rc)" \
  sh -c "test $rc = 1 && grep -q '^delve diff: 3 of 256 pixels differ' '$TMP/out'"
for t in "pal.png pal-rgba.png" "grey.png grey-rgb.png" "ga.png ga-rgba.png"; do
  set -- $t
  run "$F/$1" "$F/$2"
  check "$1 and its twin $2: equal (rc $rc)" test $rc = 0
done

# limits: 16 changed pixels of 4800 in aa1 at T=0.05 with --aa
A="$F/aa1-a.png" B="$F/aa1-b.png"
run "$A" "$B" --threshold 0.05 --aa --max-diff-pixels 16
check "--max-diff-pixels 16 with 16 changed: exit 0 (rc $rc)" test $rc = 0
check "within the limits is said" has "within the limits" "$TMP/out"
run "$A" "$B" --threshold 0.05 --aa --max-diff-pixels 15
check "--max-diff-pixels 15 with 16 changed: exit 1 (rc $rc)" test $rc = 1
run "$A" "$B" --threshold 0.05 --aa --max-diff-ratio 0.004
check "--max-diff-ratio 0.004 (16/4800 = 0.0033): exit 0 (rc $rc)" test $rc = 0
run "$A" "$B" --threshold 0.05 --aa --max-diff-ratio 0.003
check "--max-diff-ratio 0.003: exit 1 (rc $rc)" test $rc = 1
run "$A" "$B" --threshold 0.05 --aa --max-diff-ratio 0.004 --max-diff-pixels 10
check "both limits given: both must hold, exit 1 (rc $rc)" test $rc = 1

run "$A" "$B" --threshold 0.05 --aa --format json -o "$TMP/aa.png"
check "json: exit 1 (rc $rc)" test $rc = 1
check "json: one line" test "$(wc -l < "$TMP/out")" = 1
for want in '"a":"'"$A"'"' '"changed":16,' '"aa":76,' '"total":4800,' '"size_differs":false' \
            '"box":{"x0":68,"y0":48,"x1":71,"y1":51}' '"threshold":0.050' '"aa_detection":true' \
            '"diff_image":"'"$TMP/aa.png"'"' '"within_limits":false}' '"ratio":0.00333333333,'; do
  check "json has $want" has "$want" "$TMP/out"
done
check "json: diff image written" test -s "$TMP/aa.png"
run "$F/tile-a.png" "$F/tile-a.png" --format json
check "json of identical files: box null, within limits" \
  sh -c "test $rc = 0 && grep -qF '\"box\":null' '$TMP/out' && grep -qF '\"within_limits\":true' '$TMP/out'"
if needs "json parses" python3; then
  run "$A" "$B" --format json
  check "json parses (python3)" python3 -c "import json,sys; d=json.load(open('$TMP/out')); assert d['total']==4800 and d['box']['x1']>=d['box']['x0']"
fi

# bad input and usage: exit 2, the file named, nothing written
expect2() { # expect2 NAME WANT ARGS...
  local name=$1 want=$2; shift 2
  run "$@"
  check "$name: exit 2 (rc $rc)" test $rc = 2
  check "$name: message has '$want' ($(head -1 "$TMP/err"))" has "$want" "$TMP/err"
}
expect2 "corrupt PNG" "$F/corrupt.png: corrupt PNG" "$F/corrupt.png" "$F/tile-a.png" -o "$TMP/no1.png"
check "corrupt PNG: no diff image" test ! -e "$TMP/no1.png"
expect2 "missing file" "$F/nowhere.png" "$F/tile-a.png" "$F/nowhere.png" -o "$TMP/no2.png"
check "missing file: no diff image" test ! -e "$TMP/no2.png"
expect2 "not a PNG" "$F/notpng.png: not a PNG" "$F/notpng.png" "$F/tile-a.png"
expect2 "hostile size" "20000 x 16 is past the limit" "$F/huge.png" "$F/tile-a.png"
expect2 "hostile pixel count" "10000 x 10000 is past the limit" "$F/tile-a.png" "$F/many.png"
expect2 "one image" "two images are needed" "$F/tile-a.png"
expect2 "three images" "one image too many" "$F/tile-a.png" "$F/tile-a.png" "$F/tile-b.png"
expect2 "threshold 1.5" "--threshold: '1.5' is not a number in 0..1" "$A" "$B" --threshold 1.5
expect2 "threshold 0.0001" "at most 3 decimals" "$A" "$B" --threshold 0.0001
expect2 "threshold abc" "'abc' is not a number" "$A" "$B" --threshold abc
expect2 "--aa alone" "--aa needs --threshold" "$A" "$B" --aa
expect2 "ratio -1" "--max-diff-ratio: '-1'" "$A" "$B" --max-diff-ratio -1
expect2 "pixels x" "--max-diff-pixels: 'x'" "$A" "$B" --max-diff-pixels x
expect2 "format xml" "'xml' is not text or json" "$A" "$B" --format xml
expect2 "unknown option" "unknown option '--frobnicate'" "$A" "$B" --frobnicate
expect2 "-o without value" "-o needs a value" "$A" "$B" -o
expect2 "-o into a missing folder" "$TMP/no/such/dir/d.png" "$A" "$B" -o "$TMP/no/such/dir/d.png"
# app/lazy_libs.c, app/lazy_gsl.c: a diff neither opens a window, draws text nor tests
# significance, so SDL and GSL are never loaded
LD_DEBUG=libs "$DELVE" diff "$F/tile-a.png" "$F/tile-b.png" -o "$TMP/lazy.png" > /dev/null 2> "$TMP/libs"
check "delve diff starts without SDL2, SDL2_ttf, fontconfig or GSL ($(grep -c 'calling init' "$TMP/libs") libraries)" \
  sh -c "grep -q 'calling init: .*libdeflate' '$TMP/libs' && ! grep -q 'libSDL2\|libfontconfig\|libgsl' '$TMP/libs'"
"$DELVE" diff --help > "$TMP/help"; rc=$?
check "--help: exit 0, usage" sh -c "test $rc = 0 && grep -q '^usage: delve diff' '$TMP/help'"
"$DELVE" --help | grep -q '^  diff '
check "delve --help lists diff" test $? = 0
finish
