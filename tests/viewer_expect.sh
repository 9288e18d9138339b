# The window as people expect it, under Xvfb, driven by xdotool: each behaviour is a
# window picture compared byte for byte with the headless render of the same keys, and
# that headless render checked for the behaviour itself (its status line, or a picture
# it must differ from), so a behaviour that stops working fails here. The least window
# size is put back when the window is made smaller (nothing squeezed); a wheel zoom on a
# fitted floor keeps the square under the mouse; ? shows the keys over the map; the
# keys come back in the caption box when the mouse rests; a pit's hover line says where
# it lands; F12 numbers its shots; a .dun's own name is the panel's title; a seed whose
# floor 1 has no pit opens exploring; --film shows the film's own frames. Skipped (77) without xvfb-run, Xvfb, xauth or
# xdotool (scripts/deps.sh --test installs them).
. "${0%/*}/lib.bash" "$@" || exit 2
needs "the window under Xvfb" xvfb-run Xvfb xauth xdotool || { finish; exit; }
H=$TMP/head W=$TMP/win
mkdir -p "$H" "$W"
SHOTS=$H  # the headless renders (tests/lib.bash: shot, status, says) go there
render() { shot "$@"; }
same() { check "$1" cmp -s "$W/$2.png" "$H/$2.png"; }
cp tests/fixtures/dun/terrains.dun "$TMP/terrains.dun"
cp tests/fixtures/dun/terrains.dun "$TMP/other.dun"

# headless: what each behaviour must give
render small --seed 58 --size 640x480 --keys x
render plain --seed 58 --keys "0 f"
render fitzoom --seed 58 --keys "0 move:300,200 wheel:1 wheel:1"
render fitmove --seed 58 --keys "0 move:300,200"
render help --seed 58 --keys "0 f ?"
render pit --seed 58 --keys "0 move:413,405"
render terrains "$TMP/terrains.dun" --keys x
render other "$TMP/other.dun" --keys x
render explore --seed 123 --keys "space"
sq=$(status fitmove | cut -d: -f1)
says fitzoom "$sq: "
check "the fitted floor zoomed twice is not the fitted view" sh -c "! cmp -s '$H/fitzoom.png' '$H/fitmove.png'"
check "? draws the key overlay over the map" sh -c "! cmp -s '$H/help.png' '$H/plain.png'"
says pit "26,24: pit (plates): falls 7.0 m, lands on floor 2 at 26,24"
check "a .dun's name is the panel's title: other.dun is not terrains.dun" \
  sh -c "! cmp -s '$H/terrains.png' '$H/other.png'"
says explore "exploring: the default film cannot start here (walk: no pit reachable on floor 1)"

cat > "$TMP/inner.sh" <<'INNER'
# runs inside xvfb-run: $1 delve, $2 folder, $3 the source tree; findings go to $2/log
delve=$1; cd "$2" || exit 1
log() { echo "$*" >> log; }
shot() { # F12, then wait for the screenshot and name it $1 (shot-0001.png is moved away)
  rm -f shot-0001.png; xdotool key F12
  for _ in $(seq 300); do [ -s shot-0001.png ] && break; sleep 0.1; done
  sleep 0.2; mv shot-0001.png "$1.png"
}
open() { # open ARGS...: the viewer, its window focused, the pointer off it
  "$delve" view "$@" > /dev/null 2>&1 & pid=$!
  wid=$(xdotool search --sync --onlyvisible --name "delve view" | head -1)
  xdotool windowfocus --sync "$wid"; xdotool mousemove 1599 899; sleep 0.5
}
quit() { xdotool key Escape; wait "$pid"; log "$1 exit $?"; }
# the least size: a window made 400 x 300 is put back to 640 x 480
open --seed 58
xdotool windowsize --sync "$wid" 400 300; sleep 1
log "size $(xdotool getwindowgeometry "$wid" | sed -n 's/.*Geometry: //p')"
xdotool key x; shot small
quit small
# the wheel on the fitted floor, the mouse at 300,200; ?; the pit's hover
open --seed 58
xdotool key 0; xdotool mousemove --window "$wid" 300 200; sleep 0.3
xdotool click 4; sleep 0.2; xdotool click 4; sleep 0.3
shot fitzoom
xdotool mousemove 1599 899; sleep 0.3; xdotool key f; xdotool key 0
xdotool mousemove --window "$wid" 413 405; sleep 0.3
shot pit
# resting: the keys come back in the caption box instead of the square's words (F1,
# no key's, clears F12's message first)
xdotool key F1; sleep 5; shot rested
xdotool mousemove 1599 899; sleep 0.3; xdotool key f
xdotool key question; shot help
# F12 twice without moving them away: two files
xdotool key F12; sleep 0.5; xdotool key F12
for _ in $(seq 100); do [ -s shot-0002.png ] && break; sleep 0.1; done
ls shot-*.png > shots
quit main
open "$2/../other.dun"; xdotool key x; shot other; quit dun
open --seed 123; xdotool key space; shot explore; quit explore
# --film: End, and the window shows the film's last frame (its end card)
open --film "$3/films/scripts/devlog.film"; xdotool key End; sleep 1; shot film-end
# the film's frame has no status line: F12's message is in the window's title
sleep 0.5; log "title $(xdotool getwindowname "$wid")"
quit film
# and ten shots on from the start, one . at a time: the film's tenth frame (the card)
open --film "$3/films/scripts/devlog.film"
for _ in $(seq 10); do xdotool key period; sleep 0.1; done
shot film-10; quit film10
INNER
"$DELVE" film films/scripts/devlog.film -o "$TMP/devlog" > /dev/null 2>&1
xvfb-run -a -s "-screen 0 1600x900x24" bash "$TMP/inner.sh" "$DELVE" "$W" "$PWD" > /dev/null 2>&1
log=$W/log
check "the window put back to the least size ($(grep '^size' "$log"))" grep -qx "size 640x480" "$log"
same "the window at its least size is the headless 640x480 render (nothing squeezed)" small
same "the wheel on a fitted floor keeps the square: the window equals the headless" fitzoom
same "a pit's hover line: the window equals the headless" pit
render rested --seed 58 --keys "0"
check "the mouse resting: the keys in the caption box again" cmp -s "$W/rested.png" "$H/rested.png"
same "?: the key overlay, the window equals the headless" help
check "F12 twice: shot-0001.png and shot-0002.png ($(tr '\n' ' ' < "$W/shots" 2> /dev/null))" \
  sh -c "test \"\$(tr '\n' ' ' < '$W/shots')\" = 'shot-0001.png shot-0002.png '"
same "a .dun's name as the title: the window equals the headless" other
same "no pit on floor 1: the window explores as the headless does" explore
check "--film, End: the window shows the film's last frame byte for byte" \
  cmp -s "$W/film-end.png" "$TMP/devlog/frames/$(ls "$TMP/devlog/frames" | tail -n 1)"
check "--film: a message goes to the title on the film's frames ($(grep '^title' "$log"))" \
  grep -q '^title delve view: seed 58, rooms, floor [0-9] of 3 | .*shot-0001.png' "$log"
check "--film, ten times .: the window shows the film's frame 10 byte for byte" \
  cmp -s "$W/film-10.png" "$TMP/devlog/frames/frame_0010.png"
for what in small main dun explore film film10; do
  check "$what: Esc quits with exit 0" grep -qx "$what exit 0" "$log"
done
finish
