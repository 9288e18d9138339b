# The sheet golden's tolerance (tests/sheet_compare.c) forgives glyph edges and nothing
# else. Another machine's FreeType is emulated with stem darkening
# (FREETYPE_PROPERTIES=autofitter:no-stem-darkening=0: every glyph a little heavier,
# 73593 pixels of the golden sheet differ): it passes, against the real golden too. A
# real change fails: one letter of the title, a longer caption, a member's health (the
# bars), a line of the HUD or of a caption strip moved by one pixel. One letter of grey
# caption text changed in place ("fall" -> "fell") stays under the glyph-edge limits on
# the sheet: the film's events.tsv golden (tests/golden.sh) catches that one. The cases run on the
# default film recorded every 30 ticks with its events not held (84 frames, 36 of them the fall, all on
# the sheet; the 200 glyph pixels forgiven are a sheet of that size's), so they cost a second each; each sheet comes with its DejaVu Serif twin, as tests/golden.sh does.
. "${0%/*}/lib.bash" "$@" || exit 2
SC="$BUILD/tests/sheet-compare"
FILM=films/scripts/pits-and-stations.film
SERIF=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf
DARK=autofitter:no-stem-darkening=0
sed -e 's/^record  every=4$/record  every=30\nevents  hold=off/' -e 's/pick=every=20$/pick=all/' "$FILM" > "$TMP/base.film"
sed 's/"Pits and rest stations"/"Pits and rest statiens"/' "$TMP/base.film" > "$TMP/title.film"
sed 's/looking for a rest station/looking for the rest station/' "$TMP/base.film" > "$TMP/caption.film"
sed 's/"Hurt from the fall, looking/"Hurt from the fell, looking/' "$TMP/base.film" > "$TMP/letter.film"
sed 's/health=30 power=12/health=32 power=12/' "$TMP/base.film" > "$TMP/health.film"
check "the variants differ from the base film" \
  sh -c "for v in title caption letter health; do ! cmp -s '$TMP/base.film' \"$TMP/\$v.film\" || exit 1; done; ! cmp -s '$FILM' '$TMP/base.film'"

# sheets NAME FILM [ENV]: NAME.png and NAME-serif.png, FILM's sheet in both faces
sheets() {
  env ${3:+FREETYPE_PROPERTIES=$3} "$DELVE" film "$2" -o "$TMP/f-$1" --quiet > /dev/null &&
    env ${3:+FREETYPE_PROPERTIES=$3} "$DELVE" film "$2" -o "$TMP/f-$1-serif" --quiet --font "$SERIF" > /dev/null &&
    cp "$TMP/f-$1/sheet.png" "$TMP/$1.png" && cp "$TMP/f-$1-serif/sheet.png" "$TMP/$1-serif.png"
}
# judge NAME: sheet-compare of base.png with NAME.png; its status, message in $TMP/NAME.msg
judge() {
  "$SC" "$TMP/base.png" "$TMP/$1.png" "$TMP/$1-serif.png" -o "$TMP/$1-diff.png" > "$TMP/$1.msg"
}
sheets base "$TMP/base.film"
judge base; rc=$?
check "the base sheet equals itself: SAME ($(cat "$TMP/base.msg"))" \
  sh -c "test $rc = 0 && grep -q ': SAME$' '$TMP/base.msg'"
check "the message says what it forgives" grep -q "within 1 px of text.* differ by at most 160 levels (glyph edges, forgiven).*at most 200 in all and 6 in any 16 px square" "$TMP/base.msg"

sheets dark "$TMP/base.film" "$DARK"
judge dark; rc=$?
check "stem darkening is forgiven: exit 0, WITHIN TOLERANCE ($(cat "$TMP/dark.msg"))" \
  sh -c "test $rc = 0 && grep -q ': WITHIN TOLERANCE$' '$TMP/dark.msg' && grep -q '^sheet: 0 of ' '$TMP/dark.msg'"
for v in title caption health; do
  sheets "$v" "$TMP/$v.film"
  judge "$v"; rc=$?
  check "a changed $v fails: exit 1 ($(cat "$TMP/$v.msg"))" \
    sh -c "test $rc = 1 && grep -q ': DIFFERENT$' '$TMP/$v.msg'"
done
check "the changed health bars are outside the glyph areas" sh -c "! grep -q '^sheet: 0 of ' '$TMP/health.msg'"

"$DELVE" film "$TMP/letter.film" -o "$TMP/f-letter" --quiet > /dev/null
check "one caption letter changed in place: events.tsv differs (the words' golden)" \
  sh -c "! cmp -s '$TMP/f-base/events.tsv' '$TMP/f-letter/events.tsv'"

# a line moved by one pixel: the base sheet and its serif twin moved alike (a line of the
# first thumbnail's HUD and the first caption strip, under the 258 px of the health chart)
for box in 250,353,76,8,0,1 250,353,76,8,1,0 8,510,300,14,0,1; do
  "$SC" --move "$box" "$TMP/base.png" "$TMP/moved.png" &&
    "$SC" --move "$box" "$TMP/base-serif.png" "$TMP/moved-serif.png"
  judge moved; rc=$?
  check "a line moved ($box: x,y,w,h,dx,dy) fails: exit 1 ($(cat "$TMP/moved.msg"))" test $rc = 1
done

# the real golden: stem darkening on the default film passes
FREETYPE_PROPERTIES=$DARK "$DELVE" film "$FILM" -o "$TMP/gold-dark" --quiet > /dev/null
FREETYPE_PROPERTIES=$DARK "$DELVE" film "$FILM" -o "$TMP/gold-dark-serif" --quiet --font "$SERIF" > /dev/null
"$SC" tests/golden/sheet.png "$TMP/gold-dark/sheet.png" "$TMP/gold-dark-serif/sheet.png" > "$TMP/gold.msg"; rc=$?
check "the golden sheet forgives stem darkening ($(cat "$TMP/gold.msg"))" \
  sh -c "test $rc = 0 && grep -q ': WITHIN TOLERANCE$' '$TMP/gold.msg'"
"$SC" tests/golden/sheet.png "$TMP/gold-dark/sheet.png" 2> /dev/null; rc=$?
check "sheet-compare without the other face is a usage error (exit 2)" test $rc = 2
finish
