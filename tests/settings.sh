# The settings table (gen/opts.h) seen from every front end: for each row `delve
# settings --format tsv` lists, gen, shot, view, stats, check --seeds and a film's
# `dungeon` line take a good value and refuse a bad one with the same message.
. "${0%/*}/lib.bash" "$@" || exit 2
"$DELVE" settings --format tsv > "$TMP/rows.tsv"
check "delve settings lists ten settings" test "$(tail -n +2 "$TMP/rows.tsv" | wc -l)" = 10

# A bad value and the message every front end gives for it, by the row's values column.
bad_value() { # KEY VALUES -> "VALUE<TAB>MESSAGE"
  case "$2" in
    on\|off) printf "maybe\t'maybe' is not on or off" ;;
    "a level type") printf "nowhere\t'nowhere' is not a level type (rooms, normal" ;;
    DIR*) printf "%0300d\ta path of 300 bytes" 0 ;;
    0..18446744073709551615) printf "12x\t'12x' is not a whole number 0..18446744073709551615" ;;
    *..*) hi=${2#*..}; printf "%s\t'%s' is not a number in %s" $((hi + 1)) $((hi + 1)) "$2" ;;
  esac
}
# The type a setting needs to apply, and a good value for it.
type_for() { case "$1" in dlevel|difficulty|single-monster) echo caves ;; islands) echo shoals ;; *) echo rooms ;; esac; }
good_value() { case "$1" in seed) echo 7 ;; floors) echo 2 ;; floor) echo 1 ;; type) echo caves ;;
  dlevel) echo 4 ;; difficulty) echo 3 ;; single-monster) echo on ;; islands) echo 9 ;;
  rising) echo off ;; rooms) echo "$PWD/assets/rooms" ;; esac; }

# run CMD KEY VALUE TYPE: the front end CMD with the one setting; stdout/err to $TMP/out
run() {
  local cmd=$1 key=$2 val=$3 type=$4 t=()
  [ "$key" != type ] && t=(--type "$type")
  case $cmd in
    gen) "$DELVE" gen "${t[@]}" --"$key" "$val" --floors 2 ;;
    shot) "$DELVE" shot "${t[@]}" --"$key"="$val" --zoom 4 -o "$TMP/s.png" ;;
    view) "$DELVE" view "${t[@]}" --"$key" "$val" --headless --screenshot "$TMP/v.png" ;;
    stats) "$DELVE" stats "${t[@]}" --"$key" "$val" --seeds 1-2 ;;
    check) "$DELVE" check "${t[@]}" --"$key" "$val" --seeds 1-2 ;;
    film) local tl=""; [ "$key" != type ] && tl=" type=$type"
          printf 'dungeon%s %s=%s\n' "$tl" "$key" "$val" > "$TMP/s.film"
          "$DELVE" film "$TMP/s.film" -o "$TMP/film" --quiet ;;
  esac > "$TMP/out" 2>&1
}

while IFS=$'\t' read -r key values default fams help; do
  IFS=$'\t' read -r bad msg <<< "$(bad_value "$key" "$values")"
  type=$(type_for "$key")
  for cmd in gen shot view stats check film; do
    case "$cmd:$key" in stats:seed|check:seed|stats:floor|check:floor|film:floor) continue ;;
      stats:floors) [ "$type" != rooms ] && continue ;; esac
    run "$cmd" "$key" "$bad" "$type"; rc=$?
    if [ "$cmd" = film ]; then want="s.film:1:"; else want="delve $cmd: --$key: "; fi
    check "$cmd --$key $bad: exit 2 saying $msg (rc $rc)" \
      sh -c "test $rc = 2 && grep -qF \"$want\" '$TMP/out' && grep -qF \"$msg\" '$TMP/out'"
    run "$cmd" "$key" "$(good_value "$key")" "$type"; rc=$?
    check "$cmd --$key $(good_value "$key"): taken (rc $rc: $(head -c 160 "$TMP/out"))" test $rc = 0
  done
done < <(tail -n +2 "$TMP/rows.tsv")

# a setting that does not apply to the type is refused, on the command line as in a film
"$DELVE" gen --type caves --islands 4 > /dev/null 2> "$TMP/err"; rc=$?
check "gen --type caves --islands: exit 2 (rc $rc)" \
  sh -c "test $rc = 2 && grep -qF -- '--islands is for --type shoals, not caves' '$TMP/err'"
printf 'dungeon type=caves rising=off\n' > "$TMP/r.film"
"$DELVE" film "$TMP/r.film" -o "$TMP/r" --quiet 2> "$TMP/err"; rc=$?
check "film type=caves rising=off: exit 2 (rc $rc)" \
  sh -c "test $rc = 2 && grep -qF 'r.film:1:20: rising is for --type rooms, not caves' '$TMP/err'"
printf 'dungeon seed=3 floor=2\n' > "$TMP/f.film"
"$DELVE" film "$TMP/f.film" -o "$TMP/f" --quiet 2> "$TMP/err"; rc=$?
check "a film has no floor= (rc $rc)" \
  sh -c "test $rc = 2 && grep -qF \"f.film:1:16: unknown key 'floor=' for 'dungeon'\" '$TMP/err'"
"$DELVE" gen --type caves --dlevel 0 > /dev/null 2> "$TMP/err"
"$DELVE" gen --dlevel 3 > /dev/null 2> "$TMP/err"; rc=$?
check "--dlevel on rooms names the DoomRL types (rc $rc)" \
  sh -c "test $rc = 2 && grep -qF -- '--dlevel is for the DoomRL types, not rooms' '$TMP/err'"
"$DELVE" gen --type caves --seed 5 --format dun -o "$TMP/c.dun"
"$DELVE" shot --dun "$TMP/c.dun" --type shoals -o "$TMP/x.png" > /dev/null 2> "$TMP/err"; rc=$?
check "shot --dun with a setting: refused (rc $rc)" test $rc = 2
"$DELVE" view "$TMP/c.dun" --floor 4 --headless --screenshot "$TMP/x.png" > /dev/null 2> "$TMP/err"; rc=$?
check "view FILE.dun --floor past its floors: refused (rc $rc)" \
  sh -c "test $rc = 2 && grep -qF -- '--floor 4: the dungeon has 3 floors' '$TMP/err'"
"$DELVE" stats --type caves --floors 5 --seeds 1-2 > /dev/null 2>&1; rc=$?
check "stats --type caves --floors: refused, DoomRL stats measure floor 1 alone (rc $rc)" test $rc = 2
# --key=value and --key value give the same bytes; an abbreviation is refused
"$DELVE" gen --seed=9 --floors=2 > "$TMP/a.txt"
"$DELVE" gen --seed 9 --floors 2 > "$TMP/b.txt"
check "--key=value equals --key value" cmp -s "$TMP/a.txt" "$TMP/b.txt"
"$DELVE" gen --flo 2 > /dev/null 2> "$TMP/err"; rc=$?
check "an abbreviation is refused (rc $rc)" \
  sh -c "test $rc = 2 && grep -qF \"unknown option '--flo'\" '$TMP/err'"
# every registered type appears in help and generates
for t in $("$DELVE" settings | sed -n '/^level types/,$p' | awk 'NR > 1 { print $1 }'); do
  "$DELVE" gen --help | grep -q "^  $t " || bad "$t missing from delve gen --help"
  "$DELVE" shot --type "$t" --seed 3 --floors 2 --zoom 4 -o "$TMP/t.png" > /dev/null 2>&1
  check "type $t generates and renders" test -s "$TMP/t.png"
  rm -f "$TMP/t.png"
done
finish
