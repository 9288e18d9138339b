# The acid film (seeds 000 and 002): the party wades into acid on a DoomRL floor and every member
# loses exactly 6 a square entered and 6 an action stood in it, armour or not; the
# frames show it (a burn row forces a frame) and -O0 plays it the same.
. "${0%/*}/lib.bash" "$@" || exit 2
"$DELVE" film films/scripts/acid-wade.film -o "$TMP/a" --quiet > /dev/null
check "delve film exits 0" test $? = 0
tsv="$TMP/a/events.tsv"
burns=$(awk -F'\t' '$6 == "burn" { printf "%s,%s,%s,%s,%s;", $4, $5, $7, $9, $11 }' "$tsv")
check "four burns at their squares with exact health (got $burns)" \
  test "$burns" = "39,4,24,26,30;39,4,18,20,24;46,5,12,14,18;47,6,6,8,12;"
check "no one died" sh -c "! grep -q '	death	' '$tsv'"
check "the party took the stairs down" grep -q '	floor	' "$tsv"
check "a 2 s wait says so" grep -q 'Waited 2 s' "$tsv"
first=$(awk -F'\t' '$6 == "burn" { print $1; exit }' "$tsv")
check "a burn row has its frame" test -s "$TMP/a/frames/frame_$(printf %04d "$first").png"
"$DELVE_O0" film films/scripts/acid-wade.film -o "$TMP/b" --quiet > /dev/null
check "-O0 plays the same events and digests" cmp -s "$tsv" "$TMP/b/events.tsv"
finish
