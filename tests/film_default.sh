# The default film end to end: frames, sheet and events.tsv, and the health story in
# events.tsv: every living member is lower on the land row than on the start row, and
# higher on the heal row than on the land row.
. "${0%/*}/lib.bash" "$@" || exit 2
out="$TMP/film"
"$DELVE" film films/scripts/pits-and-stations.film -o "$out" --quiet > "$TMP/stdout"
check "delve film exits 0" test $? = 0
check "prints the sheet path" grep -q "$out/sheet.png" "$TMP/stdout"
check "frame_0001.png written" test -s "$out/frames/frame_0001.png"
check "sheet.png written" test -s "$out/sheet.png"
check "no temporary files left" test -z "$(find "$out" -name '*.tmp*')"
# a hold drawn as the frame before it is a copy of that frame's file, not encoded again
check "68 held frames copied, not encoded ($(grep -o '([0-9]* held frames[^)]*)' "$TMP/stdout"))" grep -q '(68 held frames the same as the one before: copied, not encoded)' "$TMP/stdout"
same=$(cd "$out/frames" && prev= && n=0 && for f in *.png; do h=$(md5sum < "$f"); [ "$h" = "$prev" ] && n=$((n + 1)); prev=$h; done && echo $n)
# ... and two frames of the slow fall repeat the one before too, drawn (not holds)
check "70 frames hold the bytes of the frame before them ($same)" test "$same" = 70
tsv="$out/events.tsv"
check "events.tsv header" grep -q "^frame	time_s	floor	x	y	event	Ash_health	Ash_power" "$tsv"
for word in start plates fall land heal dry wait end; do
  check "an event row: $word" awk -F'\t' -v w="$word" 'NR > 1 && $6 == w { f = 1 } END { exit !f }' "$tsv"
done
story=$(awk -F'\t' '
  NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /_health$/) cols[++n] = i; next }
  $6 == "start" && !s { for (k = 1; k <= n; k++) start[k] = $(cols[k]); s = 1 }
  $6 == "land" && !l  { for (k = 1; k <= n; k++) land[k] = $(cols[k]); l = 1 }
  $6 == "heal" && !h  { for (k = 1; k <= n; k++) heal[k] = $(cols[k]); h = 1 }
  END {
    if (!s || !l || !h) { print "missing rows"; exit }
    for (k = 1; k <= n; k++) {
      if (land[k] <= 0) continue
      if (!(land[k] < start[k])) print "member " k " not hurt: " start[k] " -> " land[k]
      if (!(heal[k] > land[k])) print "member " k " not healed: " land[k] " -> " heal[k]
    }
    print "ok"
  }' "$tsv")
check "health drops at the fall and rises at the font ($story)" test "$story" = ok
# the land row is exactly the fall: 7 m (rising: floor 2 stands by the real ground,
# 1 m deeper than plain floors' 6 m under floor 1's sunk part), armour 15/5/25 % ->
# 12/14/11
check "exact fall damage on the land row" awk -F'\t' '
  $6 == "start" && !s { a = $7; b = $9; c = $11; s = 1 }
  $6 == "land" && !l { l = 1; exit !(a - $7 == 12 && b - $9 == 14 && c - $11 == 11) }' "$tsv"
# every film's fall is 3 s of slow motion by default: 36 fall rows at 12 fps, 12 at each
# tube tick (plates + 1, + 2, + 3), the clock the rules' (landing at + 4): 297 frames
# with a frame a tube tick, 297 - 3 + 36 = 330 with slow motion
fall=$(awk -F'\t' '$6 == "plates" { p = $2 } $6 == "fall" { n[$2 - p]++ }
  $6 == "land" && !l { l = $2 - p } END { printf "%d,%d,%d,%d", n[1], n[2], n[3], l }' "$tsv")
check "the fall: 12 frames a tube tick, landing 4 s after the plates ($fall)" test "$fall" = "12,12,12,4"
# each event's frame stays on screen 1.5 s (films/README.md, "Holds"): 17 hold frames
# after the plates, the landing, the heal and the dry each, 330 + 4 x 17 = 398 frames
check "398 frames" test "$(($(wc -l < "$tsv") - 1))" = 398
check "events.tsv ends in the held column" grep -q "	digest	caption	held$" "$tsv"
held=$(awk -F'\t' 'NR > 1 && $NF != "-" { n[$NF]++ } END {
  printf "%d,%d,%d,%d,%d", n["plates"], n["land"], n["heal"], n["dry"], n["hold"] }' "$tsv")
check "17 held frames each for plates, land, heal, dry, no script hold ($held)" \
  test "$held" = "17,17,17,17,0"
check "held frames are hold rows with their event's caption and clock" awk -F'\t' '
  NR > 1 && $NF == "-" { cap = $(NF - 1); t = $2 }
  NR > 1 && $NF != "-" && ($6 != "hold" || $(NF - 1) != cap || $2 != t) { bad = 1 }
  END { exit bad }' "$tsv"
check "the heal is no longer on the frame before the dry" awk -F'\t' '
  $6 == "heal" { h = $1 } $6 == "dry" { exit !($1 == h + 18) }' "$tsv"
frames=$(ls "$out/frames" | wc -l)
rows=$(($(wc -l < "$tsv") - 1))
check "one events.tsv row per frame ($rows rows, $frames frames)" test "$rows" = "$frames"
finish
