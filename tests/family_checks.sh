# delve check runs each family's own rules on a .dun file: DoomRL's validator and
# Shoals' high tide (seed 003: ways stand on ground the tide never floods). A generated
# file passes; a hand-edited one that breaks the rule is an error naming the floor.
. "${0%/*}/lib.bash" "$@" || exit 2
# setsq IN OUT X Y CHAR: CHAR at square X,Y of floor 1's map block
setsq() {
  awk -v x="$3" -v y="$4" -v c="$5" '/^map$/ { m++; r = -1; print; next }
       m == 1 && r >= -1 { r++ } m == 1 && r == y { $0 = substr($0, 1, x) c substr($0, x + 2) }
       /^endmap$/ { r = -99 } { print }' "$1" > "$2"
}
"$DELVE" gen --type shoals --seed 7 --format dun -o "$TMP/s.dun"
"$DELVE" check "$TMP/s.dun" > "$TMP/out"; rc=$?
check "a generated Shoals file passes (rc $rc)" grep -qF ": 0 errors, 0 warnings" "$TMP/out"
# a floor square of floor 1 that the high tide floods (0 <= h < 25 units)
"$DELVE" gen --type shoals --seed 7 --floor 1 --format heights | tail -n +2 > "$TMP/h.txt"
sed -n '/^floor 1 /,/^endmap/p' "$TMP/s.dun" | sed '1,2d;$d' > "$TMP/map.txt"
sq=$(awk 'NR == FNR { for (x = 1; x <= NF; x++) h[FNR - 1, x - 1] = $x; next }
          { for (x = 0; x < length($0); x++)
              if (substr($0, x + 1, 1) == "." && h[FNR - 1, x] >= 0 && h[FNR - 1, x] < 25) {
                print x, FNR - 1; exit } }' "$TMP/h.txt" "$TMP/map.txt")
check "a floor square the high tide floods exists ($sq)" test -n "$sq"
set -- $sq
old=$(grep -m1 '^way ladder .* to 2 ' "$TMP/s.dun")
set -- $sq $(echo "$old" | awk '{ print $3, $4 }')
sed "0,/^way ladder .* to 2 .*/s//way ladder $1 $2 to 2 $1 $2/" "$TMP/s.dun" > "$TMP/f1.dun"
setsq "$TMP/f1.dun" "$TMP/f2.dun" "$3" "$4" .
setsq "$TMP/f2.dun" "$TMP/flood.dun" "$1" "$2" H
"$DELVE" check "$TMP/flood.dun" > "$TMP/out"; rc=$?
check "a ladder moved ($old) onto ground the tide floods: exit 1 (rc $rc)" test $rc = 1
check "... way-high-tide on floor 1 ($1,$2)" \
  grep -qF "flood.dun: floor 1 ($1,$2): error way-high-tide: the ladder stands on ground the high tide floods" "$TMP/out"
# DoomRL: wall in the entrance of floor 1; the validator says the floor cannot be walked
"$DELVE" gen --type caves --seed 7 --format dun -o "$TMP/c.dun"
"$DELVE" check "$TMP/c.dun" > "$TMP/out"
check "a generated caves file passes" grep -qF ": 0 errors, 0 warnings" "$TMP/out"
set -- $(grep -m1 '^entrance' "$TMP/c.dun")
setsq "$TMP/c.dun" "$TMP/walled.dun" "$2" "$3" %
"$DELVE" check "$TMP/walled.dun" > "$TMP/out"; rc=$?
check "caves entrance walled in: exit 1 (rc $rc)" test $rc = 1
check "... doomrl-unreachable on floor 1" \
  grep -qF "walled.dun: floor 1: error doomrl-unreachable: the entrance $2,$3 is not walkable" "$TMP/out"
# arena: four corner stairs down share the next floor's entrance; one stair leads back
"$DELVE" check --seeds 1-50 --type arena > "$TMP/out" 2> /dev/null; rc=$?
check "check --seeds 1-50 --type arena: no way-no-partner (rc $rc)" \
  grep -qF "50 dungeons, 0 errors" "$TMP/out"
finish
