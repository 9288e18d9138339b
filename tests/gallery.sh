# delve gallery (seed 002): one contact sheet, a row per DoomRL level type and a column
# per dlevel; the same bytes from the -O0 build; bad --dlevels refused with exit 2, and
# so is an output that cannot be written, before any work.
. "${0%/*}/lib.bash" "$@" || exit 2
"$DELVE" gallery --seed 4 --dlevels 3,15 -o "$TMP/g.png" > /dev/null 2> "$TMP/err"
check "gallery exits 0" test $? = 0
check "progress names each type" test "$(grep -c ' done (' "$TMP/err")" = 8
size=$(png_size "$TMP/g.png")
check "two columns of 468 px thumbnails, eight rows (got $size)" test "$size" = "960 x 1464"
"$DELVE_O0" gallery --seed 4 --dlevels 3,15 -o "$TMP/g0.png" > /dev/null 2>&1
check "-O0 draws the same bytes" cmp -s "$TMP/g.png" "$TMP/g0.png"
"$DELVE" gallery --dlevels 0 -o "$TMP/x.png" > /dev/null 2>&1; rc=$?
check "--dlevels 0: exit 2 (got $rc)" test $rc = 2
"$DELVE" gallery --seed 4 > /dev/null 2>&1; rc=$?
check "no -o: exit 2 (got $rc)" test $rc = 2
check "nothing written for a refused run" test ! -e "$TMP/x.png"
# an output that cannot be written is refused before any floor is drawn (no progress)
out_refused() { # out_refused NAME PATH MESSAGE
  "$DELVE" gallery --seed 4 -o "$2" > /dev/null 2> "$TMP/err"; local rc=$?
  check "$1: exit 2 (got $rc)" test $rc = 2
  check "$1: '$3' before any work (got '$(head -n 1 "$TMP/err")')" \
    sh -c "head -n 1 '$TMP/err' | grep -qxF \"delve gallery: $3\" && ! grep -q ' done (' '$TMP/err'"
}
out_refused "a folder" "$TMP" "-o $TMP: a folder, not a file"
out_refused "a device" /dev/null "-o /dev/null: not a regular file"
out_refused "a missing folder" "$TMP/none/g.png" "-o $TMP/none/g.png: no folder $TMP/none"
check "  and it is not made" test ! -e "$TMP/none"
finish
