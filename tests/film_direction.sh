# films/scripts/devlog.film, the film that uses the direction: exact frame counts for
# its title card (2 s), the x4 walks, the plates, heal and dry held 1.5 s (18 frames with
# their own; the landing by the script's 2 s hold after it), the 36-frame fall, the three
# 2 s holds and the 3 s end card at 12 fps, the clock exact through them, frames drawn as asked (the
# title card plain, the fall from the side, the hold after the landing the landing's
# frame again), and -O0 draws the same bytes.
. "${0%/*}/lib.bash" "$@" || exit 2
"$DELVE" film films/scripts/devlog.film -o "$TMP/d" --quiet > /dev/null
check "delve film exits 0" test $? = 0
tsv="$TMP/d/events.tsv"
runs=$(awk -F'\t' 'NR > 1 { if ($6 != w) { if (w != "") printf "%s %d,", w, n; w = $6; n = 0 } n++ }
  END { printf "%s %d", w, n }' "$tsv")
check "the film's shape ($runs)" test "$runs" = \
  "title 24,start 1,step 37,plates 1,hold 17,fall 36,land 1,hold 24,step 33,heal 1,hold 17,dry 1,hold 65,end 1,title 36"
rows=$(($(wc -l < "$tsv") - 1))
check "295 frames, 24.6 s at 12 fps (under 30 s)" test "$rows" = 295 -a "$(ls "$TMP/d/frames" | wc -l)" = 295
held=$(awk -F'\t' 'NR > 1 { n[$NF]++ } END { printf "%d,%d,%d,%d,%d", n["plates"], n["land"], n["heal"], n["dry"], n["hold"] }' "$tsv")
check "held: 17 frames for the plates, heal and dry, none for the landing (the script's hold), 72 script holds ($held)" \
  test "$held" = "17,0,17,17,72"
check "the title card and the start share the clock (Day 1 08:00)" \
  awk -F'\t' 'NR == 2 && $2 != 28800 { exit 1 } $6 == "start" && $2 != 28800 { exit 1 }' "$tsv"
check "holds and the end card keep the clock of the frame before" awk -F'\t' '
  NR > 1 && ($6 == "hold" || ($6 == "title" && NR > 30)) && $2 != t { exit 1 } { t = $2 }' "$tsv"
land=$(awk -F'\t' '$6 == "land" { print $1 }' "$tsv")
f() { printf '%s/frames/frame_%04d.png' "$TMP/d" "$1"; }
check "the hold after the landing is the landing's frame again" cmp -s "$(f "$land")" "$(f $((land + 1)))"
check "a slow-motion frame differs from the next (the party moves down the tube)" \
  sh -c "! cmp -s '$(f $((land - 20)))' '$(f $((land - 19)))'"
check "the title card's frames are alike" cmp -s "$(f 1)" "$(f 24)"
"$DELVE_O0" film films/scripts/devlog.film -o "$TMP/o0" --quiet > /dev/null
check "-O0: the same events" cmp -s "$tsv" "$TMP/o0/events.tsv"
check "-O0: a side frame of the fall has the same bytes" cmp -s "$(f $((land - 18)))" \
  "$TMP/o0/frames/frame_$(printf %04d $((land - 18))).png"
# too many frames in holds: the message counts film time, not record every's sub-steps
for i in $(seq 15); do echo "hold 10m"; done > "$TMP/holds.film"
"$DELVE" film "$TMP/holds.film" -o "$TMP/h" > /dev/null 2> "$TMP/err"; rc=$?
check "15 holds of 10 min: exit 2 at the hold that passes the limit, in film time ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qxF 'delve film: $TMP/holds.film:14:1: the film passes 100000 frames here (138 min 53 s of film at 12 fps)' '$TMP/err'"
# a party that died cannot walk on: an error at the walk, before anything is written
printf 'dungeon seed=58 floors=3\nparty "A" health=1\nparty "B" health=1\nwalk to=pit\nwalk to=station\n' > "$TMP/dead.film"
"$DELVE" film "$TMP/dead.film" -o "$TMP/dead" > /dev/null 2> "$TMP/err"; rc=$?
check "a walk after the whole party died: exit 2 at its line, no film ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF 'dead.film:5:1: walk: the whole party is dead; end the film before this line' '$TMP/err' && test ! -e '$TMP/dead'"
# six members at 960 x 540 under a three-line title: the panel takes its compact member
# rows, so all six health bars are drawn whole above the caption (the sixth ran under it)
cat > "$TMP/six.film" <<'FILM'
film    "Six delvers, one pit and a very long film title that must wrap somewhere"
dungeon seed=58 floors=3
frame   960x540
party   "Ash"
party   "Bryn"
party   "Cato"
party   "Dagny"
party   "Eiji"
party   "Fen"
wait    1m
FILM
if needs "six members' bars (ffmpeg, python3)" ffmpeg python3; then
  "$DELVE" film "$TMP/six.film" -o "$TMP/six" --quiet > /dev/null
  ffmpeg -loglevel error -y -i "$TMP/six/frames/frame_0001.png" -f rawvideo -pix_fmt rgb24 "$TMP/six.rgb"
  bars=$(python3 - "$TMP/six.rgb" <<'PY'
import sys
d, w, x = open(sys.argv[1], 'rb').read(), 960, 658   # x: inside every health bar
runs, last, prev = 0, -1, False
for y in range(540):
    on = d[(y * w + x) * 3:(y * w + x) * 3 + 3] == bytes((220, 48, 44))
    runs, last, prev = runs + (on and not prev), y if on else last, on
print(runs, last)
PY
)
  check "six health bars, the last ending at row 336 ($bars)" test "$bars" = "6 336"
fi
# layout compact, made for GIFs: the devlog at 640 x 360 (under 960 x 540: compact
# without being told) plays the same film (events.tsv byte for byte), the map takes the
# whole frame, the caption along the bottom in 11 px text (10 px or more once the frame
# is shown 600 px wide: its ink, capitals to the descender of "Bryn", spans 10 rows or
# more), and the party a ring with each member's dot (amber: Ash) that shows at GIF size
sed 's/^frame .*/frame   640x360/' films/scripts/devlog.film > "$TMP/small.film"
"$DELVE" film "$TMP/small.film" -o "$TMP/small" --quiet > /dev/null
check "640 x 360: the same events as at 1280 x 720" cmp -s "$tsv" "$TMP/small/events.tsv"
if needs "the compact layout's pixels (ffmpeg, python3)" ffmpeg python3; then
  ffmpeg -loglevel error -y -i "$TMP/small/frames/frame_$(printf %04d "$land").png" -f rawvideo -pix_fmt rgb24 "$TMP/land.rgb"
  ffmpeg -loglevel error -y -i "$TMP/small/frames/frame_0063.png" -f rawvideo -pix_fmt rgb24 "$TMP/plates.rgb"
  got=$(python3 - "$TMP/land.rgb" "$TMP/plates.rgb" <<'PY'
import sys
w, h = 640, 360
land, plates = open(sys.argv[1], 'rb').read(), open(sys.argv[2], 'rb').read()
def px(d, x, y): return d[(y * w + x) * 3:(y * w + x) * 3 + 3]
ink = [y for y in range(h - 30, h) if any(min(px(land, x, y)) > 200 for x in range(20, 400))]
amber = [(x, y) for y in range(h) for x in range(w) if px(plates, x, y) == bytes((250, 196, 64))]
xs = [x for x, _ in amber]
print(len(ink), max(ink) - min(ink) + 1 if ink else 0, len(amber) >= 50, (max(xs) - min(xs) + 1) if xs else 0)
PY
)
  set -- $got
  check "compact: the landing's caption ink spans $2 rows (10 or more) at the bottom" test "$2" -ge 10
  check "compact: Ash's amber dot on the party's ring, at least 50 px, $4 px across ($got)" \
    test "$3" = True -a "$4" -ge 10
fi
# a title of one 95-byte word fits no size: it ends in "..." inside the card's margin,
# the first and last 5 % of each row the card's background (it ran off both edges)
if needs "a long word's title card (ffmpeg, python3)" ffmpeg python3; then
  printf 'dungeon seed=58 floors=1\nframe 960x540\ntitle "%s" 1s\nwait 1m\n' \
    "$(printf 'W%.0s' $(seq 95))" > "$TMP/longw.film"
  "$DELVE" film "$TMP/longw.film" -o "$TMP/longw" --quiet > /dev/null
  ffmpeg -loglevel error -y -i "$TMP/longw/frames/frame_0001.png" -f rawvideo -pix_fmt rgb24 "$TMP/longw.rgb"
  edges=$(python3 - "$TMP/longw.rgb" <<'PY'
import sys
d, w, h = open(sys.argv[1], 'rb').read(), 960, 540
back, ink, edge = bytes((14, 14, 18)), 0, 0
for y in range(h):
    for x in range(w):
        p = d[(y * w + x) * 3:(y * w + x) * 3 + 3]
        if p != back:
            ink += 1
            edge += x < w // 20 or x >= w - w // 20
print(ink > 2000, edge)
PY
)
  check "a 95-byte word's title: drawn, nothing at the edges ($edges)" test "$edges" = "True 0"
fi
# text no font draws (a private-use code point) is warned of before the film, once per
# text, and the film is made; --quiet says nothing; plain ASCII opens no font to check
printf 'dungeon seed=58 floors=1\ncaption "Sign \356\200\200 here"\nwait 1m\n' > "$TMP/pua.film"
"$DELVE" film "$TMP/pua.film" -o "$TMP/pua" > /dev/null 2> "$TMP/err"; rc=$?
want=$(printf 'delve film: warning: no font here draws U+E000 in a caption "Sign \356\200\200 here": it shows as a box (install a font that has it, or give --font)')
check "a glyph no font draws: warned of, exit 0 ($(cat "$TMP/err"))" \
  test $rc = 0 -a "$(cat "$TMP/err")" = "$want"
"$DELVE" film "$TMP/pua.film" -o "$TMP/pua" --quiet > /dev/null 2> "$TMP/err"
check "  and --quiet says nothing" test ! -s "$TMP/err"
# pick=events takes each title card's first frame (the opening card, frame 1, and the end
# card, 209) as the recorder does, so a remade sheet is the film's, pixel for pixel
"$DELVE" sheet "$TMP/d" -o "$TMP/d-re.png" --title "Delve devlog: the fall" > "$TMP/out"
check "the remade sheet takes 11 frames, the cards' first among them ($(cat "$TMP/out"))" \
  grep -qF "(11 frames of 295)" "$TMP/out"
check "  and it is the film's sheet" "$DELVE" diff "$TMP/d/sheet.png" "$TMP/d-re.png"
# warned NAME WARNED SCRIPT QUIET: film SCRIPT exits 0 with exactly the warning WARNED
# (file:line: naming $TMP/NAME.film), and QUIET, a script alike whose move is seen whole,
# with none
warned() {
  local name=$1 want=$2; printf '%b' "$3" > "$TMP/$name.film"; printf '%b' "$4" > "$TMP/$name-q.film"
  "$DELVE" film "$TMP/$name.film" -o "$TMP/$name" > /dev/null 2> "$TMP/err"; local rc=$?
  check "$name: warned of, exit 0 ($(cat "$TMP/err"))" test $rc = 0 -a \
    "$(cat "$TMP/err")" = "delve film: warning: $TMP/$name.film:$want"
  "$DELVE" film "$TMP/$name-q.film" -o "$TMP/$name-q" > /dev/null 2> "$TMP/err"
  check "  and one seen whole is not" test ! -s "$TMP/err"
}
# a camera move the film's end cuts short, with the hold that would show it
warned cam_end "2: the camera move has 17 frames left when the film ends (hold 1417ms more at the end to show it whole)" \
  'wait 1m\ncamera zoom 48 over 2s\nhold 500ms\n' 'wait 1m\ncamera zoom 48 over 2s\nhold 2s\n'
# a caption replaced before any frame shows it is named, with the line replacing it;
# a wait between them shows both
warned caption_lost "2: this caption is replaced by line 4's before any frame shows it (a walk, use, wait or hold between them would show it)" \
  'wait 1m\ncaption "lost"\nsave a.sav\ncaption "seen"\nwait 1m\n' 'wait 1m\ncaption "one"\nwait 1m\ncaption "two"\nwait 1m\n'
# after a landing the hold would keep the fall's side view: the advice says view top first
warned cam_land "4: the camera move has 11 frames left when the film ends (view top, then hold 917ms more at the end to show it whole)" \
  'dungeon seed=58 floors=3\nspeed x8\nwalk to=pit\ncamera at 10,10 zoom 48 over 1s\n' \
  'dungeon seed=58 floors=3\nspeed x8\nwalk to=pit\ncamera at 10,10 zoom 48 over 1s\nview top\nhold 917ms\n'
# a move still going when the plates give way plays hidden behind the fall and ends on
# landing; one that ends on the walk to the pit is seen whole
warned cam_fall "2: the camera move has 404 frames (33667ms) left when the plates give way: the fall's side view would hide them, so it ends there (a shorter 'over', or a hold before the walk, shows it whole)" \
  'dungeon seed=58\ncamera whole over 60s\nwalk to=pit\n' 'dungeon seed=58\ncamera zoom 32 over 1s\nwalk to=pit\n'
# and ends there: a move at a square of floor 1 (which the landing does not change) is not
# still going at a view side after the fall, nor at the film's end
printf 'dungeon seed=58\nspeed x64\ncamera at 30,12 zoom 32 over 10s\nwalk to=pit\nview side\nhold 1s\n' > "$TMP/cam_at.film"
"$DELVE" film "$TMP/cam_at.film" -o "$TMP/cam_at" > /dev/null 2> "$TMP/err"; rc=$?
check "  a move the fall ended: view side after the landing plays, one warning ($(cat "$TMP/err"))" \
  test $rc = 0 -a "$(grep -c warning "$TMP/err")" = 1
finish
