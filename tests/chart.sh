# The health chart on a film's sheet and `delve sheet --chart` on the folder: the same
# pixels; a remade sheet keeps seed and floors under a title; progress lines with the
# film's total when stderr is not a terminal (--progress), none without it.
. "${0%/*}/lib.bash" "$@" || exit 2
film="$TMP/film"
"$DELVE" film tests/fixtures/short.film -o "$film" --progress > /dev/null 2> "$TMP/progress"
check "film with --progress: exit 0" test $? = 0
# a line every 5 % of the 63 frames (the fall's 36 among them): every 63 / 20 = 3 frames
check "progress: 21 lines, frame 3/63 first ($(head -1 "$TMP/progress"))" \
  test "$(grep -c '^delve film: frame [0-9]*/63$' "$TMP/progress")" = 21 -a \
       "$(head -1 "$TMP/progress")" = "delve film: frame 3/63"
check "progress: the last frame line is 63/63, then the sheet" \
  test "$(grep frame "$TMP/progress" | tail -1)" = "delve film: frame 63/63" -a \
       "$(tail -1 "$TMP/progress")" = "delve film: sheet"
"$DELVE" film tests/fixtures/short.film -o "$TMP/quiet" > /dev/null 2> "$TMP/none"
check "stderr not a terminal, no --progress: nothing on it" test ! -s "$TMP/none"
"$DELVE" film tests/fixtures/short.film -o "$TMP/q2" --quiet --progress > /dev/null 2> "$TMP/none"; rc=$?
check "--quiet with --progress: refused, exit 2, no film ($(head -1 "$TMP/none"))" sh -c \
  "test $rc = 2 && grep -q -- '--quiet and --progress: choose one' '$TMP/none' && test ! -e '$TMP/q2'"
check "the folder notes seed and floors" grep -qx "seed 58 floors 3" "$film/.delve-output"
check "the folder notes the film's title" grep -qx "title Short" "$film/.delve-output"
# remade with the script's columns and pick, the sheet is the film's own, title and all
"$DELVE" sheet "$film" --columns 6 -o "$TMP/same.png" > /dev/null
check "a remade sheet is the film's sheet, byte for byte" cmp "$TMP/same.png" "$film/sheet.png"
for opt in "--title T" "--pick all"; do
  "$DELVE" sheet "$film" --chart $opt -o "$TMP/refused.png" > /dev/null 2> "$TMP/err"; rc=$?
  check "sheet --chart $opt: refused, exit 2, nothing written ($(head -1 "$TMP/err"))" sh -c \
    "test $rc = 2 && grep -q 'would change nothing' '$TMP/err' && test ! -e '$TMP/refused.png'"
done

# the film's sheet: 7 event frames in 6 columns (short.film's sheet default)
"$DELVE" sheet "$film" --chart --columns 6 -o "$TMP/chart.png" > "$TMP/out"
check "sheet --chart: exit 0 ($(cat "$TMP/out"))" grep -q "the chart of 63 frames" "$TMP/out"
"$DELVE" sheet "$film" --columns 6 --title "A title" -o "$TMP/remade.png" > /dev/null
if needs "a PNG crop (python3)" python3; then
  cat > "$TMP/crop.py" <<'PY'
import struct, sys, zlib
def rgba(path):  # 8-bit RGB or RGBA, non-interlaced: what delve writes; rows as RGB(A)
    data = open(path, 'rb').read()
    pos, idat, w, h, bpp = 8, b'', 0, 0, 4
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h = struct.unpack('>II', body[:8])
            bpp = 3 if body[9] == 2 else 4
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    raw, rows, stride, prev = zlib.decompress(idat), [], w * bpp, bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line) if bpp == 4 else
                    b''.join(bytes(line[i:i + 3]) + b'\xff' for i in range(0, stride, 3)))
        prev = line
    return w, h, rows
sw, sh, sheet = rgba(sys.argv[1])
cw, ch, chart = rgba(sys.argv[2])
x, y = int(sys.argv[3]), int(sys.argv[4])
same = all(sheet[y + r][x * 4:(x + cw) * 4] == chart[r] for r in range(ch))
print(cw, ch, 'same' if same else 'differ')
sys.exit(0 if same else 1)
PY
  # the band sits under the 64 px header and an 8 px gutter, 8 px in
  check "the film's sheet.png carries the chart, pixel for pixel ($(python3 "$TMP/crop.py" "$film/sheet.png" "$TMP/chart.png" 8 72))" \
    python3 "$TMP/crop.py" "$film/sheet.png" "$TMP/chart.png" 8 72
  check "a remade sheet carries the same chart" python3 "$TMP/crop.py" "$TMP/remade.png" "$TMP/chart.png" 8 72
fi
# at 24 fps the remade chart keeps the film's time (the marker says "fps 24"; without it
# the axis ran to twice the film's length)
sed 's/^frame .*/&\nfps     24/' tests/fixtures/short.film > "$TMP/fps24.film"
"$DELVE" film "$TMP/fps24.film" -o "$TMP/f24" --quiet > /dev/null
check "the folder notes the fps" grep -qx "fps 24" "$TMP/f24/.delve-output"
"$DELVE" sheet "$TMP/f24" --chart --columns 6 -o "$TMP/chart24.png" > /dev/null
if needs "a PNG crop (python3)" python3; then
  check "a 24 fps film's remade chart is its sheet's, pixel for pixel" \
    python3 "$TMP/crop.py" "$TMP/f24/sheet.png" "$TMP/chart24.png" 8 72
fi
# the remade sheet with --title keeps "seed 58   floors 3": it differs from one made
# when the marker says nothing only in the header
grep -v '^seed ' "$film/.delve-output" > "$TMP/marker" && cp "$TMP/marker" "$film/.delve-output"
"$DELVE" sheet "$film" --columns 6 --title "A title" -o "$TMP/noseed.png" > /dev/null
"$DELVE" diff "$TMP/remade.png" "$TMP/noseed.png" --format json > "$TMP/diff.json"
check "seed and floors in the remade sheet's header only ($(cat "$TMP/diff.json"))" \
  python3 -c "import json; d = json.load(open('$TMP/diff.json')); assert d['total'] > 0 and d['box']['y1'] < 64, d"
finish
