# delve review refuses bad input before any work and leaves an earlier report byte for
# byte: --junit in a missing folder or onto a folder, a side that is not a shot set
# (no catalog.tsv, no PNGs), a broken catalog.tsv (seed not a number, a row cut short,
# a row with extra cells, an empty cell: file:line:col, also in `delve stats --compare`);
# --junit - prints the XML on standard output (refused with --format json); the type row of the
# distribution table reads "old% → new%".
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
"$DELVE" shot --seeds 1-2 --floors 2 -o old > /dev/null 2>&1
cp -r old new
"$DELVE" shot --seed 2 --floor 2 --floors 2 --zoom 5 -o new/seed-00000000000000000002-floor-02.png > /dev/null
"$DELVE" review old new -o rj1 > /dev/null 2>&1
echo "an earlier report" > rj1/mark
snap() { (cd rj1 && find . -type f | sort | xargs md5sum); }
snap > before
refused() { # refused NAME WORD ARGS...: exit 2 naming WORD, rj1 as it was, no temp left
  local name=$1 word=$2; shift 2
  "$DELVE" "$@" > out 2> err; local rc=$?
  if [ $rc = 2 ] && grep -qF -- "$word" err && snap | cmp -s - before &&
     [ -z "$(ls -A | grep -E '^\.?rj1.|\.tmp-')" ]; then ok "$name"
  else bad "$name (rc $rc: $(cat err))"; fi
}
refused "--junit in a missing folder: the report stays" "--junit /nonexistent/j.xml: no folder /nonexistent" \
  review old new -o rj1 --junit /nonexistent/j.xml
mkdir jdir
refused "--junit onto a folder" "--junit jdir: a folder, not a file" review old new -o rj1 --junit jdir
mkdir notset
refused "a side with no PNGs and no catalog" "notset: not a shot set (no catalog.tsv, no PNGs)" \
  review notset old -o rj1
refused "--junit - with --format json" "--junit - and --format json both want standard output" \
  review old new --format json --junit -

# a broken catalog.tsv: refused by review and stats --compare at file:line:col
broken() { # broken NAME SED-OR-CMD WHERE
  rm -rf bad && cp -r new bad && eval "$2"
  refused "review: $1" "bad/catalog.tsv:$3" review old bad -o rj1
  "$DELVE" stats --compare old/catalog.tsv bad/catalog.tsv > /dev/null 2> err; local rc=$?
  check "stats --compare: $1 (rc $rc: $(cat err))" sh -c "test $rc = 2 && grep -qF 'bad/catalog.tsv:$3' err"
}
last=$(wc -l < new/catalog.tsv)
broken "a seed that is not a number" "sed -i '\$s/^[0-9]*/abc/' bad/catalog.tsv" "$last:1: expected seed"
broken "a row cut short, no final newline" \
  "head -c -1 new/catalog.tsv | sed '\$s/\t[^\t]*\$//' | head -c -1 > bad/catalog.tsv" \
  "$last:"
grep -qF "36 of 37 cells: the line ends early" err && ok "the cut row: '36 of 37 cells'" || bad "the cut row: $(cat err)"
broken "a row with an extra cell" "sed -i '\$s/\$/\textra/' bad/catalog.tsv" "$last:"
grep -qF "more cells than the 37 column names" err && ok "the extra cell named" || bad "the extra cell: $(cat err)"
broken "an empty cell (rooms blanked)" \
  "sed -i '\$s/^\\([^\t]*\t[^\t]*\t[^\t]*\t\\)[^\t]*/\\1/' bad/catalog.tsv" "$last:"
grep -qF "cell 4 is empty (a missing value is '-')" err && ok "the empty cell named" || bad "the empty cell: $(cat err)"
broken "a floor that is not a number" "sed -i '\$s/^\([0-9]*\)\t[0-9]*/\1\tx/' bad/catalog.tsv" "$last:"

# --junit - : the XML on stdout, the summary on stderr; --junit FILE with the report
"$DELVE" review old new -o rj2 --junit - > out 2> err; rc=$?
check "--junit -: exit 1, XML on stdout (rc $rc)" sh -c "test $rc = 1 && head -1 out | grep -q '^<?xml' && grep -q '</testsuites>' out"
check "--junit -: the summary line on stderr" grep -q '^review: 1 changed' err
check "--junit -: no file named -" test ! -e ./-
"$DELVE" review old new -o rj2 --junit j.xml > /dev/null 2>&1; rc=$?
check "--junit FILE with -o: both written (rc $rc)" sh -c "test $rc = 1 && grep -q '</testsuites>' j.xml && test -s rj2/index.html && test -z \"\$(ls | grep tmp-)\""

# neither the report nor the JUnit file lands in a set it reads (--junit old/catalog.tsv
# replaced the catalog with XML)
cp old/catalog.tsv cat.before
"$DELVE" review old new -o rj9 --junit old/catalog.tsv > /dev/null 2> err; rc=$?
check "--junit inside a set it reads: exit 2, the set untouched ($(head -1 err))" sh -c \
  "test $rc = 2 && grep -qF -- '--junit old/catalog.tsv: inside old, a shot set it reads' err && cmp -s old/catalog.tsv cat.before && test ! -e rj9"
"$DELVE" review old new -o new/rep > /dev/null 2> err; rc=$?
check "-o inside a set it reads: exit 2 ($(head -1 err))" sh -c \
  "test $rc = 2 && grep -qF -- '-o new/rep: inside new, a shot set it reads' err && test ! -e new/rep"
"$DELVE" review old new -o ./old/ > /dev/null 2> err; rc=$?
check "-o a set it reads: exit 2, said so ($(head -1 err))" sh -c \
  "test $rc = 2 && grep -qF -- '-o ./old/: the report would replace old, a shot set it reads' err"

# a set being written while it would be read: the review is refused naming the writer,
# and while a review reads a set, a shot set made into it is refused (the lock file
# beside each set, held as delve's runs hold it: flock, exclusive to write, shared to
# read); the review's lock files go with it
if needs "a lock held from the shell (flock)" flock; then
  cp -r rj1 rj-before
  flock -x .new.delve-lock sh -c 'echo "4242 delve shot --seeds 1-2 -o new" > .new.delve-lock; sleep 4' &
  for _ in $(seq 50); do [ -s .new.delve-lock ] && break; sleep 0.1; done
  "$DELVE" review old new -o rj1 > /dev/null 2> err; rc=$?
  check "a set being written: review refused, exit 2, naming it ($(cat err))" sh -c \
    "test $rc = 2 && grep -qF 'new is in use by another delve run (pid 4242: delve shot --seeds 1-2 -o new)' err && diff -r rj1 rj-before"
  flock -x .fresh.delve-lock sh -c 'echo "4243 delve shot --seeds 1-2 -o fresh" > .fresh.delve-lock; sleep 2' &
  for _ in $(seq 50); do [ -s .fresh.delve-lock ] && break; sleep 0.1; done
  "$DELVE" review old fresh -o rj1 > /dev/null 2> err; rc=$?
  check "  a set being made for the first time: named as such, not as missing ($(cat err))" sh -c \
    "test $rc = 2 && grep -qF 'fresh is in use by another delve run (pid 4243' err"
  ln -s new lnew
  "$DELVE" review old lnew -o rj1 > /dev/null 2> err; rc=$?
  check "  and through a link to it ($(cat err))" sh -c \
    "test $rc = 2 && grep -qF 'lnew is in use by another delve run (pid 4242' err"
  rm lnew
  wait
  flock -s .new.delve-lock sleep 4 &
  for _ in $(seq 50); do flock -xn .new.delve-lock true || break; sleep 0.1; done
  "$DELVE" shot --seeds 1-2 --floors 2 -o new > /dev/null 2> err; rc=$?
  check "a set being read: a shot set into it refused, exit 2 ($(cat err))" sh -c \
    "test $rc = 2 && grep -qF 'new is in use by another delve run' err"
  wait
  rm -f .fresh.delve-lock # the shell's stand-in writer does not remove its file, as delve does
  "$DELVE" review old new -o rj3 > /dev/null 2>&1
  check "no lock file left beside the sets by a review" sh -c "! ls -a | grep -q 'delve-lock'"
fi

# the type row of the distribution table uses → like the rest of the page
check "type row: 'rooms 100.0% → ...'" grep -qE '<td>type</td>.*[a-z]+ [0-9.]+% → [0-9.]+%' rj2/index.html
check "no '% > ' left on the page" sh -c "! grep -q '% &gt; ' rj2/index.html"
finish
