# Saved games on the command line: a film falls through the pit, heals at the font and
# saves; a second film and the viewer load it (the hole still open, the font still dry,
# the right countdown); a cut or edited save is refused with exit 2, nothing written.
. tests/lib.bash "$@"
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
finish
