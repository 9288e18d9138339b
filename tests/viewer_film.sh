# `delve view --film` previews the film exactly: the headless viewer stepped to a shot
# with `.` is byte for byte the frame `delve film` wrote for it (frames/frame_NNNN.png),
# drawn by the same code (films/recorder.h's recorder_draw): the title card, walking at
# x4, the plates, the slow fall seen from the side, the landing and its hold, the camera
# move, the held side view of every floor, the end card; End shows the film's last
# frame, also when the film ends on the landing's side view held. e leaves the film's
# frames for the viewer's own view of its world.
. "${0%/*}/lib.bash" "$@" || exit 2
F=films/scripts/devlog.film
"$DELVE" film "$F" -o "$TMP/devlog" > /dev/null 2>&1
last=$(ls "$TMP/devlog/frames" | tail -n 1)  # the end card, however long the film's holds
check "delve film wrote the devlog's frames (the last: $last)" test -s "$TMP/devlog/frames/$last"
event() { awk -F'\t' -v n="$1" '$1 == n { print $6 }' "$TMP/devlog/events.tsv"; }
at() { # at N [SCRIPT]: the headless viewer after N steps, into $TMP/view-N.png
  local keys; keys=$(printf '. %.0s' $(seq "$1"))
  "$DELVE" view --film "${2:-$F}" --headless --screenshot "$TMP/view-$1.png" --keys "$keys" > /dev/null 2>&1
}
for n in 1 40 63 70 100 110 170 200 220; do
  at "$n"
  check "shot $n ($(event "$n")): the viewer shows the film's frame byte for byte" \
    cmp -s "$TMP/view-$n.png" "$TMP/devlog/frames/frame_$(printf %04d "$n").png"
done
"$DELVE" view --film "$F" --headless --screenshot "$TMP/end.png" --keys end > /dev/null 2>&1
check "End: the film's last frame (the end card, $last)" cmp -s "$TMP/end.png" "$TMP/devlog/frames/$last"
"$DELVE" view --film "$F" --headless --screenshot "$TMP/explore.png" --keys "$(printf '. %.0s' $(seq 70)) e" > /dev/null 2>&1
check "e: the viewer's own view of the fall, not the film's frame" \
  sh -c "! cmp -s '$TMP/explore.png' '$TMP/view-70.png'"

# a film that ends on the landing's side view, held: End shows it, not the top view
cat > "$TMP/held.film" <<'FILM'
film "Held at the landing"
dungeon seed=58 floors=3
fall slow=1s
walk to=pit
hold 1s
FILM
"$DELVE" film "$TMP/held.film" -o "$TMP/held" > /dev/null 2>&1
last=$(find "$TMP/held/frames" -name 'frame_*.png' | sort | tail -1)
held=$(find "$TMP/held/frames" -name 'frame_*.png' | sort | tail -2 | head -1)
check "the held film's last two frames: a hold, then the end ($(tail -2 "$TMP/held/events.tsv" | cut -f6 | tr '\n' ' '))" \
  test "$(tail -2 "$TMP/held/events.tsv" | cut -f6 | tr '\n' ' ')" = "hold end "
# the end frame stays in the side view the hold shows: only the caption, the events and
# the landing's damage numbers change (the view from above would change most pixels)
changed=$("$DELVE" diff --format json "$held" "$last" 2> /dev/null | sed -n 's/.*"changed":\([0-9]*\).*/\1/p')
check "the film's end frame keeps the held side view ($changed of 921600 px differ from the hold's)" \
  test "${changed:-921600}" -lt 92160
"$DELVE" view --film "$TMP/held.film" --headless --screenshot "$TMP/held-end.png" --keys end > /dev/null 2>&1
check "End on a film ending on the held side view: its last frame (${last##*/})" \
  cmp -s "$TMP/held-end.png" "$last"
finish
