# delve sheet: a contact sheet made again from a film's folder; a missing frame keeps
# its cell; a bad events.tsv is refused with file:line:col.
. "${0%/*}/lib.bash" "$@" || exit 2
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4 "x" $5*16777216+$6*65536+$7*256+$8 }'; }
film="$TMP/film"
"$DELVE" film tests/fixtures/short.film -o "$film" --quiet > /dev/null
"$DELVE" sheet "$film" -o "$TMP/all.png" --pick all --columns 5 > "$TMP/out"
check "sheet --pick all: exit 0" test $? = 0
check "sheet says how many frames ($(cat "$TMP/out"))" grep -q "(63 frames of 63)" "$TMP/out"
# thumbnails of 960x540 frames are 240x135: 8 px gutter + 5 x (240 + 8) = 1248 px wide
check "sheet is 1248 px wide for 5 columns ($(png_size "$TMP/all.png"))" \
  sh -c "png_size() { od -An -tu1 -j16 -N4 \"\$1\" | awk '{ print \$1*16777216+\$2*65536+\$3*256+\$4 }'; }; test \$(png_size '$TMP/all.png') = 1248"
# a sheet in two pages, then in one, then in two again: no page of an earlier sheet is
# left beside the new one; a PNG past the last page goes too (an earlier sheet's), a
# file there that is not a PNG is not delve's and stays (98 frames: every 4th tick)
sed 's/^record  every=10/record  every=4/' tests/fixtures/short.film > "$TMP/long.film"
"$DELVE" film "$TMP/long.film" -o "$TMP/long" --quiet > /dev/null
mkdir "$TMP/pages"
"$DELVE" sheet "$TMP/long" -o "$TMP/pages/s.png" --pick all --columns 1 > /dev/null
cp "$TMP/pages/s-1.png" "$TMP/pages/s-3.png"
n1=$(ls "$TMP/pages" | tr '\n' ' ')
"$DELVE" sheet "$TMP/long" -o "$TMP/pages/s.png" --pick all --columns 2 > /dev/null
n2=$(ls "$TMP/pages" | tr '\n' ' ')
"$DELVE" sheet "$TMP/long" -o "$TMP/pages/s.png" --pick all --columns 1 > /dev/null
n3=$(ls "$TMP/pages" | tr '\n' ' ')
check "pages replaced as a set: 2 pages (and a third copied), one, 2 ($n1/ $n2/ $n3)" \
  test "$n1" = "s-1.png s-2.png s-3.png " -a "$n2" = "s.png " -a "$n3" = "s-1.png s-2.png "
cp "$TMP/pages/s-1.png" "$TMP/pages/s-7.png" # an earlier sheet's page past a gap
"$DELVE" sheet "$TMP/long" -o "$TMP/pages/s.png" --pick all --columns 1 > /dev/null
check "a stale page past a gap goes too ($(ls "$TMP/pages" | tr '\n' ' '))" test ! -e "$TMP/pages/s-7.png"
echo notes > "$TMP/pages/s-3.png"
"$DELVE" sheet "$TMP/long" -o "$TMP/pages/s.png" --pick all --columns 1 > /dev/null
check "a file there that is not a PNG stays" grep -qx notes "$TMP/pages/s-3.png"
rm "$film/frames/frame_0002.png"
"$DELVE" sheet "$film" -o "$TMP/missing.png" --pick all --columns 5 > /dev/null
check "a missing frame: still exit 0" test $? = 0
check "a missing frame keeps its cell (same size)" test "$(png_size "$TMP/all.png")" = "$(png_size "$TMP/missing.png")"
check "a missing frame is drawn differently" sh -c "! cmp -s '$TMP/all.png' '$TMP/missing.png'"
"$DELVE" sheet "$film" -o "$TMP/events.png" > "$TMP/out"
check "default pick is events: start, plates, 3 in the tube, land, end ($(cat "$TMP/out"))" grep -q "(7 frames of 63)" "$TMP/out"
cp "$film/events.tsv" "$TMP/events.good"
sed 's/$/\r/' "$TMP/events.good" > "$film/events.tsv"
"$DELVE" sheet "$film" -o "$TMP/crlf.png" > "$TMP/out"
check "CRLF line ends are read ($(cat "$TMP/out"))" grep -q "(7 frames of 63)" "$TMP/out"
awk 'NR == 4 { $1 = 2 } 1' OFS='\t' "$TMP/events.good" > "$film/events.tsv"
"$DELVE" sheet "$film" -o "$TMP/bad.png" 2> "$TMP/err"; rc=$?
check "frame numbers must go up ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$film/events.tsv:4:1: '\''2'\'' is not a number in 3..100000' '$TMP/err'"
awk 'NR == 3 { $3 = 99999999999 } 1' OFS='\t' "$TMP/events.good" > "$film/events.tsv"
"$DELVE" sheet "$film" -o "$TMP/bad.png" 2> "$TMP/err"; rc=$?
check "a huge floor number: exit 2 at its column ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF 'events.tsv:3:' '$TMP/err' && grep -q 'not a number in 1..32' '$TMP/err'"
awk 'NR == 3 { $2 = "4611686018427387903" } 1' OFS='\t' "$TMP/events.good" > "$film/events.tsv"
"$DELVE" sheet "$film" -o "$TMP/bad.png" 2> "$TMP/err"; rc=$?
check "a game clock past its limit: exit 2 at its column, not a negative day ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$film/events.tsv:3:3: '\''4611686018427387903'\'' is not a number in 0..1000000000000' '$TMP/err'"
printf 'frame\ttime_s\tfloor\tevent\n1\t2\0\t1\tstart\n' > "$film/events.tsv"
"$DELVE" sheet "$film" -o "$TMP/bad.png" 2> "$TMP/err"; rc=$?
check "a NUL byte: exit 2 at its line and column ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$film/events.tsv:2:4: NUL byte' '$TMP/err'"
rm "$film/events.tsv" && mkfifo "$film/events.tsv"
timeout 10 "$DELVE" sheet "$film" -o "$TMP/bad.png" 2> "$TMP/err"; rc=$?
check "a FIFO for events.tsv: refused, not waited on (rc $rc)" test $rc = 2
rm "$film/events.tsv"
printf 'what\tever\n1\t2\n' > "$film/events.tsv"
"$DELVE" sheet "$film" -o "$TMP/bad.png" 2> "$TMP/err"; rc=$?
check "a foreign events.tsv: exit 2 with file:line:col ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$film/events.tsv:1:1: not a delve events.tsv' '$TMP/err' && test ! -e '$TMP/bad.png'"
"$DELVE" sheet "$TMP/nowhere" -o "$TMP/x.png" 2> /dev/null; rc=$?
check "no such folder: exit 2" test $rc = 2
finish
