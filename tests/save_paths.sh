# A game saved while --rooms names a folder with a space, a quote, a '$', UTF-8 or a
# leading dash (viewer F5, a film's save) loads back: the source line quotes the path
# (docs/save-format.md); a folder with a newline is refused before anything is written.
. "${0%/*}/lib.bash" "$@" || exit 2
ROOMS=$PWD/assets/rooms
NAMES=("r oo" "q\"uo'te" "d\$llar" "é ü" "-lead")

# viewer F5 and a film's save, read back by shot --load and a film
mkdir -p "$TMP/w"
i=0
for name in "${NAMES[@]}"; do
  i=$((i + 1))
  d="$TMP/w/$name"
  mkdir -p "$d" && cp -r "$ROOMS" "$d/rooms"
  (cd "$TMP/w" && "$DELVE" view --headless --screenshot "$TMP/f5-$i.png" --seed 58 --floors 2 \
     --rooms "./$name/rooms" --keys f5 --save-to "$TMP/s$i.sav" > "$TMP/f5-$i.out" 2>&1)
  check "F5 with --rooms '$name' saves" grep -q "F5: saved to" "$TMP/f5-$i.out"
  "$DELVE" shot --load "$TMP/s$i.sav" --floor 1 -o "$TMP/load-$i.png" > "$TMP/load-$i.out" 2>&1; rc=$?
  check "the save of --rooms '$name' loads (rc $rc: $(tail -1 "$TMP/load-$i.out"))" test $rc = 0
  "$DELVE" shot --seed 58 --floors 2 --floor 1 --rooms "$d/rooms" -o "$TMP/gen-$i.png" > /dev/null 2>&1
  check "the loaded save of '$name' draws the dungeon it was saved from" cmp -s "$TMP/load-$i.png" "$TMP/gen-$i.png"
done
check "a folder with a space is quoted in the source line" \
  grep -qxF "source seed=58 floors=2 type=rooms rising=on rooms=\"$TMP/w/r oo/rooms\"" "$TMP/s1.sav"
check "a quote in the folder is escaped" grep -qF "rooms=\"$TMP/w/q\\\"uo'te/rooms\"" "$TMP/s2.sav"
check "a plain folder stays bare" sh -c "! grep -q '\"' '$TMP/s3.sav'"

cat > "$TMP/w/save.film" <<'FILM'
film "Saved with a space"
dungeon seed=58 floors=2 rooms="r oo/rooms"
walk to=pit
save s.sav
FILM
cat > "$TMP/w/load.film" <<'FILM'
film "Loaded"
dungeon save=a/s.sav
wait 1h
FILM
(cd "$TMP/w" && "$DELVE" film save.film -o a --quiet > "$TMP/film.out" 2>&1); rc=$?
check "a film's save with rooms in a folder with a space: exit 0 (rc $rc)" test $rc = 0
(cd "$TMP/w" && "$DELVE" film load.film -o b --quiet > "$TMP/film2.out" 2>&1); rc=$?
check "a film loads it (rc $rc: $(tail -1 "$TMP/film2.out"))" test $rc = 0

nl=$'n\nl'
mkdir -p "$TMP/w/$nl" && cp -r "$ROOMS" "$TMP/w/$nl/rooms"
"$DELVE" view --headless --screenshot "$TMP/nl.png" --seed 58 --floors 2 --rooms "$TMP/w/$nl/rooms" \
  --keys f5 --save-to "$TMP/nl.sav" > "$TMP/nl.out" 2>&1
check "a folder with a newline: F5 refuses, saying why" grep -q "F5: not saved: .*newline" "$TMP/nl.out"
check "a folder with a newline: nothing written" test ! -e "$TMP/nl.sav"

finish
