# The man pages (scripts/man.sh): made by pandoc, they render with man and groff without
# a warning, read as text (no markdown left, no image, no link target), hold every
# command with its --help (every option of `delve film --help` among them), and come out
# the same bytes twice. pandoc comes with scripts/deps.sh --test: without it this fails.
. "${0%/*}/lib.bash" "$@" || exit 2
have() { command -v "$1" > /dev/null; }
check "pandoc is installed (scripts/deps.sh --test)" have pandoc || { finish; exit; }
M=$TMP/man
bash scripts/man.sh "$DELVE" "$M" > "$TMP/man.log" 2>&1
check "scripts/man.sh makes delve.1, delve-film.5, delve-dun.5 and their .gz ($(head -c 200 "$TMP/man.log"))" \
  sh -c "cd '$M' && test -s delve.1 -a -s delve-film.5 -a -s delve-dun.5 -a -s delve.1.gz -a -s delve-film.5.gz -a -s delve-dun.5.gz"
for page in delve.1 delve-film.5 delve-dun.5; do
  LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$M/$page.gz" > "$TMP/$page.txt" 2> "$TMP/$page.err"
  check "man -l $page.gz renders without a warning ($(head -c 300 "$TMP/$page.err"))" \
    sh -c "test -s '$TMP/$page.txt' && ! test -s '$TMP/$page.err'"
  groff -man -ww -z -Tutf8 "$M/$page" > "$TMP/$page.groff" 2>&1
  check "groff -ww $page: no warning ($(head -c 300 "$TMP/$page.groff"))" test ! -s "$TMP/$page.groff"
  check "$page: no markdown left (\`\`\`, **, ](, ![)" sh -c "! grep -nE '\`\`\`|\\*\\*|\\]\\(|!\\[' '$TMP/$page.txt'"
  [ -f "$BUILD/man/$page.gz" ] && check "the build's man/$page.gz is scripts/man.sh's, byte for byte" cmp -s "$BUILD/man/$page.gz" "$M/$page.gz"
done
T=$TMP/delve.1.txt
for s in NAME SYNOPSIS DESCRIPTION COMMANDS 'EXIT STATUS' FILES 'SEE ALSO'; do
  check "delve(1) has $s" grep -qx "$s" "$T"
done
for cmd in $("$DELVE" --help | awk '/^  [a-z]/ { print $1 }'); do
  check "delve(1) has delve $cmd" grep -qx "   delve $cmd" "$T"
done
missing=""
for o in $("$DELVE" film --help | grep -oE '(^|[ [|(])--?[a-z][a-z0-9-]*' | sed 's/^[ [|(]//' | sort -u); do
  grep -qe "$o" "$T" || missing="$missing $o"
done
check "delve(1) has every option of delve film --help${missing:+ (not:$missing)}" test -z "$missing"
check "delve(1) has the level types of delve settings" grep -q "small-rooms  DoomRL's twelve" "$T"
check "delve-film(5) has the directives" sh -c "grep -q '^SYNTAX' '$TMP/delve-film.5.txt' && grep -q 'walk to=TARGET' '$TMP/delve-film.5.txt'"
check "delve-film(5) leaves out the source files" sh -c "! grep -q 'director.\[ch\]' '$TMP/delve-film.5.txt'"
check "delve-dun(5) has the example and the lines" sh -c "grep -q 'delve-dun 1' '$TMP/delve-dun.5.txt' && grep -q 'monster KIND X Y walking|flying' '$TMP/delve-dun.5.txt'"
bash scripts/man.sh "$DELVE" "$TMP/again" > /dev/null 2>&1
check "made twice, the same bytes (gzip -n)" cmp -s "$M/delve.1.gz" "$TMP/again/delve.1.gz"
finish
