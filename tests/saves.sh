# Saved games on the command line: a film falls through the pit, heals at the font and
# saves; a second film and the viewer load it (the hole still open, the font still dry,
# the right countdown); a cut or edited save is refused with exit 2, nothing written. A
# Shoals save made after the tide moved loads and plays on as the uninterrupted film; a
# .dun (or a save of one) that delve check refuses is refused by film, view and shot.
. "${0%/*}/lib.bash" "$@" || exit 2
cat > "$TMP/a.film" <<'FILM'
film "Fall, heal, save"
dungeon seed=58 floors=3
record every=50
walk to=pit
walk to=station
use station
save after-font.sav
FILM
"$DELVE" film "$TMP/a.film" -o "$TMP/a" --quiet > "$TMP/out"; rc=$?
check "film with save: exit 0 (rc $rc)" test $rc = 0
check "film with save: the report names the save" grep -qF "  save    $TMP/a/after-font.sav" "$TMP/out"
check "the save holds the open hole and the font's last use" \
  sh -c "grep -qx 'open-pit 0 0' '$TMP/a/after-font.sav' && grep -qx 'station 1 0 28917' '$TMP/a/after-font.sav'"
check "the save's source line rebuilds the dungeon" grep -qx \
  "source seed=58 floors=3 type=rooms rising=on" "$TMP/a/after-font.sav"
last_a=$(tail -n 1 "$TMP/a/events.tsv" | cut -f 13)
cat > "$TMP/b.film" <<'FILM'
film "Loaded"
dungeon save=a/after-font.sav
use station
wait 1h
use station
save again.sav
FILM
"$DELVE" film "$TMP/b.film" -o "$TMP/b" --quiet > /dev/null; rc=$?
check "film from the save: exit 0 (rc $rc)" test $rc = 0
check "film from the save starts where the save left off (digest $last_a)" \
  test "$(sed -n 2p "$TMP/b/events.tsv" | cut -f 13)" = "$last_a"
check "the font is still dry at the load, 8 h to go" grep -qF \
  "The font is dry // BASIN DRY. PRESSURE BACK IN 8 H 00 M." "$TMP/b/events.tsv"
check "an hour later: 7 h to go" grep -qF "BASIN DRY. PRESSURE BACK IN 7 H 00 M." "$TMP/b/events.tsv"
check "a save of a loaded film keeps the first source" grep -qx \
  "source seed=58 floors=3 type=rooms rising=on" "$TMP/b/again.sav"
"$DELVE" view --load "$TMP/a/after-font.sav" --headless --screenshot "$TMP/load.png" > /dev/null; rc=$?
check "view --load --headless: exit 0 (rc $rc)" sh -c "test $rc = 0 && test -s '$TMP/load.png'"
"$DELVE" shot --load "$TMP/a/after-font.sav" --floor 1 -o "$TMP/hole.png" > /dev/null
"$DELVE" shot --seed 58 --floor 1 -o "$TMP/plates.png" > /dev/null
check "shot --load: floor 1 shows the open hole, not the plates" sh -c "test -s '$TMP/hole.png' && ! cmp -s '$TMP/hole.png' '$TMP/plates.png'"
head -c 150 "$TMP/a/after-font.sav" > "$TMP/cut.sav"
"$DELVE" view --load "$TMP/cut.sav" --headless --screenshot "$TMP/cut.png" 2> "$TMP/err"; rc=$?
check "a cut save: exit 2, says so, no screenshot ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/cut.sav:' '$TMP/err' && grep -qF 'cut short' '$TMP/err' && test ! -e '$TMP/cut.png'"
# a source naming stored rooms that cannot be read (the save signed again, as delve
# would have written it): said at the save's source line, the folder named after it
if needs "re-signing a save (python3)" python3; then
  python3 - "$TMP/a/after-font.sav" "$TMP/rooms.sav" <<'PY'
import sys
t = open(sys.argv[1], 'rb').read().replace(b'rising=on\n', b'rising=on rooms=/nonexistent-delve\n', 1)
body = t[:t.rindex(b'check ')]
h = 0xcbf29ce484222325  # FNV-1a 64, as save_check
for b in body:
    h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
open(sys.argv[2], 'wb').write(body + b'check %016x\n' % h)
PY
  "$DELVE" view --load "$TMP/rooms.sav" --headless --screenshot "$TMP/rooms.png" 2> "$TMP/err"; rc=$?
  check "a save whose stored rooms are gone: exit 2 at its source line ($(cat "$TMP/err"))" \
    sh -c "test $rc = 2 && grep -qxF 'delve view: $TMP/rooms.sav:2:1: source: /nonexistent-delve: cannot open the folder of stored rooms' '$TMP/err'"
fi
sed 's/^clock 28917$/clock 28918/' "$TMP/a/after-font.sav" > "$TMP/edited.sav"
printf 'dungeon save=edited.sav\nwait 1m\n' > "$TMP/c.film"
"$DELVE" film "$TMP/c.film" -o "$TMP/c" --quiet 2> "$TMP/err"; rc=$?
check "an edited save in a film: exit 2 at the script's line, nothing written ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/c.film:1:14: dungeon save: $TMP/edited.sav:' '$TMP/err' && grep -qF 'checksum does not match' '$TMP/err' && test ! -e '$TMP/c'"
"$DELVE" view tests/fixtures/dun/example.dun --headless --screenshot "$TMP/ex.png" > /dev/null; rc=$?
check "view FILE.dun --headless: exit 0 (rc $rc)" sh -c "test $rc = 0 && test -s '$TMP/ex.png'"
printf 'delve-dun 1\nfloors 1\nfloor 1 rooms dlevel 1 size 4 2\nmap\n#Q##\n' > "$TMP/bad.dun"
"$DELVE" view "$TMP/bad.dun" --headless --screenshot "$TMP/bad.png" 2> "$TMP/err"; rc=$?
check "view of a bad .dun: exit 2 at file:line:col ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/bad.dun:5:2: unknown map glyph' '$TMP/err'"
printf 'dungeon file=bad.dun\n' > "$TMP/d.film"
"$DELVE" film "$TMP/d.film" -o "$TMP/d" --quiet 2> "$TMP/err"; rc=$?
check "a bad .dun in a film: exit 2 at the script's line, quoting the file's ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/d.film:1:14: dungeon file: $TMP/bad.dun:5:2: unknown map glyph' '$TMP/err'"
"$DELVE" gen --seed 58 --format dun -o "$TMP/58.dun"
printf 'dungeon file=58.dun\nrecord every=50\nwalk to=pit\n' > "$TMP/e.film"
printf 'dungeon seed=58\nrecord every=50\nwalk to=pit\n' > "$TMP/f.film"
"$DELVE" film "$TMP/e.film" -o "$TMP/e" --quiet > /dev/null && "$DELVE" film "$TMP/f.film" -o "$TMP/f" --quiet > /dev/null
check "a film on gen --format dun's file plays as on the seed (same events.tsv)" cmp -s "$TMP/e/events.tsv" "$TMP/f/events.tsv"
# Shoals: a save made after the tide moved loads (the tide is saved whole), and the film
# from it goes on exactly as the uninterrupted one: the same rows (but the frame number).
cat > "$TMP/tide.film" <<'FILM'
dungeon seed=11 floors=1 type=shoals islands=15
record every=50
frame 960x540
wait 1m
save ebb.sav
walk to=27,14
wait 20s
FILM
"$DELVE" film "$TMP/tide.film" -o "$TMP/tide" --quiet > /dev/null; rc=$?
check "a Shoals film saves after the tide moved (rc $rc)" \
  sh -c "test $rc = 0 && grep -q '^tide ' '$TMP/tide/ebb.sav' && grep -q '^tide-row 0 12 ' '$TMP/tide/ebb.sav'"
printf 'dungeon save=tide/ebb.sav\nrecord every=50\nframe 960x540\nwalk to=27,14\nwait 20s\n' > "$TMP/ebb.film"
"$DELVE" film "$TMP/ebb.film" -o "$TMP/ebb" --quiet > /dev/null 2> "$TMP/err"; rc=$?
check "the film from the Shoals save plays (rc $rc: $(cat "$TMP/err"))" test $rc = 0
n=$(($(wc -l < "$TMP/ebb/events.tsv") - 2))  # after its header and start rows
tail -n "$n" "$TMP/ebb/events.tsv" | cut -f 2- > "$TMP/ebb.rows"
tail -n "$n" "$TMP/tide/events.tsv" | cut -f 2- > "$TMP/tide.rows"
check "its $n rows are the uninterrupted film's, digests and all" cmp -s "$TMP/ebb.rows" "$TMP/tide.rows"
"$DELVE" view --load "$TMP/tide/ebb.sav" --headless --screenshot "$TMP/ebb.png" > /dev/null; rc=$?
check "view --load of the Shoals save: exit 0 (rc $rc)" test $rc = 0
# A film, the viewer and a shot never play or draw a .dun that delve check refuses.
fx=$PWD/tests/fixtures/dun
printf 'dungeon file=%s/pit-landing-outside.dun\nwalk to=pit\n' "$fx" > "$TMP/out.film"
"$DELVE" film "$TMP/out.film" -o "$TMP/landing" --quiet 2> "$TMP/err"; rc=$?
check "dungeon file= whose pit lands outside the floor below: exit 2 at the line, with the finding ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/out.film:1:14: dungeon file: $fx/pit-landing-outside.dun: floor 1 (5,5): error pit-landing-outside: the landing 5,5 is outside floor 2 (12 x 5)' '$TMP/err' && test ! -e '$TMP/landing'"
"$DELVE" view "$fx/pit-origin-wall.dun" --headless --screenshot "$TMP/wall.png" 2> "$TMP/err"; rc=$?
check "view FILE.dun whose pit lands in a wall (through the origins): exit 2 ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF 'pit-origin-wall.dun: floor 1 (5,3): error pit-over-rock: the landing on floor 2 at 3,3 is wall' '$TMP/err' && test ! -e '$TMP/wall.png'"
"$DELVE" shot --dun "$fx/pit-origin-outside.dun" -o "$TMP/outside.png" 2> "$TMP/err"; rc=$?
check "shot --dun whose landing is off the floor below: exit 2 ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF 'error pit-landing-outside' '$TMP/err' && test ! -e '$TMP/outside.png'"
"$DELVE" shot --dun "$fx/pit-grown-floor.dun" --floor 2 -o "$TMP/grown.png" > /dev/null; rc=$?
check "shot --dun of a grown floor that lands right: exit 0 (rc $rc)" test $rc = 0
cp "$fx/ok.dun" "$TMP/crypt.dun"
printf 'dungeon file=crypt.dun\nrecord every=50\nframe 960x540\nsave crypt.sav\n' > "$TMP/crypt.film"
"$DELVE" film "$TMP/crypt.film" -o "$TMP/crypt" --quiet > /dev/null; rc=$?
check "a film on a clean .dun saves (rc $rc)" test $rc = 0
cp "$fx/pit-landing-outside.dun" "$TMP/crypt.dun"
"$DELVE" view --load "$TMP/crypt/crypt.sav" --headless --screenshot "$TMP/crypt.png" 2> "$TMP/err"; rc=$?
check "view --load of a save whose .dun now fails the check: exit 2 at its source line ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF '$TMP/crypt/crypt.sav:2:1: source: ' '$TMP/err' && grep -qF 'crypt.dun: floor 1 (5,5): error pit-landing-outside' '$TMP/err' && test ! -e '$TMP/crypt.png'"
finish
