# The viewer as a generator author's workbench, headless: the side view (v) against
# `delve shot --side`, the copied `delve shot` command against the view's map area, the
# tide layer's figures against `delve gen`'s map, --compare (A, B after Tab, the
# differences layer) and --unchecked. Sizes differ on purpose: `delve diff` counts the
# pixels only one image has, so "changed = W*H - w*h" says the smaller image is the
# larger's top-left corner byte for byte.
. "${0%/*}/lib.bash" "$@" || exit 2
# shot, status and says: tests/lib.bash
same() { check "$1" cmp -s "$TMP/$2.png" "$TMP/$3.png"; }
differ() { check "$1" sh -c "! cmp -s '$TMP/$2.png' '$TMP/$3.png'"; }
json() { "$DELVE" diff --format json "$1" "$2" 2> /dev/null; }
changed() { json "$1" "$2" | sed -n 's/.*"changed":\([0-9]*\).*/\1/p'; }
corner() { # corner NAME A B W H w h: image B is image A's top-left w x h corner, byte for byte
  local got; got=$(changed "$2" "$3")
  check "$1 (changed $got, want $(($4 * $5 - $6 * $7)))" test "$got" = $(($4 * $5 - $6 * $7))
}
copied_shot() { # copied_shot NAME OUT.png: runs the delve shot line c printed for shot NAME
  local cmd; cmd=$(sed -n 's/^delve view: copied: delve shot //p' "$TMP/$1.out")
  # shellcheck disable=SC2086 # the copied line is words
  (cd "$TMP" && "$DELVE" shot ${cmd% -o view.png} -o "$2" > /dev/null)
}

# side view: v cuts along the party's row; the map area (1680 x 900 of a 2000 x 900
# window: seed 5's floor 1 has no pit, so the viewer explores it and there is no
# timeline under the map) is what `delve shot --side --size 1680x900` draws: the picture centred top to
# bottom, the party's marker at its square, the ruler scaled with the area
shot idle --seed 5 --size 2000x900 --keys x
shot side --seed 5 --size 2000x900 --keys v
row=$(status side | sed -n 's/^side view cut along row \([0-9]*\) .*/\1/p')
says side "side view cut along row $row of floor 1"
"$DELVE" shot --side --seed 5 --row "$row" -o "$TMP/whole.png" > /dev/null
read -r pw _ ph < <(png_size "$TMP/whole.png")
check "the side picture is smaller than the map area ($pw x $ph)" test "$pw" -le 1680 -a "$ph" -le 900
"$DELVE" shot --side --seed 5 --row "$row" --size 1680x900 -o "$TMP/win.png" > /dev/null
corner "v equals delve shot --side --row $row --size 1680x900" "$TMP/side.png" "$TMP/win.png" 2000 900 1680 900
shot down --seed 5 --size 2000x900 --keys "v down"
says down "side view cut along row $((row + 1)) of floor 1"
"$DELVE" shot --side --seed 5 --row $((row + 1)) --size 1680x900 -o "$TMP/win2.png" > /dev/null
corner "v down equals delve shot --side --row $((row + 1)) --size 1680x900" "$TMP/down.png" "$TMP/win2.png" 2000 900 1680 900
differ "down moves the cut" side down
# o turns the cut to the party's column (and back), up/down then move it a column
shot col --seed 5 --size 2000x900 --keys "v o down"
cut=$(status col | sed -n 's/^side view cut along column \([0-9]*\) .*/\1/p')
says col "side view cut along column $cut of floor 1: up/down move the cut, o the row"
"$DELVE" shot --side --seed 5 --col "$cut" --size 1680x900 -o "$TMP/wincol.png" > /dev/null
corner "v o down equals delve shot --side --col $cut --size 1680x900" "$TMP/col.png" "$TMP/wincol.png" 2000 900 1680 900
shot colrow --seed 5 --size 2000x900 --keys "v o o"
shot fit --seed 5 --size 2000x900 --keys "v 0"
says fit "side view cut along row $row of floor 1: up/down move the cut"
same "o o is the row's cut again" side colrow
# the hover line over the picture: x of floor 1 and the height (24 px a square, 1 m is
# 12 px: the F1 label's line is the datum, 0 m); the picture is centred, its ruler 72 px
# scaled as the map area's HUD would be: 1680 x 900 is 122 % of 1280 x 720, 87 px
top=$(((900 - ph) / 2))
shot shover --seed 5 --size 2000x900 --keys "v x move:$((72 * 122 / 100 + 10 * 24 + 5)),$((top + ph - 1))"
says shover "side view, row $row: -22.50 m; rock (x 10 on floor 1's grid)"
# the cut's hint gives way to the hover as soon as the mouse moves over the map
shot vhover --seed 5 --size 2000x900 --keys "v move:$((72 * 122 / 100 + 10 * 24 + 5)),$((top + ph - 1))"
says vhover "side view, row $row: -22.50 m; rock (x 10 on floor 1's grid)"
# over a room: the floor, its square as the map's hover says it, the height; over the
# ruler the height alone; over the void round the picture the cut's keys
shot hroom --seed 58 --keys "v move:450,220"
says hroom "side view, row 7: +3.92 m; F1 15,7: the entrance of floor 1"
shot hparty --seed 58 --keys "v move:444,258"
says hparty "side view, row 7: +0.75 m; the party, F1 15,7 (on the cut)"
shot hruler --seed 58 --keys "v move:30,300"
says hruler "side view, row 7: -2.75 m"
shot hvoid --seed 58 --keys "v move:500,100"
says hvoid "side view cut along row 7 of floor 1: up/down move the cut, o the column, v the map"
shot back --seed 5 --size 2000x900 --keys "v v x"
same "v v is the map again" idle back

# c: the delve shot line reproduces the map area (floor, zoomed and panned; side view;
# seed 5 is explored: no timeline, the map area 960 x 720)
shot cfloor --seed 5 --keys "right right + c"
copied_shot cfloor cfloor-shot.png
corner "c's delve shot equals the map area (floor)" "$TMP/cfloor.png" "$TMP/cfloor-shot.png" 1280 720 960 720
check "c prints the delve view line too" grep -q '^delve view: copied: delve view --seed 5 .* --floor 1$' "$TMP/cfloor.out"
shot cside --seed 5 --keys "v + right down c"
copied_shot cside cside-shot.png
corner "c's delve shot equals the map area (side view, zoomed, panned)" "$TMP/cside.png" "$TMP/cside-shot.png" 1280 720 960 720
check "the side view's line has --side --row $((row + 1))" grep -q -- "--side --row $((row + 1)) " "$TMP/cside.out"
shot ccol --seed 5 --keys "v o right c"
copied_shot ccol ccol-shot.png
corner "c's delve shot equals the map area (side view along a column, panned)" "$TMP/ccol.png" "$TMP/ccol-shot.png" 1280 720 960 720
check "  its line has --side --col" grep -q -- "--side --col [0-9]* " "$TMP/ccol.out"

# tide: shallow water now is what delve gen's map shows as '=', the high tide floods more
shot tide --type shoals --seed 3 --keys s
want=$("$DELVE" gen --type shoals --seed 3 | awk '/^floor 1 /{f=1;next} /^floor 2 /{f=0} f && length($0)==70' | tr -cd '=' | wc -c)
says tide "tide on floor 1: $want squares of shallow water now"
more=$(status tide | sed -n 's/.*now, \([0-9]*\) more at high tide/\1/p')
check "the high tide floods more squares ($more)" test "${more:-0}" -gt 0
shot shoals --type shoals --seed 3 --keys x
shot tide2 --type shoals --seed 3 --keys "s s x"
differ "s draws the tide layer" shoals tide
same "s s takes it off" shoals tide2
shot notide --seed 5 --keys s
says notide "floor 1 is not a Shoals floor"

# --compare, settings form: A, then B after Tab, each the map its own settings draw
shot A --compare --seed 5 --keys c --rising off -- --rising on
shot B --compare --seed 5 --keys "tab c" --rising off -- --rising on
copied_shot A A-shot.png
copied_shot B B-shot.png
corner "A's map area is --rising off's" "$TMP/A.png" "$TMP/A-shot.png" 1280 720 960 720
corner "B's map area is --rising on's" "$TMP/B.png" "$TMP/B-shot.png" 1280 720 960 720
check "A's line says --rising off" grep -q 'copied: delve shot .*--rising off' "$TMP/A.out"
check "B's line says --rising on" grep -q 'copied: delve shot .*--rising on' "$TMP/B.out"
differ "A is not B" A-shot B-shot
shot tab --compare --seed 5 --keys tab --rising off -- --rising on
says tab "Tab: B shown; "
shot tabtab --compare --seed 5 --keys "tab tab x" --rising off -- --rising on
shot ax --compare --seed 5 --keys x --rising off -- --rising on
same "Tab Tab is A again" ax tabtab
shot bnext --compare --seed 5 --keys "tab n c" --rising off -- --rising on
check "n moves both: B is seed 6 with --rising on" \
  grep -q 'copied: delve shot --seed 6 .*--rising on' "$TMP/bnext.out"
"$DELVE" view --headless --screenshot "$TMP/x.png" --compare --seed 5 > /dev/null 2> "$TMP/nob.err"
check "--compare without B is a usage error" grep -q 'needs two dungeons' "$TMP/nob.err"

# --compare, two .dun files: one square changed, d rings exactly it
"$DELVE" gen --seed 58 --floors 2 --format dun > "$TMP/a.dun"
awk 'NR==12{$0=substr($0,1,33) "#" substr($0,35)}1' "$TMP/a.dun" > "$TMP/b.dun"
shot d1 --compare "$TMP/a.dun" "$TMP/b.dun" --keys d
says d1 "d: A shown; 1 square on floor 1 unlike B"
shot dmark --compare "$TMP/a.dun" "$TMP/b.dun" --keys "d x"
shot dsame --compare "$TMP/a.dun" "$TMP/a.dun" --keys "d x"
box=$(json "$TMP/dsame.png" "$TMP/dmark.png" | sed -n 's/.*"box":{"x0":\([0-9]*\),"y0":\([0-9]*\),"x1":\([0-9]*\),"y1":\([0-9]*\)}.*/\1 \2 \3 \4/p')
read -r x0 y0 x1 y1 <<< "$box"
check "d marks one square: 28 x 28 px changed (24 px and its 2 px edge; box $box)" \
  test "$((x1 - x0 + 1))x$((y1 - y0 + 1))" = 28x28
shot dhover --compare "$TMP/a.dun" "$TMP/b.dun" --keys "d x move:$(((x0 + x1) / 2)),$(((y0 + y1) / 2))"
says dhover "33,4: "
says dhover "unlike B"

# --unchecked: a .dun that fails delve check opens, its error on layer k
F=tests/fixtures/dun/pit-over-way.dun
"$DELVE" view --headless --screenshot "$TMP/x.png" "$F" > /dev/null 2> "$TMP/refused.err"; rc=$?
check "a .dun with a check error is refused by default (rc $rc)" test $rc = 2
check "the refusal names the error" grep -q 'error pit-over-way' "$TMP/refused.err"
shot unchecked --unchecked "$F" --keys "k move:444,375"
says unchecked "error pit-over-way"
shot unchecked0 --unchecked "$F" --keys "x"
shot unchecked_k --unchecked "$F" --keys "k x"
differ "k rings the error" unchecked0 unchecked_k
shot opened --unchecked "$F" --keys "move:1,1"
says opened "--unchecked: 1 error, "
shot copied --unchecked "$F" --keys c
check "c's view line keeps --unchecked" grep -q "copied: delve view $F --unchecked --floor 1" "$TMP/copied.out"
finish
