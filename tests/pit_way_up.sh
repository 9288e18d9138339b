# Every seed that gave a finding about a pit over 1-100000 at 3 floors before pits kept
# their two promises (gen/pits.c): DoomRL seeds whose pit dropped into a caves pocket with
# no way up (pit-no-way-up), warehouse seeds whose pit cut off squares between boxes
# (pit-only-across). Each now checks clean.
. "${0%/*}/lib.bash" "$@" || exit 2
# seeds type expected: each seed's `delve check --seeds S-S` says "expected"
clean() {
  local type=$1 want=$2 s bad_seeds=""; shift 2
  for s; do
    "$DELVE" check --seeds "$s-$s" --type "$type" --floors 3 2> /dev/null > "$TMP/out"
    grep -qF "1 dungeon, $want" "$TMP/out" && grep -qF " 0 not generated" "$TMP/out" ||
      bad_seeds="$bad_seeds $s"
  done
  check "$type: $# seeds that had a pit finding give $want (failing:${bad_seeds:- none})" \
    test -z "$bad_seeds"
}
clean doomrl "0 errors" 70 3663 4178 4833 5258 5371 9117 11493 13585 14282 18029 18293 \
  20645 20789 20903 23005 23585 24995 25978 26068 26735 29326 29767 31715 32647 35315 \
  36096 41306 41907 42629 42804 43920 44073 48171 48570 51600 53712 54206 54958 56769 \
  58918 59822 60293 62313 66592 69040 71021 72223 73085 77158 81201 83961 85221 85677 \
  87395 91638 94408 96100 96413 98892 99610
clean warehouse "0 errors, 0 warnings" 1890 10942 13885 21828 21840 42723 44731 45983 \
  54381 55404 55728 57477 59613
# seed 70's pit moved within its floor, off the pocket: floor 2 still has one
"$DELVE" gen --seed 70 --type doomrl --floors 3 > "$TMP/70.txt"
check "doomrl seed 70 keeps a pit on floor 2" grep -qE '^  pit [0-9]+,[0-9]+ down to floor 3$' "$TMP/70.txt"
finish
