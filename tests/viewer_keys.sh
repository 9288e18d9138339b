# The viewer driven by --keys, headless: each scripted view is compared byte for byte
# with the same view made another way (the settings on the command line, another key
# sequence, a canvas of that size), so a key that stops working breaks a comparison.
. "${0%/*}/lib.bash" "$@" || exit 2
# shot, status and says: tests/lib.bash
same() { check "$1" cmp -s "$TMP/$2.png" "$TMP/$3.png"; }
differ() { check "$1" sh -c "! cmp -s '$TMP/$2.png' '$TMP/$3.png'"; }

# a film problem never quits: seed 123's floor 1 has no pit, so the default film cannot
# start: the viewer opens exploring (no timeline) and says why; F5 still saves
shot idle --seed 123
shot pitless --seed 123 --keys "space f5" --save-to "$TMP/after.sav"; rc=$?
check "space on a pitless seed: exit 0 (rc $rc: $(tail -1 "$TMP/pitless.err"))" test $rc = 0
check "space on a pitless seed: F5 after it saves" test -s "$TMP/after.sav"
differ "space on a pitless seed: the status line changed" idle pitless
shot saved --seed 123 --keys "f5" --save-to "$TMP/f5.sav"
says saved "F5: saved to $TMP/f5.sav"
shot saved2 --seed 4 --keys ". . f5" --save-to "$TMP/f5b.sav"
says saved2 "F5: not saved: the party is walking"
shot stopped --seed 123 --keys "space"
says stopped "exploring: the default film cannot start here"
says stopped "no pit reachable on floor 1"
shot explore0 --seed 123 --keys "move:1100,300"   # over the panel: no square to name
says explore0 "exploring: the default film cannot start here"
# a film asked for by name is played as far as it goes, never swapped for explore mode
shot named --seed 123 --film films/scripts/pits-and-stations.film --keys "space"
says named "film stopped at shot 1: "

# browsing: n and p are the seed on the command line
shot s124 --seed 124
shot n --seed 123 --keys n
shot p --seed 125 --keys "p"
shot nnp --seed 123 --keys "n n p"
same "--seed 123 --keys n equals --seed 124" s124 n
same "--seed 125 --keys p equals --seed 124" s124 p
same "n n p equals n" s124 nnp
differ "seed 124 is not seed 123" s124 idle
# r reads everything again and keeps the camera (left clears its status line)
shot moved --seed 7 --keys "right down left"
shot reload --seed 7 --keys "right down r left"
same "r keeps the camera" moved reload

# transport (seed 4 has a pit on floor 1, its film plays to the end): shots are reached the same way forwards, backwards and from Home
shot one --seed 4 --keys "."
shot back --seed 4 --keys ". . . ,"
shot two --seed 4 --keys ". ."
shot home --seed 4 --keys ". . . home"
shot pause --seed 4 --keys "space space"
same ". . . , equals . ." two back
same ". . . home equals ." one home
same "space space (play one shot, pause) equals ." one pause
differ "shot 2 is not shot 1" one two
differ "shot 1 is not the dungeon before the film" one idle
shot end --seed 4 --keys "end"
shot played --seed 4 --keys "space"
same "End equals playing the film to its end" end played
says end "end of the film (shot "
shot speed --seed 4 --keys "4"
says speed "speed 4x"
differ "the film's end is not its start" end one
shot endstep --seed 4 --keys ". end"
same ". end (End while the film is paused) equals end" end endstep

# camera: a drag moves the map as far as the arrow keys do; the wheel is + and -
shot drag --seed 7 --keys "move:600,400 press:600,400 move:504,400 release:504,400"
shot arrow --seed 7 --keys "move:504,400 right"
same "a drag of 96 px equals one arrow key at zoom 24" drag arrow
shot wheel --seed 7 --keys "move:300,200 wheel:1 wheel:1 wheel:-1"
shot plus --seed 7 --keys "move:300,200 + + -"
same "the wheel zooms as + and - do" wheel plus
differ "zoomed is not the plain view" plus idle
shot fit --seed 7 --keys "0"
differ "0 fits the floor: not the plain view" fit idle
shot fitbig --seed 7 --size 1600x900 --keys "0"
shot resized --seed 7 --keys "resize:1600,900 0"
same "a resize then 0 equals --size 1600x900 then 0" fitbig resized
check "the resized canvas is the window's size" test "$(png_size "$TMP/resized.png")" = "1600 x 900"

# c: the command printed reproduces the view
shot copied --seed 11 --floors 4 --keys "pgdn c"
shot pgdn --seed 11 --floors 4 --keys "pgdn"
cmd=$(sed -n 's/^delve view: copied: delve view //p' "$TMP/copied.out")
check "c prints a command naming floor 2 ($cmd)" sh -c "echo '$cmd' | grep -q -- '--seed 11 .*--floor 2\$'"
# shellcheck disable=SC2086 # the command's words
shot again $cmd
same "the copied command shows the same view" pgdn again

# layers: each key toggles its layer (twice is the plain view again); the hover line is
# made every frame, so after a pan it names the square now under the mouse
for k in h i w l t k; do
  shot "layer-$k" --seed 4 --keys "pgdn $k"
  shot "twice-$k" --seed 4 --keys "pgdn $k $k"
  shot "plain-$k" --seed 4 --keys "pgdn"
  differ "layer key $k changes the view" "layer-$k" "plain-$k"
  same "layer key $k twice: the plain view" "twice-$k" "plain-$k"
done
# the hover line: a monster, the height, a finding's kind; zooming keeps the square
shot bat --seed 123 --keys "move:372,177"
says bat "39,7: floor; height 0 cm; bat (standing)"
for p in 372,177 380,191 360,166 500,400 941,21; do
  shot "zoom-$p" --seed 123 --keys "move:$p"
  shot "zoomed-$p" --seed 123 --keys "move:$p + + wheel:1 + - wheel:-1"
  sq=$(status "zoom-$p" | cut -d: -f1)
  says "zoomed-$p" "$sq: "
done
shot hover-pan --seed 4 --keys "move:300,300 right"
shot pan-hover --seed 4 --keys "right move:300,300"
same "the hover line follows the camera without a mouse move" hover-pan pan-hover
# (a .dun with a check error is refused by the viewer: the layer shows warnings of files,
# and whatever the checks find on a seed)
shot checks-dun tests/fixtures/dun/pit-only-across.dun --keys "0 k move:420,440"
shot checks-off tests/fixtures/dun/pit-only-across.dun --keys "0 move:420,440 k k"
differ "the checks layer marks pit-only-across's pit" checks-dun checks-off
says checks-dun "warning pit-only-across: 2 squares of floor 1 can only be reached by crossing this pit"
shot checks-error tests/fixtures/dun/way-on-fluid.dun; rc=$?
check "a .dun with a check error is refused, with the finding (rc $rc: $(cat "$TMP/checks-error.err"))" \
  sh -c "test $rc = 2 && grep -qF 'way-on-fluid.dun: floor 1 (2,2): error way-on-fluid: a lift on water' '$TMP/checks-error.err'"

# the timeline under the map: a click goes to the shot under it, a drag follows
shot tl-click --seed 4 --keys "press:0,712 release:0,712"
same "a click at the timeline's start equals ." one tl-click
shot tl-drag --seed 4 --keys "press:0,712 move:480,712 release:480,712"
shot tl-mid --seed 4 --keys "press:480,712 release:480,712"
same "a drag along the timeline ends where a click there goes" tl-mid tl-drag
differ "the timeline's middle is not its start" tl-mid one

# F12 writes the view as it is, its status line too (the c key's words, not the idle
# hint), into the first free shot-NNNN.png: a file already there is never written over
mkdir -p "$TMP/f12" && (cd "$TMP/f12" && echo mine > shot-0001.png &&
  "$DELVE" view --seed 58 --headless --screenshot copied.png --keys "c" > c.out &&
  "$DELVE" view --seed 58 --headless --screenshot x.png --keys "c f12 f12" > f12.out)
check "F12 after c: shot-0002.png is the view with c's status line ($(sed -n 's/^delve view: status: //p' "$TMP/f12/c.out"))" \
  sh -c "cmp -s '$TMP/f12/copied.png' '$TMP/f12/shot-0002.png' && grep -q 'status: copied two lines' '$TMP/f12/c.out'"
check "F12 kept the shot-0001.png that was there" grep -qx mine "$TMP/f12/shot-0001.png"
check "a second F12 writes shot-0003.png ($(png_size "$TMP/f12/shot-0003.png"))" \
  test "$(png_size "$TMP/f12/shot-0003.png")" = "1280 x 720"
check "the status line names it ($(sed -n 's/^delve view: status: //p' "$TMP/f12/f12.out"))" \
  grep -q 'status: F12: the window written to shot-0003.png' "$TMP/f12/f12.out"

# a script that is not keys is refused before anything opens
"$DELVE" view --headless --screenshot "$TMP/bad.png" --keys "space jump" > /dev/null 2> "$TMP/bad.err"; rc=$?
check "--keys with an unknown token: exit 2 naming it (rc $rc)" sh -c "test $rc = 2 && grep -q \"'jump'\" '$TMP/bad.err'"
finish
