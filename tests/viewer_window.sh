# The real window under Xvfb, driven by xdotool as a person would: space on seed 123
# (no pit on floor 1) must not close it; a resize gives a canvas of the window's size,
# byte for byte the headless render at that size (so nothing is stretched: round
# markers stay round); the title names the view; Esc quits with exit 0; a .dun replaced
# on disk while the window is open is shown (the file watch); --compare's Tab, d and v
# give what they give headless; a generator's script edited on disk is run again and
# shown. Skipped (77)
# without xvfb-run, Xvfb, xauth or xdotool (scripts/deps.sh --test installs them).
. "${0%/*}/lib.bash" "$@" || exit 2
needs "the window under Xvfb" xvfb-run Xvfb xauth xdotool || { finish; exit; }
# the same views headless first: F12 writes shot-0001.png in the current folder (the
# next free number: each is moved away at once, so it is always 0001); the
# window part below waits for these pictures rather than for fixed times (a busy machine)
mkdir -p "$TMP/win" "$TMP/head"
(cd "$TMP/head" && "$DELVE" view --seed 123 --headless --screenshot first.png --keys "space f12" > /dev/null &&
  mv shot-0001.png first.png &&
  "$DELVE" view --seed 123 --headless --screenshot x.png --keys "space f12 resize:1000,800 f12" > /dev/null &&
  rm shot-0001.png && mv shot-0002.png resized.png)
cp tests/fixtures/dun/terrains.dun "$TMP/head/watched.dun"
(cd "$TMP/head" && "$DELVE" view watched.dun --headless --screenshot x.png --keys f12 > /dev/null &&
  mv shot-0001.png watched.png)
# another program's generator: its script edited on disk (two rooms a floor, not six)
GEN='python3 g.py --seed {seed} --floors {floors}'
sed 's/^ROOMS_PER_FLOOR = 6 /ROOMS_PER_FLOOR = 2 /' examples/gen_rooms.py > "$TMP/head/g.py"
(cd "$TMP/head" && "$DELVE" view --generator "$GEN" --seed 4 --headless --screenshot x.png \
  --keys f12 > /dev/null && mv shot-0001.png genwatched.png)
(cd "$TMP/head" && "$DELVE" view --compare --seed 5 --headless --screenshot x.png \
  --keys "d tab f12" --rising off -- --rising on > /dev/null && mv shot-0001.png compare.png &&
  "$DELVE" view --compare --seed 5 --headless --screenshot x.png \
  --keys "d tab f12 v f12" --rising off -- --rising on > /dev/null &&
  rm shot-0001.png && mv shot-0002.png side.png)
cat > "$TMP/inner.sh" <<'INNER'
# runs inside xvfb-run: $1 delve, $2 folder, $3 the source tree, $4 the headless renders;
# findings go to $2/log. Every wait polls (up to 30 s) for what it waits for.
delve=$1; cd "$2" || exit 1
log() { echo "$*" >> log; }
shot() { # F12, then wait for the viewer's screenshot and name it $1
  rm -f shot-0001.png; xdotool key F12
  for _ in $(seq 300); do [ -s shot-0001.png ] && break; sleep 0.1; done
  sleep 0.2; mv shot-0001.png "$1"
}
title_like() { # wait until the window's title matches the pattern $2, then log it as $1
  for _ in $(seq 300); do xdotool getwindowname "$wid" | grep -q "$2" && break; sleep 0.1; done
  log "$1 $(xdotool getwindowname "$wid")"
}
"$delve" view --seed 123 --save-to "$2/f5.sav" > out 2> err & pid=$!
wid=$(xdotool search --sync --onlyvisible --name "delve view" | head -1)
title_like title "seed 123"
xdotool windowfocus --sync "$wid"
xdotool mousemove 1599 899; sleep 0.5       # the pointer off the window: no hover line
xdotool key space
shot first.png                              # F12 comes after space: space was handled
kill -0 "$pid" 2> /dev/null && log "alive after space"
xdotool windowsize --sync "$wid" 1000 800; sleep 0.5
shot resized.png
xdotool key F5; sleep 0.5
xdotool key Escape
for _ in $(seq 300); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
kill -0 "$pid" 2> /dev/null && { log "still running after Esc"; kill "$pid"; }
wait "$pid"; log "exit $?"
# the file watch: the .dun in use replaced on disk, the window shows the new one
cp "$3/tests/fixtures/dun/ok.dun" watched.dun
"$delve" view watched.dun > out2 2> err2 & pid=$!
wid=$(xdotool search --sync --onlyvisible --name "delve view" | head -1)
xdotool windowfocus --sync "$wid"; xdotool mousemove 1599 899; sleep 1.2
cp "$3/tests/fixtures/dun/terrains.dun" watched.dun; touch -d "+2 seconds" watched.dun
# F1 (no key's) clears the status line's "reloaded" first: F12 writes the window as it
# is, and the fresh viewer it is compared with has said nothing yet
for _ in $(seq 30); do xdotool key F1; shot watched.png; cmp -s watched.png "$4/watched.png" && break; sleep 1; done
xdotool key Escape; wait "$pid"; log "watch exit $?"
# the same for a generator's script: the window runs it again when the file changes
cp "$3/examples/gen_rooms.py" g.py
"$delve" view --generator 'python3 g.py --seed {seed} --floors {floors}' --seed 4 > out4 2> err4 & pid=$!
wid=$(xdotool search --sync --onlyvisible --name "delve view" | head -1)
xdotool windowfocus --sync "$wid"; xdotool mousemove 1599 899; sleep 1.2
sed -i 's/^ROOMS_PER_FLOOR = 6 /ROOMS_PER_FLOOR = 2 /' g.py; touch -d "+2 seconds" g.py
for _ in $(seq 30); do xdotool key F1; shot genwatched.png; cmp -s genwatched.png "$4/genwatched.png" && break; sleep 1; done
xdotool key Escape; wait "$pid"; log "generator watch exit $?"
# --compare: d rings the differences, Tab shows B (the title says so), v its side view
"$delve" view --compare --seed 5 --rising off -- --rising on > out3 2> err3 & pid=$!
wid=$(xdotool search --sync --onlyvisible --name "delve view" | head -1)
xdotool windowfocus --sync "$wid"; xdotool mousemove 1599 899; sleep 0.5
xdotool key d; xdotool key Tab
title_like "compare title" "B:"
shot compare.png
xdotool key v
shot side.png
xdotool key Escape; wait "$pid"; log "compare exit $?"
INNER
xvfb-run -a -s "-screen 0 1600x900x24" bash "$TMP/inner.sh" "$DELVE" "$TMP/win" "$PWD" "$TMP/head" > /dev/null 2>&1
log=$TMP/win/log
check "the title names seed, type and floor ($(grep title "$log"))" \
  grep -qx "title delve view: seed 123, rooms, floor 1 of 3" "$log"
check "the window survives space on a pitless seed" grep -qx "alive after space" "$log"
check "Esc quits with exit 0 ($(grep -v title "$log" | tr '\n' ' '))" grep -qx "exit 0" "$log"
check "F5 saved during the session" test -s "$TMP/win/f5.sav"
check "first frame after space: the window equals the headless render" \
  cmp -s "$TMP/win/first.png" "$TMP/head/first.png"
check "resized: the screenshot follows the window ($(png_size "$TMP/win/resized.png"))" \
  test "$(png_size "$TMP/win/resized.png")" = "1000 x 800"
check "resized: byte for byte the headless render at 1000x800 (nothing stretched)" \
  cmp -s "$TMP/win/resized.png" "$TMP/head/resized.png"
check "the file watch: Esc after it, exit 0" grep -qx "watch exit 0" "$log"
check "the file watch: the .dun replaced on disk is shown, as a fresh viewer shows it" \
  cmp -s "$TMP/win/watched.png" "$TMP/head/watched.png"
check "the generator's file watch: Esc after it, exit 0" grep -qx "generator watch exit 0" "$log"
check "the generator's script edited on disk: run again, shown as a fresh viewer shows it" \
  cmp -s "$TMP/win/genwatched.png" "$TMP/head/genwatched.png"
check "compare: Tab names B in the title ($(grep 'compare title' "$log"))" \
  grep -qx "compare title delve view: B: seed 5, rooms, floor 1 of 3" "$log"
check "compare: Esc quits with exit 0" grep -qx "compare exit 0" "$log"
check "compare: B with its differences ringed, the window equals the headless render" \
  cmp -s "$TMP/win/compare.png" "$TMP/head/compare.png"
check "compare: B's side view, the window equals the headless render" \
  cmp -s "$TMP/win/side.png" "$TMP/head/side.png"
finish
