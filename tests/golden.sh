# Image and catalog goldens (tests/golden/, docs/goldens.md): renders every shot in
# shots.tsv and compares it with `delve diff`, exactly; the default film's sheet.png
# exactly outside the glyphs and with a tolerance for glyph edges inside them
# (tests/sheet_compare.c says what it forgives), and its events.tsv as text (its
# captions and health numbers: the words on the sheet); catalog.tsv of seeds 1-20.
# A golden that differs: its golden and new file, the diff image, its block of
# report.txt and a `delve review` page of every failing golden (when the review could
# run) stay in BUILD/golden-failures/ (CI keeps that folder) and the FAIL line names
# them with the reason; a golden this build cannot make goes there too, with delve's
# message. A golden that is missing: outside CI this build's file is written into the
# goldens' folder and reported as new (look at it, commit it); with CI set in the
# environment it fails, as Playwright's and Jest's snapshots do.
# Usage: tests/golden.sh DELVE DELVE_O0 BUILD [NAME | --film]
#   NAME    that golden alone (ctest's golden:NAME, one test per golden so each has its
#           own verdict): its part of the failures folder is replaced and report.txt
#           made again from every golden's part (report.d/NAME), under a lock, so
#           goldens checked in parallel (ctest -j) neither lose nor mix blocks
#   --film  plays the default film into GOLDEN_FILM_DIR for sheet.png and
#           film-events.tsv (ctest's golden-film fixture: one film for both); a film
#           that fails is no failure here but in those two goldens, with delve's message
#   none    every golden (or GOLDEN_ONLY's), the failures folder made anew
# Environment (tests/golden_rules.sh and golden_failures.sh use it): GOLDEN_DIR (default
# tests/golden), GOLDEN_FAILURES (default BUILD/golden-failures), GOLDEN_ONLY (globs, as
# `make golden`), GOLDEN_FILM_DIR (scripts/golden-lib.bash golden_film).
. "${0%/*}/lib.bash" "$@" || exit 2
GOLD=${GOLDEN_DIR:-tests/golden}
FAIL=${GOLDEN_FAILURES:-$BUILD/golden-failures}
# shellcheck source=scripts/golden-lib.bash
. scripts/golden-lib.bash
GOLDEN_WORK="$TMP/work"
PART="$TMP/part"  # this run's part of $FAIL, made here and moved in holding the lock
mkdir -p "$TMP/now" "$GOLDEN_WORK" "$PART"

# keep NAME MESSAGE DIFF: the golden, this build's file and the diff go to this run's
# part ($PART, moved into $FAIL by publish), NAME's block of report.txt to
# report.d/NAME there; a golden this build cannot make (no file in $TMP/now) keeps its
# golden and the reason, and "none" for this build's file. The block names the files
# where they will be, in $FAIL.
keep() {
  local name=$1 msg=$2 diff=$3 now="$FAIL/now/$1"
  mkdir -p "$PART/golden" "$PART/now" "$PART/report.d"
  [ ! -f "$GOLD/$name" ] || cp "$GOLD/$name" "$PART/golden/"
  [ -f "$TMP/now/$name" ] && cp "$TMP/now/$name" "$PART/now/$name" || now=
  [ -z "$diff" ] || cp "$TMP/diff" "$PART/$diff"
  {
    echo "$name: $msg"
    echo "  golden  $GOLD/$name$([ -f "$GOLD/$name" ] || echo " (none)")"
    echo "  now     ${now:-none: this build cannot make it}${settings:+   ($settings)}"
    [ -z "$diff" ] || echo "  diff    $FAIL/$diff"
    case ${now:+$name} in
      '') ;;  # no file of this build: nothing to look at again
      sheet.png) cp "$SHEET_SERIF/sheet.png" "$PART/sheet-serif.png"
        echo "  look    $(shq "$SHEET_COMPARE" "$GOLD/$name" "$now" "$FAIL/sheet-serif.png" -o "$FAIL/$diff")" ;;
      *.png) echo "  look    $(shq "$DELVE" diff "$GOLD/$name" "$now" -o "$FAIL/${name%.png}-diff.png")" ;;
      *) echo "  look    $(shq diff -u "$GOLD/$name" "$now")" ;;
    esac
    echo
  } > "$PART/report.d/$name"
  bad "$name: $msg (kept in $FAIL: see report.txt there)"
}

# part_files NAME: the files of NAME's part of a failures folder, relative to it
part_files() {
  printf '%s\n' "golden/$1" "now/$1" "report.d/$1"
  case $1 in *.png) echo "${1%.png}-diff.png" ;; *) echo "$1.diff" ;; esac
  [ "$1" != sheet.png ] || echo sheet-serif.png
}

# locked COMMAND...: runs it holding $FAIL.lock (beside the folder, which comes and
# goes), so that goldens checked at once take turns at the failures folder
locked() {
  mkdir -p "$(dirname "$FAIL")"
  if command -v flock > /dev/null; then
    { flock 9 && "$@"; } 9> "$FAIL.lock"
  else
    "$@"
  fi
}

# publish NAME...: replaces each NAME's part of $FAIL with this run's ($PART, empty for a
# golden that matched), then makes report.txt again. Run it locked.
publish() {
  local n f
  for n; do
    while read -r f; do rm -f "$FAIL/$f"; done < <(part_files "$n")
  done
  if [ -d "$PART/report.d" ]; then mkdir -p "$FAIL" && cp -R "$PART/." "$FAIL/"; fi
  report
}

# report: report.txt made again from the blocks in $FAIL/report.d, in golden_names'
# order, then the `delve review` page of every failing golden; written beside and
# renamed over, so a reader never sees half of it. A golden no longer listed (its row
# taken out of shots.tsv) loses its part; with no block left the folder goes, as it is
# absent when nothing differs.
report() {
  local names n f rc
  [ -d "$FAIL" ] || return 0
  names=$(golden_names)
  for n in "$FAIL"/report.d/*; do
    [ -f "$n" ] || continue
    n=${n##*/}
    grep -qxF -- "$n" <<< "$names" || while read -r f; do rm -f "$FAIL/$f"; done < <(part_files "$n")
  done
  if [ -z "$(ls -A "$FAIL/report.d" 2> /dev/null)" ]; then rm -rf "$FAIL"; return 0; fi
  rm -rf "$FAIL/review"  # a page of another run's failures must not stay when this one cannot run
  mkdir -p "$FAIL/golden" "$FAIL/now"
  "$DELVE" review "$FAIL/golden" "$FAIL/now" -o "$FAIL/review" > /dev/null 2> "$TMP/err"
  rc=$?
  {
    for n in $names; do [ ! -f "$FAIL/report.d/$n" ] || cat "$FAIL/report.d/$n"; done
    if [ $rc -le 1 ] && [ -s "$FAIL/review/index.html" ]; then
      echo "All of them side by side: $FAIL/review/index.html"
      echo "  (made by: $(shq "$DELVE" review "$FAIL/golden" "$FAIL/now" -o "$FAIL/review"))"
    else  # a page that was never written must not be pointed at
      echo "No review page: delve review could not run (exit $rc): $(first_line "$TMP/err")"
      echo "  (tried: $(shq "$DELVE" review "$FAIL/golden" "$FAIL/now" -o "$FAIL/review"))"
    fi
    echo "If the change is wanted: make golden ONLY=NAME[,NAME...], and say why in the commit message."
  } > "$FAIL/.report.txt.$$" && mv -f "$FAIL/.report.txt.$$" "$FAIL/report.txt"
}

# new NAME: the golden is missing: written as new outside CI, a failure with CI set
new() {
  if [ -n "${CI:-}" ]; then
    bad "$1: no golden $GOLD/$1 and CI is set: run 'make golden ONLY=$1' on your machine, look at it, commit it"
  elif cp "$TMP/now/$1" "$GOLD/$1"; then
    ok "$1: NEW golden written to $GOLD/$1: look at it, then commit it (git add $GOLD/$1)"
  else
    bad "$1: no golden and $GOLD/$1 cannot be written"
  fi
}

# compare NAME: 0 when this build's file equals the golden by NAME's rule; the message
# in $TMP/msg, the diff (image or text) in $TMP/diff
compare() {
  case $1 in
    film-events.tsv)
      if text_diff "$1" "$GOLD/$1" "$TMP/now/$1"; then
        echo "the same bytes" > "$TMP/msg"; return 0
      fi
      echo "$(grep -c '^[-+][^-+]' "$TMP/diff") lines differ" > "$TMP/msg"
      return 1 ;;
    catalog.tsv) # the lines naming this run (folder, version, revision) are left out
      unrun() { grep -vE '^# (command|version|revision): ' "$1"; }
      if text_diff "$1" <(unrun "$GOLD/$1") <(unrun "$TMP/now/$1"); then
        echo "the same lines (provenance left out)" > "$TMP/msg"; return 0
      fi
      catalog_count "$GOLD/$1" "$TMP/now/$1" > "$TMP/msg"
      return 1 ;;
    sheet.png)
      [ -x "$SHEET_COMPARE" ] || { echo "$SHEET_COMPARE is not built (make test builds it)" > "$TMP/msg"; return 1; }
      SHEET_SERIF=${GOLDEN_FILM_DIR:+$GOLDEN_FILM_DIR-serif}  # played beside the film by --film
      if [ -z "$SHEET_SERIF" ] || [ ! -f "$SHEET_SERIF/sheet.png" ]; then
        SHEET_SERIF="$GOLDEN_WORK/film-other"
        serif_film "$SHEET_SERIF" 2> "$TMP/err" || { first_line "$TMP/err" > "$TMP/msg"; return 1; }
      fi
      verdict "$SHEET_COMPARE" "$GOLD/$1" "$TMP/now/$1" "$SHEET_SERIF/sheet.png" -o "$TMP/diff" ;;
    *) verdict "$DELVE" diff "$GOLD/$1" "$TMP/now/$1" -o "$TMP/diff" ;;
  esac
}

# verdict COMMAND...: runs the comparison, its verdict (stdout) in $TMP/msg; when it
# refuses the files (a golden that is no PNG) its verdict is empty and the reason, on
# stderr, goes to $TMP/msg instead. The command's status.
verdict() {
  "$@" > "$TMP/msg" 2> "$TMP/err" && return
  local rc=$?
  [ -s "$TMP/msg" ] || first_line "$TMP/err" > "$TMP/msg"
  return $rc
}

# text_diff NAME GOLDEN NOW: diff -u into $TMP/diff, its header naming the golden and the
# copy keep leaves in $FAIL (not the /dev/fd/N of a process substitution); 0 when the same
text_diff() {
  diff -u --label "$GOLD/$1" --label "$FAIL/now/$1" "$2" "$3" > "$TMP/diff"
}

# catalog_count GOLDEN NOW: the data lines that differ counted as delve review counts
# them, by seed and floor (a changed line once, not as the - and + lines of a diff)
catalog_count() {
  awk -F'\t' 'FNR == NR { if (!/^#/ && NF) g[$1 FS $2] = $0; next }
    !/^#/ && NF { k = $1 FS $2; seen[k] = 1; if (!(k in g)) a++; else if (g[k] != $0) c++ }
    END { for (k in g) r += !(k in seen)
      if (!c && !a && !r) print "the column names or provenance differ, every line by seed and floor the same"
      else if (!a && !r) printf "%d catalog line%s changed (by seed and floor)\n", c, c == 1 ? "" : "s"
      else printf "%d catalog line%s changed, %d added, %d removed (by seed and floor)\n", c, c == 1 ? "" : "s", a, r }' "$1" "$2"
}
# first_line FILE: its first line that is neither blank nor a note, or "no message"
first_line() { grep -v -m1 -e '^$' -e ': note: ' "$1" || echo "no message"; }
SHEET_COMPARE="$BUILD/tests/sheet-compare"
SHEET_OTHER=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf  # the glyph areas: where it differs
# serif_film DIR: the default film played into DIR with SHEET_OTHER, for sheet-compare
serif_film() { "$DELVE" film "$GOLDEN_FILM" -o "$1" --quiet --font "$SHEET_OTHER" > /dev/null; }

# check NAME: makes golden NAME with this build and compares it; a failure is kept
check_golden() {
  local name=$1 d
  settings=$(golden_settings "$name")
  if ! golden_render "$name" "$TMP/now/$name" 2> "$TMP/err"; then
    rm -f "$TMP/now/$name"
    keep "$name" "this build cannot make it${settings:+ ($settings)}: $(first_line "$TMP/err")" ""
    return
  fi
  if [ ! -f "$GOLD/$name" ]; then new "$name"; return; fi
  rm -f "$TMP/diff"
  if compare "$name"; then
    ok "$name${settings:+ ($settings)} matches its golden: $(head -1 "$TMP/msg")"
  else
    case $name in *.png) d="${name%.png}-diff.png" ;; *) d="$name.diff" ;; esac
    [ -f "$TMP/diff" ] || d=
    keep "$name" "$(head -1 "$TMP/msg")" "$d"
  fi
}

case ${4:-} in
  --film)
    : "${GOLDEN_FILM_DIR:?the folder to play the film into}"
    rm -rf "$GOLDEN_FILM_DIR" "$GOLDEN_FILM_DIR.err" "$GOLDEN_FILM_DIR-serif"
    # the sheet's serif twin at the same time, so golden:sheet.png only compares; when
    # it fails here, that test plays it again and says why
    serif_film "$GOLDEN_FILM_DIR-serif" 2> /dev/null &
    serif=$!
    if golden_film 2> "$TMP/err"; then
      ok "$GOLDEN_FILM played once for sheet.png and film-events.tsv into $GOLDEN_FILM_DIR"
    else  # no failure of its own: the two goldens fail, each with this message
      echo "note: $GOLDEN_FILM cannot be played: $(first_line "$TMP/err"); golden:sheet.png and golden:film-events.tsv fail with it"
    fi
    wait "$serif"
    finish; exit ;;
  '')
    locked rm -rf "$FAIL"
    names=$(golden_selected) || { bad "GOLDEN_ONLY='$GOLDEN_ONLY' matches no golden"; finish; exit; }
    [ -z "${GOLDEN_ONLY:-}" ] || echo "only the goldens matching GOLDEN_ONLY='$GOLDEN_ONLY'" ;;
  *)
    golden_names | grep -qxF -- "$4" ||
      { bad "$4 is not a golden: not a row of $GOLD/shots.tsv, sheet.png, film-events.tsv or catalog.tsv"; finish; exit; }
    names=$4 ;;
esac

rows=0
for name in $names; do
  rows=$((rows + 1))
  check_golden "$name"
done
[ -n "${4:-}${GOLDEN_ONLY:-}" ] || check "every golden was checked ($rows)" test "$rows" -ge 5
# nothing to do when this run kept nothing and there is no folder that could hold its
# part: a run where every golden matches never takes the lock
if [ -d "$PART/report.d" ] || [ -d "$FAIL" ]; then
  # shellcheck disable=SC2086
  locked publish $names
fi
[ ! -f "$FAIL/report.txt" ] || [ ! -d "$PART/report.d" ] ||
  echo "golden: the differences are kept in $FAIL: read $FAIL/report.txt"
finish
