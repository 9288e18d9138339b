# Bad input: exit 2 with file:line:col: message, and nothing written.
. "${0%/*}/lib.bash" "$@" || exit 2
expect_bad() { # expect_bad NAME SCRIPT_TEXT EXPECTED_MESSAGE
  local name=$1 text=$2 want=$3 f="$TMP/$1.film" out="$TMP/out-$1"
  printf '%s\n' "$text" > "$f"
  "$DELVE" film "$f" -o "$out" --quiet 2> "$TMP/err" > /dev/null
  local rc=$?
  check "$name: exit 2 (got $rc)" test $rc = 2
  check "$name: message '$want' (got '$(cat "$TMP/err")')" grep -qF -- "$want" "$TMP/err"
  check "$name: nothing written" test ! -e "$out"
}
expect_bad unknown 'film "x"
dance wildly' "$TMP/unknown.film:2:1: unknown directive 'dance'"
expect_bad number 'film "x"
dungeon seed=12x floors=3' "$TMP/number.film:2:14: seed: '12x' is not a whole number"
expect_bad range 'frame 1280x99999' "$TMP/range.film:1:12: 99999 is out of range 270..4096"
expect_bad missing_dun '# a dungeon file that is not there
dungeon file=nowhere.dun' "$TMP/missing_dun.film:2:14: cannot read dungeon file $TMP/nowhere.dun"
expect_bad unterminated 'film "x' "$TMP/unterminated.film:1:6: unterminated string"
expect_bad not_utf8 $'film "x"\ndungeon seed=58\nparty "A" health=30\ncaption "ab\xffc\xc3"\nwait 1m' \
  "$TMP/not_utf8.film:4:12: not UTF-8: 0xff never appears in UTF-8"
expect_bad armour 'party "Ash" health=30 armour=80' "$TMP/armour.film:1:30: armour=80 is out of range 0..50"
expect_bad no_pit 'dungeon seed=1 floors=1
walk to=pit' "$TMP/no_pit.film:2:1: walk: no pit reachable on floor 1"
# direction directives (films/README.md): each bad value at its line and column
expect_bad wait_31d 'film "x"
wait 31d' "$TMP/wait_31d.film:2:6: a wait is at most 30 days"
expect_bad speed 'speed x0' "$TMP/speed.film:1:8: 0 is out of range 1..64"
expect_bad hold 'hold 2x' "$TMP/hold.film:1:7: bad duration '2x'"
expect_bad title_long 'title "x" 11m' "$TMP/title_long.film:1:11: a title is at most 10 minutes of film"
expect_bad title_bare 'title Seed 58' "$TMP/title_bare.film:1:7: a title's text goes in quotes: title \"Seed ...\""
expect_bad end_bare 'end The 3' "$TMP/end_bare.film:1:5: an end card's text goes in quotes: end \"The ...\""
expect_bad side_row 'dungeon seed=58 floors=3
view side row=100
walk to=pit' "$TMP/side_row.film:2:15: view side: row 100 is off floor 1 (rows 0..39)"
expect_bad side_col 'dungeon seed=58 floors=3
view side col=64
walk to=pit' "$TMP/side_col.film:2:15: view side: column 64 is off floor 1 (columns 0..63)"
expect_bad walk_off 'dungeon seed=58 floors=3
walk to=64,10' "$TMP/walk_off.film:2:9: walk: square 64,10 is off floor 1 (x 0..63, y 0..39)"
expect_bad walk_floor 'dungeon seed=58 floors=3
walk to=10,10,9' "$TMP/walk_floor.film:2:9: walk: floor 9 does not exist (the dungeon has 3)"
expect_bad walk_rock 'dungeon seed=58 floors=3
walk to=0,0' "$TMP/walk_rock.film:2:9: no walk from floor 1 (15,7) to floor 1 (0,0)"
expect_bad camera_side 'dungeon seed=58 floors=3
view side
camera at 10,10 zoom 48 over 1s
walk to=pit' "$TMP/camera_side.film:3:1: camera: the side view has no camera (it keeps the party in the middle of its cut); put the move after 'view top'"
expect_bad camera 'camera at 3' "$TMP/camera.film:1:11: at is a square X,Y, not '3'"
expect_bad fps 'fps 61' "$TMP/fps.film:1:5: 61 is out of range 1..60"
expect_bad start_wall 'dungeon seed=58 floors=3 start=1,0,0' \
  "$TMP/start_wall.film:1:32: start: the party cannot stand on 0,0 of floor 1 (not a walkable square)"
expect_bad start_floor 'dungeon seed=58 floors=3 start=5' \
  "$TMP/start_floor.film:1:32: start: floor 5 does not exist (the dungeon has 3)"
printf 'film "x"\n\0wait 1m\n' > "$TMP/nul.film"
"$DELVE" film "$TMP/nul.film" -o "$TMP/out-nul" 2> "$TMP/err"; rc=$?
check "NUL byte: exit 2 at its line and column" sh -c "test $rc = 2 && grep -qF '$TMP/nul.film:2:1: NUL byte' '$TMP/err'"
"$DELVE" film films/scripts/pits-and-stations.film -o "" 2> "$TMP/err"; rc=$?
check "film -o '': exit 2, nothing written (rc $rc)" sh -c "test $rc = 2 && test ! -e frames && test ! -e /frames"
ln -s "$TMP/target.txt" "$TMP/link.txt"
"$DELVE" gen --seed 3 -o "$TMP/link.txt" 2> "$TMP/err"; rc=$?
check "gen -o onto a symlink: refused (rc $rc)" sh -c "test $rc = 2 && test -L '$TMP/link.txt' && grep -q 'not a regular file' '$TMP/err'"
"$DELVE" gen --seed 3 > /dev/full 2> "$TMP/err"; rc=$?
check "gen to a full stdout: exit 2 (rc $rc)" test $rc = 2
{ echo 'dungeon seed=1'; for i in $(seq 40); do echo 'wait 720h'; done; } > "$TMP/events.film"
"$DELVE" film "$TMP/events.film" -o "$TMP/out-events" 2> "$TMP/err"; rc=$?
check "event limit: exit 2 at the line that passes it ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/events.film:36:1: the film passes its limit of 100000 events' '$TMP/err' && test ! -e '$TMP/out-events'"
mkdir -p "$TMP/elsewhere" "$TMP/linked"
echo keep > "$TMP/elsewhere/frame_0001.png"
ln -s ../elsewhere "$TMP/linked/frames"
"$DELVE" film tests/fixtures/short.film -o "$TMP/linked" 2> "$TMP/err"; rc=$?
check "film into a folder whose frames/ is a link: refused, nothing deleted (rc $rc)" \
  sh -c "test $rc = 2 && grep -q 'not a folder' '$TMP/err' && test -s '$TMP/elsewhere/frame_0001.png'"
"$DELVE" film "$TMP/does-not-exist.film" 2> "$TMP/err"; rc=$?
check "missing script: exit 2" test $rc = 2
check "missing script: names it" grep -qF "does-not-exist.film" "$TMP/err"
"$DELVE" gen --seed abc 2> "$TMP/err"; rc=$?
check "gen --seed abc: exit 2" test $rc = 2
"$DELVE" gen --floors 99 2> "$TMP/err"; rc=$?
check "gen --floors 99: exit 2" test $rc = 2
"$DELVE" frobnicate 2> /dev/null; rc=$?
check "unknown command: exit 2" test $rc = 2
"$DELVE" --version | grep -qE '^delve [0-9]+\.[0-9]+\.[0-9]+ \(git [^)]+\)$'
check "--version: the version and the git revision" test $? = 0
# DoomRL options (spec/doomrl.md): bad values exit 2 with a message naming the option
expect_gen_bad() { # expect_gen_bad MESSAGE ARGS...
  local want=$1; shift
  "$DELVE" gen "$@" > "$TMP/out" 2> "$TMP/err"; local rc=$?
  check "gen $*: exit 2 (got $rc) saying '$want'" \
    sh -c "test $rc = 2 && grep -qF -- \"$want\" '$TMP/err' && test ! -s '$TMP/out'"
}
expect_gen_bad "--type: 'lair' is not a level type (rooms, normal" --type lair
expect_gen_bad "--difficulty: '6' is not a number in 1..5" --type caves --difficulty 6
expect_gen_bad "--dlevel: '0' is not a number in 1..99" --type maze --dlevel 0
expect_gen_bad "--single-monster: 'yes' is not on or off" --type doomrl --single-monster yes
for c in gen film view shot check stats; do
  "$DELVE" $c --help > "$TMP/help" 2>&1
  check "$c --help exits 0 and says usage" grep -q "^usage: delve $c" "$TMP/help"
done
# -o naming an input is refused before anything is written (a new user's report)
"$DELVE" shot --seed 3 -o "$TMP/a.png" > /dev/null
cp "$TMP/a.png" "$TMP/a-keep.png"
"$DELVE" diff "$TMP/a.png" "$TMP/a-keep.png" -o "$TMP/a.png" > /dev/null 2>&1; rc=$?
check "diff -o A: exit 2, A kept (rc $rc)" sh -c "test $rc = 2 && cmp -s '$TMP/a.png' '$TMP/a-keep.png'"
"$DELVE" gen --seed 3 --format dun -o "$TMP/m.dun"
cp "$TMP/m.dun" "$TMP/m-keep.dun"
"$DELVE" shot --dun "$TMP/m.dun" -o "$TMP/m.dun" > /dev/null 2>&1; rc=$?
check "shot --dun X -o X: exit 2, X kept (rc $rc)" sh -c "test $rc = 2 && cmp -s '$TMP/m.dun' '$TMP/m-keep.dun'"
"$DELVE" film tests/fixtures/short.film -o "$TMP/sf" --quiet > /dev/null
"$DELVE" sheet "$TMP/sf" -o "$TMP/sf/frames/x.png" > /dev/null 2>&1; rc=$?
check "sheet -o into its frames: exit 2, nothing there (rc $rc)" \
  sh -c "test $rc = 2 && test ! -e '$TMP/sf/frames/x.png'"
# a save that would land on the film's frames folder is refused before any frame is
# drawn (the film is made in a fresh folder, so only its own names can be in the way)
printf 'dungeon seed=3\nframe 960x540\nsave frames\n' > "$TMP/sv.film"
"$DELVE" film "$TMP/sv.film" -o "$TMP/sv" > /dev/null 2> "$TMP/err"; rc=$?
check "film save onto its frames folder: exit 2 at its file name (rc $rc)" \
  sh -c "test $rc = 2 && grep -q 'sv.film:3:6: save frames: the film writes that file itself' '$TMP/err'"
check "film save onto its frames folder: nothing written, nothing left beside" \
  sh -c "test ! -e '$TMP/sv' && test -z \"\$(ls -A '$TMP' | grep '^\.sv')\""
# two empty folders are nothing to review, not a pass
mkdir -p "$TMP/rv-a" "$TMP/rv-b"
"$DELVE" review "$TMP/rv-a" "$TMP/rv-b" -o "$TMP/rv" > /dev/null 2> "$TMP/err"; rc=$?
check "review of two empty folders: exit 2 (rc $rc)" \
  sh -c "test $rc = 2 && grep -q 'rv-a: not a shot set (no catalog.tsv, no PNGs)' '$TMP/err'"
# small things a new user hit
"$DELVE" gen --islands 5 --seed 1 > /dev/null 2>&1; rc=$?
check "gen --islands without --type shoals: exit 2 (rc $rc)" test $rc = 2
(cd "$TMP" && "$DELVE" gen --seed 1 --floors 1 -o - > stdout.txt)
check "gen -o - writes to standard output" sh -c "grep -q '^floor 1 of 1' '$TMP/stdout.txt' && test ! -e '$TMP/-'"
printf '\357\273\277' > "$TMP/bom.dun"
"$DELVE" gen --seed 3 --format dun >> "$TMP/bom.dun"
"$DELVE" check "$TMP/bom.dun" > /dev/null 2>&1; rc=$?
check "a .dun file with a UTF-8 byte order mark reads (rc $rc)" test $rc = 0
finish
