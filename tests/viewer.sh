# The viewer: under Xvfb, `delve view` opens a real window, renders, takes a screenshot
# and quits; the screenshot equals the headless render of the same view (without Xvfb
# that part is skipped and the test ends skipped, exit 77).
. "${0%/*}/lib.bash" "$@" || exit 2
"$DELVE" view --seed 7 --headless --screenshot "$TMP/headless.png" > /dev/null
check "headless screenshot" test -s "$TMP/headless.png"
if needs "the window under Xvfb (scripts/deps.sh --test installs xvfb, xauth)" xvfb-run Xvfb xauth; then
  xvfb-run -a -s "-screen 0 1600x900x24" "$DELVE" view --seed 7 --screenshot "$TMP/window.png" \
    > "$TMP/out" 2>&1
  rc=$?
  check "window screenshot, exit 0 (rc $rc: $(tail -1 "$TMP/out"))" test $rc = 0 -a -s "$TMP/window.png"
  check "window screenshot equals the headless render" cmp -s "$TMP/headless.png" "$TMP/window.png"
fi
env -u DISPLAY SDL_VIDEODRIVER= "$DELVE" view --seed 7 --screenshot "$TMP/none.png" 2> "$TMP/err"
rc=$?
check "no display: exit 2 with a hint (rc $rc)" sh -c "test $rc = 2 && grep -q -- --headless '$TMP/err'"
# a level type on the command line: a DoomRL floor, drawn like delve shot draws it
"$DELVE" view --seed 5 --type caves --dlevel 12 --headless --screenshot "$TMP/caves.png" > /dev/null
check "view --type caves: a screenshot" test -s "$TMP/caves.png"
check "view --type caves: not the rooms floor of seed 7" sh -c "! cmp -s '$TMP/caves.png' '$TMP/headless.png'"
"$DELVE" view --type bogus --headless --screenshot "$TMP/bogus.png" > /dev/null 2>&1; rc=$?
check "view --type bogus: exit 2, nothing written (rc $rc)" sh -c "test $rc = 2 && test ! -e '$TMP/bogus.png'"
finish
