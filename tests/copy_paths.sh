# The viewer's `c`: the delve view and delve shot lines it prints paste into a shell and
# show the same view when the .dun file or the --rooms folder has a space, a quote, a
# '$', UTF-8 or a leading dash (each word shell-quoted as a catalog's command line).
. "${0%/*}/lib.bash" "$@" || exit 2
ROOMS=$PWD/assets/rooms
NAMES=("r oo" "q\"uo'te" "d\$llar" "é ü" "-lead")

mkdir -p "$TMP/w"
for name in "${NAMES[@]}"; do
  mkdir -p "$TMP/w/$name" && cp -r "$ROOMS" "$TMP/w/$name/rooms"
done
# the printed commands paste into a shell and show the same view
copied() { # copied WHICH OUT: the `delve WHICH` line that c printed into OUT
  sed -n "s/^delve view: copied: delve $1 //p" "$2"
}
run_copied() { # run_copied WHICH OUT EXTRA...: that line through the shell, delve as $DELVE
  local which=$1 line; line=$(copied "$1" "$2"); shift 2
  eval "\"\$DELVE\" $which $line \"\$@\""
}
mkdir -p "$TMP/c"
i=0
for name in "${NAMES[@]}"; do
  i=$((i + 1))
  "$DELVE" gen --seed 3 --floors 2 --format dun -o "$TMP/c/$name.dun" > /dev/null 2>&1
  (cd "$TMP/c" && "$DELVE" view --headless --screenshot "$TMP/cd-$i.png" --keys c -- "$name.dun" \
     > "$TMP/cd-$i.out" 2>&1)
  (cd "$TMP/c" && "$DELVE" view --headless --screenshot "$TMP/pd-$i.png" -- "$name.dun" > /dev/null 2>&1)
  (cd "$TMP/c" && run_copied view "$TMP/cd-$i.out" --headless --screenshot "$TMP/rd-$i.png" \
     > "$TMP/rd-$i.out" 2>&1)
  check "c's view line of '$name.dun' pastes ($(copied view "$TMP/cd-$i.out"))" \
    cmp -s "$TMP/pd-$i.png" "$TMP/rd-$i.png"
  (cd "$TMP/c" && rm -f view.png && run_copied shot "$TMP/cd-$i.out" > "$TMP/sd-$i.out" 2>&1 &&
     test -s view.png); rc=$?
  check "c's shot line of '$name.dun' pastes (rc $rc: $(copied shot "$TMP/cd-$i.out"))" test $rc = 0
  (cd "$TMP/w" && "$DELVE" view --headless --screenshot "$TMP/cr-$i.png" --seed 58 --floors 2 \
     --rooms "./$name/rooms" --keys c > "$TMP/cr-$i.out" 2>&1)
  (cd "$TMP/w" && "$DELVE" view --headless --screenshot "$TMP/pr-$i.png" --seed 58 --floors 2 \
     --rooms "./$name/rooms" > /dev/null 2>&1)
  (cd "$TMP/w" && run_copied view "$TMP/cr-$i.out" --headless --screenshot "$TMP/rr-$i.png" \
     > /dev/null 2>&1)
  check "c's view line with --rooms '$name' pastes ($(copied view "$TMP/cr-$i.out"))" \
    cmp -s "$TMP/pr-$i.png" "$TMP/rr-$i.png"
done

finish
