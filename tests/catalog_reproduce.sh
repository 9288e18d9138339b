# catalog.tsv's provenance (review/catalog.h catalog_head): the comment lines name the
# command, every setting, the version and the revision; the "# shot:" line, filled in
# with a catalog line's seed and floor, makes that very PNG (same bytes as the set's),
# and the "# view:" line opens that floor.
. "${0%/*}/lib.bash" "$@" || exit 2
reproduce() { # reproduce DIR NAME: every catalog line's shot made again and compared
  local dir=$1 name=$2 shot seed floor rest n=0 same=0
  shot=$(sed -n 's/^# shot: //p' "$dir/catalog.tsv")
  check "$name: one '# shot:' line" test -n "$shot"
  while IFS=$'\t' read -r seed floor rest; do
    case $seed in '#'*|'') continue ;; esac
    n=$((n + 1))
    local line=${shot//SEED/$seed}
    line=${line//FLOOR/$floor}
    line=${line//OUT.png/$TMP/again.png}
    # the line is shell text (quoted values): run it as a shell would, delve from the build
    (delve() { "$DELVE" "$@"; }; eval "$line") > /dev/null || { bad "$name: '$line' failed"; continue; }
    cmp -s "$TMP/again.png" "$(printf '%s/seed-%020d-floor-%02d.png' "$dir" "$seed" "$floor")" &&
      same=$((same + 1))
  done < "$dir/catalog.tsv"
  check "$name: each of the $n lines' shot line makes the set's bytes ($same same)" \
    test "$n" -gt 0 -a "$same" = "$n"
}
"$DELVE" shot --seeds 4-5 --floors 2 --rising off --zoom 8 -o "$TMP/rooms" > /dev/null 2>&1
reproduce "$TMP/rooms" "rooms, rising off, zoom 8"
"$DELVE" shot --seeds 7-8 --type caves --dlevel 9 --difficulty 3 --zoom 6 -o "$TMP/caves" > /dev/null 2>&1
reproduce "$TMP/caves" "caves at dlevel 9"
"$DELVE" shot --seeds 2-3 --type shoals --islands 3 --floors 2 --floor 2 --zoom 4 -o "$TMP/shoals" > /dev/null 2>&1
reproduce "$TMP/shoals" "shoals floor 2"

cat=$TMP/caves/catalog.tsv
check "the command line, as given" grep -qxF "# command: delve shot --seeds 7-8 --type caves --dlevel 9 --difficulty 3 --zoom 6 -o $TMP/caves" "$cat"
check "the version" grep -qx "# version: $("$DELVE" --version | sed 's/^delve //; s/ .*//')" "$cat"
rev=$(git -C "$(dirname "$0")/.." describe --always --dirty 2> /dev/null || echo unknown)
check "the revision: this tree's, as it was built ($rev)" grep -qx "# revision: $rev" "$cat"
# the revision is taken at every build, not at configure time: cmake/revision.cmake on a
# repository of its own names each new commit, and leaves the header alone when unchanged
if command -v git > /dev/null && command -v cmake > /dev/null; then
  g=$TMP/rev-repo
  mkdir -p "$g" && git -C "$g" init -q && echo a > "$g/a" && git -C "$g" add a &&
    git -C "$g" -c user.name=t -c user.email=t@t commit -qm one
  cmake -DSRC="$g" -DOUT="$TMP/rev.h" -DGIT=git -P "$(dirname "$0")/../cmake/revision.cmake"
  one=$(git -C "$g" rev-parse --short HEAD)
  check "revision.h names the commit ($one)" grep -q "DELVE_REVISION \"$one\"" "$TMP/rev.h"
  touch -d '2000-01-01' "$TMP/rev.h"
  cmake -DSRC="$g" -DOUT="$TMP/rev.h" -DGIT=git -P "$(dirname "$0")/../cmake/revision.cmake"
  check "  and is not rewritten when nothing changed" test "$(date -r "$TMP/rev.h" +%Y)" = 2000
  echo b > "$g/a"
  cmake -DSRC="$g" -DOUT="$TMP/rev.h" -DGIT=git -P "$(dirname "$0")/../cmake/revision.cmake"
  check "  a changed tree is -dirty" grep -q "DELVE_REVISION \"$one-dirty\"" "$TMP/rev.h"
  git -C "$g" -c user.name=t -c user.email=t@t commit -qam two
  cmake -DSRC="$g" -DOUT="$TMP/rev.h" -DGIT=git -P "$(dirname "$0")/../cmake/revision.cmake"
  two=$(git -C "$g" rev-parse --short HEAD)
  check "  the next commit is named ($two)" grep -q "DELVE_REVISION \"$two\"" "$TMP/rev.h"
fi
check "the seed range" grep -qx '# seeds: 7-8' "$cat"
check "every setting (the table's, as opts_line writes them)" grep -qx '# settings: floors=3 type=caves dlevel=9 difficulty=3 islands=15 rising=on' "$cat"
check "the column names last of the comment lines" test "$(grep '^#' "$cat" | tail -1 | cut -f1-3)" = "$(printf '# seed\tfloor\ttype')"
view=$(sed -n 's/^# view: //p' "$cat")
check "the view line ($view)" test "$view" = "delve view --seed SEED --floor FLOOR --floors 3 --type caves --dlevel 9 --difficulty 3"
line=${view//SEED/8}
line=${line//FLOOR/2}
(delve() { "$DELVE" "$@"; }; eval "$line --headless --screenshot '$TMP/view.png'") > /dev/null
check "the view line opens the floor (headless screenshot)" test -s "$TMP/view.png"
"$DELVE" view --seed 8 --floor 3 --type caves --dlevel 9 --difficulty 3 --headless --screenshot "$TMP/other.png" > /dev/null
check "... that floor, not another" sh -c "! cmp -s '$TMP/view.png' '$TMP/other.png'"
# a folder name with a quote: the command is one quoted comment line that pastes; with a
# newline too it is refused before any work (a '?' in its place would name another
# folder), nothing written
odd="$TMP/it's here"
"$DELVE" shot --seeds 1-1 --floors 1 --zoom 4 -o "$odd" > /dev/null 2>&1
check "an odd folder name: the command is one quoted comment line" \
  grep -qxF "# command: delve shot --seeds 1-1 --floors 1 --zoom 4 -o '$TMP/it'\\''s here'" "$odd/catalog.tsv"
check "  and every line before the data a comment" test "$(sed -n '1,10p' "$odd/catalog.tsv" | grep -vc '^#')" = 0
nl="$TMP/it's
here"
"$DELVE" shot --seeds 1-1 --floors 1 --zoom 4 -o "$nl" > /dev/null 2> "$TMP/nl.err"; rc=$?
check "a folder name with a newline: refused (rc $rc: $(head -1 "$TMP/nl.err"))" \
  sh -c "test $rc = 2 && grep -q 'control byte (a newline' '$TMP/nl.err'"
check "  nothing written" test ! -e "$nl"
finish
