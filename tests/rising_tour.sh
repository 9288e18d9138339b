# The rising tour film (films/scripts/rising-tour.film, seed 004): it plays to the end,
# up a turning stair into the raised room (1 m up), down the spiral to floor 2, down a
# turning stair into the sunk room (1 m down) and down the lift to floor 3.
. "${0%/*}/lib.bash" "$@" || exit 2
"$DELVE" film films/scripts/rising-tour.film -o "$TMP/tour" --quiet > "$TMP/out"; rc=$?
check "rising tour: exit 0 (rc $rc)" test $rc = 0
ev="$TMP/tour/events.tsv"
check "  took the spiral down to floor 2 at 9,15" grep -qP '\t2\t9\t15\tfloor\t.*Took the spiral down to floor 2' "$ev"
check "  took the lift down to floor 3 at 30,13" grep -qP '\t3\t30\t13\tfloor\t.*Took the lift down to floor 3' "$ev"
check "  walked the turning stair on floor 1 (51,21)" grep -qP '\t1\t51\t21\tstep\t' "$ev"
check "  walked the turning stair on floor 2 (52,31)" grep -qP '\t2\t52\t31\tstep\t' "$ev"
check "  stood in the sunk room on floor 2 (57,33)" grep -qP '\t2\t57\t33\tstep\t' "$ev"
check "  a contact sheet" test -s "$TMP/tour/sheet.png"
finish
