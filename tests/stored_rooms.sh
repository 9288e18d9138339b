# Stored rooms (spec/rising.md "Pieces"): `delve gen --rooms DIR` lays a hand-drawn room from DIR/*.room
# (map-block syntax of the .dun format) in the rising tries; its squares come out drawn
# and pinned, and the closet's secret door marked. A bad folder or file: exit 2.
. "${0%/*}/lib.bash" "$@" || exit 2
"$DELVE" gen --seed 7 --floors 1 --rooms assets/rooms --format dun -o "$TMP/7.dun"; rc=$?
check "gen --rooms: exit 0 (rc $rc)" test $rc = 0
check "  the hidden closet laid, drawn and pinned at 24,9 (6 x 5)" \
  sh -c "grep -qx 'drawn 24 9 6 5' '$TMP/7.dun' && grep -qx 'pin 24 9 6 5' '$TMP/7.dun'"
check "  its secret door at 27,12" grep -qx 'secret 27 12' "$TMP/7.dun"
"$DELVE" check "$TMP/7.dun" > /dev/null; rc=$?
check "  the checks pass on it (rc $rc)" test $rc = 0
"$DELVE" gen --seed 7 --rooms "$TMP/none" > /dev/null 2> "$TMP/err"; rc=$?
check "a missing folder: exit 2 and says so ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF 'cannot open the folder of stored rooms' '$TMP/err'"
# refused NAME ROOM_TEXT WANT: a folder of one room file, DIR/DIR.room, is exit 2 with
# WANT (naming the file as $TMP/NAME/NAME.room) in the message; no text: an empty folder
refused() {
  local name=$1 text=$2 want=$3
  mkdir -p "$TMP/$name"
  [ -z "$text" ] || printf '%b' "$text" > "$TMP/$name/$name.room"
  "$DELVE" gen --seed 7 --rooms "$TMP/$name" > /dev/null 2> "$TMP/err"; local rc=$?
  check "$name: exit 2 ($(cat "$TMP/err"))" sh -c "test $rc = 2 && grep -qF -- \"\$1\" '$TMP/err'" _ "$want"
}
refused bad 'room bad\nsize 3 1\nmap\n.Q.\nendmap\n' "$TMP/bad/bad.room:4:2: unknown map glyph"
refused empty '' 'no .room files in this folder'
refused way 'room way\nsize 3 1\nmap\n.L.\nendmap\n' \
  "$TMP/way/way.room:4:2: 'L' is a way, which a room file cannot hold"
refused wrap 'room wrap\nsize 4294967298 2\nmap\n..\n..\nendmap\n' \
  "$TMP/wrap/wrap.room:2:6: the width 4294967298 is outside 1..16"
refused late 'room late\nsize 2 2\nmap\n..\n..\nendmap\nsize 16 16\n' \
  "$TMP/late/late.room:7:1: 'size W H' comes before the map"
refused two 'room one\nsize 2 1\nmap\n..\nendmap\nroom two\nsize 2 1\nmap\n..\nendmap\n' \
  "$TMP/two/two.room:6:1: a second 'room' line: a .room file holds one room"
refused esc 'room e\033[31mvil\nsize 2 1\nmap\n..\nendmap\n' \
  "$TMP/esc/esc.room:1:7: control byte 0x1b: a .room file is text"
finish
