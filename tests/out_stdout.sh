# `-o -`: standard output for gen's text; refused by every image command (shot, a shot
# set, diff, view --screenshot, gallery, sheet) and every folder output (film, review,
# merge shots) with one message, exit 2, nothing written: no file or folder called "-".
. "${0%/*}/lib.bash" "$@" || exit 2

mkdir -p "$TMP/o"
"$DELVE" shot --seed 1 --floors 1 -o "$TMP/a.png" > /dev/null 2>&1
refused() { # refused NAME ARGS...: exit 2, the message, no file or folder "-"
  local name=$1 rc; shift
  (cd "$TMP/o" && "$DELVE" "$@" > "$TMP/o.out" 2> "$TMP/o.err"); rc=$?
  check "$name: exit 2 (rc $rc)" test $rc = 2
  check "$name: says why ($(head -1 "$TMP/o.err"))" \
    grep -q -- "-: standard output is only for delve gen's text" "$TMP/o.err"
  check "$name: nothing written" test -z "$(ls -A "$TMP/o")"
}
refused "shot -o -" shot --seed 1 --floors 1 -o -
refused "shot --seeds -o -" shot --seeds 1-2 --floors 1 -o -
refused "diff -o -" diff "$TMP/a.png" "$TMP/a.png" -o -
refused "view --screenshot -" view --headless --seed 1 --screenshot -
refused "gallery -o -" gallery --seed 4 --dlevels 3 -o -
"$DELVE" shot --seeds 1-1 --floors 1 -o "$TMP/set" > /dev/null 2>&1
mkdir -p "$TMP/film/frames"
refused "sheet -o -" sheet "$TMP/film" -o -
refused "film -o -" film -o - --quiet
refused "review -o -" review "$TMP/set" "$TMP/set" -o -
refused "review --format json -o -" review "$TMP/set" "$TMP/set" --format json -o -
refused "merge shots -o -" merge shots -o - "$TMP/set"
refused "merge shots --out=-" merge shots --out=- "$TMP/set"
"$DELVE" gen --seed 1 --floors 1 -o - > "$TMP/gen.txt"; rc=$?
check "gen -o - still writes standard output (rc $rc)" sh -c "test $rc = 0 && test -s '$TMP/gen.txt'"
finish
