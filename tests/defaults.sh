# Every front end takes its defaults from the one settings table (gen/opts.c): what each
# command used when given no setting (read from what it prints or writes) is the
# default `delve settings --format tsv` lists. gen, shot, shot --seeds, stats, check
# --seeds, a film without a `dungeon` line and the viewer on such a film; rooms, caves,
# shoals. (gallery draws floor 1 of each DoomRL type at its own dlevels: no default.)
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
"$DELVE" settings --format tsv > rows.tsv
dflt() { awk -F'\t' -v k="$1" '$1 == k { print $3 }' rows.tsv; }
check "the table's floors default is 3 (the figure this test guards)" test "$(dflt floors)" = 3
# agree CMD "key=value ...": each key's value is the table's default
agree() {
  local cmd=$1 kv
  [ -z "$2" ] && { bad "$cmd: printed no settings to compare"; return; }
  for kv in $2; do
    local k=${kv%%=*} v=${kv#*=}
    if [ "$v" = "$(dflt "$k")" ]; then ok "$cmd: $k=$v, the table's default"
    else bad "$cmd: $k=$v, but delve settings says $(dflt "$k")"; fi
  done
}
for t in rooms caves shoals; do
  ty="--type $t"
  # gen: "floor 1 of K  seed S"
  agree "gen $ty" "$("$DELVE" gen $ty | head -n 1 | awk '{ print "floors=" $4, "seed=" $6 }')"
  # shot (one floor): "(W x H, seed S, floor 1 of K)"
  agree "shot $ty" "$("$DELVE" shot $ty --zoom 4 -o one-$t.png | sed -n 's/.*seed \([0-9]*\), floor 1 of \([0-9]*\)).*/seed=\1 floors=\2/p')"
  # shot --seeds: the catalog's settings line names every setting it used
  "$DELVE" shot $ty --seeds 1-1 --zoom 4 -o set-$t > /dev/null 2>&1
  agree "shot --seeds $ty" "$(sed -n 's/^# settings: //p' set-$t/catalog.tsv | tr ' ' '\n' | grep -v '^type=')"
  # check --seeds: "seeds 1-1, K floors:"
  agree "check --seeds $ty" "$("$DELVE" check $ty --seeds 1-1 2> /dev/null | head -n 1 | sed -n 's/.*, \([0-9]*\) floors\{0,1\}:.*/floors=\1/p')"
  # stats: its first line names the settings that shape its floors
  line=$("$DELVE" stats $ty --seeds 1-2 2> /dev/null | grep -m1 'seeds 1-2')
  case $t in
    rooms) kv=$(echo "$line" | sed -n 's/.*seeds 1-2  \([0-9]*\) floors\{0,1\}  rising \([a-z]*\).*/floors=\1 rising=\2/p') ;;
    caves) kv=$(echo "$line" | sed -n 's/.*dlevel \([0-9]*\)  difficulty \([0-9]*\).*/dlevel=\1 difficulty=\2/p') ;;
    shoals) kv=$(echo "$line" | sed -n 's/.*islands \([0-9]*\).*/islands=\1/p') ;;
  esac
  agree "stats $ty" "$kv"
  # a film without a dungeon line, and the viewer on it: a save's source line
  if [ $t = rooms ]; then printf 'save a.sav\n' > $t.film; else printf 'dungeon type=%s\nsave a.sav\n' $t > $t.film; fi
  "$DELVE" film $t.film -o film-$t --quiet > /dev/null 2>&1
  agree "film ($t)" "$(sed -n 's/^source //p' film-$t/a.sav | tr ' ' '\n' | grep -v '^type=')"
  "$DELVE" view --film $t.film --headless --screenshot v.png --save-to v-$t.sav --keys f5 > /dev/null 2>&1
  agree "view --film ($t)" "$(sed -n 's/^source //p' v-$t.sav | tr ' ' '\n' | grep -v '^type=')"
done
finish
