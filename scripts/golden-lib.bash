# golden-lib: what each golden in tests/golden/ is and how this build makes it, for
# scripts/golden.sh (rewrites goldens) and tests/golden.sh (checks them). The shots are
# the rows of tests/golden/shots.tsv (docs/goldens.md: "FILE<TAB>key=value ..."); beside
# them the default film's sheet.png and events.tsv (film-events.tsv: every caption,
# health number and world digest of its frames, so the words on the sheet are checked
# exactly) and catalog.tsv of seeds 1-20.
# Sourced by bash with DELVE (the binary), GOLD (the goldens' folder) and GOLDEN_WORK (an
# empty scratch folder; the film is made there once for both of its goldens unless
# GOLDEN_FILM_DIR names where it was made: golden_film) set. tests/CMakeLists.txt runs
# golden_names at configure time to register one ctest test per golden.

GOLDEN_FILM=films/scripts/pits-and-stations.film
GOLDEN_SEEDS=1-20
GOLDEN_VIEW_KEYS="zoom side row col"   # beside the settings table's keys (delve settings)

# golden_rows: the manifest's rows, "FILE<TAB>SETTINGS", without comments and blank lines.
golden_rows() { awk -F'\t' '!/^#/ && NF { print }' "$GOLD/shots.tsv"; }

# golden_names: every golden's file name, the shots in manifest order, then sheet.png,
# film-events.tsv and catalog.tsv.
golden_names() { golden_rows | cut -f1; printf 'sheet.png\nfilm-events.tsv\ncatalog.tsv\n'; }

# golden_settings NAME: the SETTINGS column of NAME's row (empty for the sheet, catalog).
golden_settings() { golden_rows | awk -F'\t' -v n="$1" '$1 == n { print $2; exit }'; }

# golden_match NAME: 0 when NAME matches GOLDEN_ONLY, a comma-separated list of shell
# globs over file names ("rooms-*,sheet.png"); an empty GOLDEN_ONLY matches every name.
golden_match() {
  local pat
  [ -n "${GOLDEN_ONLY:-}" ] || return 0
  local IFS=,
  for pat in $GOLDEN_ONLY; do
    # shellcheck disable=SC2053
    [[ $1 == $pat ]] && return 0
  done
  return 1
}

# golden_selected: the names golden_match keeps, one a line; exit 2 with a message when
# GOLDEN_ONLY matches none of them.
golden_selected() {
  local n found=0
  while read -r n; do
    golden_match "$n" && { echo "$n"; found=1; }
  done < <(golden_names)
  [ "$found" = 1 ] && return 0
  echo "golden: ONLY='$GOLDEN_ONLY' matches no golden; the names are:" >&2
  golden_names | sed 's/^/  /' >&2
  return 2
}

# golden_args SETTINGS: fills the array GOLDEN_ARGS with `delve shot`'s options for
# "key=value ...": a key of `delve settings` or zoom, row as --key=value, side=on as
# --side (side=off: nothing). Returns 2 with a message naming the bad word.
golden_args() {
  local word key value keys
  keys=" $("$DELVE" settings --format tsv | awk -F'\t' 'NR > 1 { printf "%s ", $1 }') $GOLDEN_VIEW_KEYS "
  GOLDEN_ARGS=()
  for word in $1; do
    key=${word%%=*} value=${word#*=}
    if [ "$key" = "$word" ] || [ -z "$value" ] || [[ $keys != *" $key "* ]]; then
      echo "golden: '$word' in shots.tsv is not key=value with a key of:$keys" >&2
      return 2
    fi
    case $key=$value in
      side=on) GOLDEN_ARGS+=(--side) ;;
      side=off) ;;
      side=*) echo "golden: '$word' in shots.tsv: side is on or off" >&2; return 2 ;;
      *) GOLDEN_ARGS+=("--$key=$value") ;;
    esac
  done
}

# golden_film: the default film rendered into GOLDEN_FILM_DIR (default
# $GOLDEN_WORK/film), once for both of its goldens: a folder holding a finished film is
# used as it is (delve film swaps its folder in whole, so sheet.png there means done),
# and a failure is kept beside it in GOLDEN_FILM_DIR.err, so the second golden reports
# delve's message without playing the film again. 1 with that message on stderr when the
# film cannot be made. ctest renders it once per run (golden-film, a fixture of
# golden:sheet.png and golden:film-events.tsv: tests/CMakeLists.txt).
golden_film() {
  local dir=${GOLDEN_FILM_DIR:-$GOLDEN_WORK/film}
  [ ! -f "$dir/sheet.png" ] || return 0
  if [ ! -f "$dir.err" ]; then
    "$DELVE" film "$GOLDEN_FILM" -o "$dir" --quiet > /dev/null 2> "$dir.err" &&
      { rm -f "$dir.err"; return 0; }
    [ -s "$dir.err" ] || echo "delve film $GOLDEN_FILM failed without a message" > "$dir.err"
  fi
  cat "$dir.err" >&2
  return 1
}

# golden_render NAME OUT: makes golden NAME with this build into the file OUT. Returns
# delve's status, or 2 for a name with no row; why it failed is on stderr.
golden_render() {
  local name=$1 out=$2
  case $name in
    sheet.png|film-events.tsv)
      golden_film || return
      cp "${GOLDEN_FILM_DIR:-$GOLDEN_WORK/film}/${name#film-}" "$out"
      return ;;
    catalog.tsv)
      rm -rf "$GOLDEN_WORK/set"
      "$DELVE" shot --seeds "$GOLDEN_SEEDS" -o "$GOLDEN_WORK/set" > /dev/null 2> "$GOLDEN_WORK/set.err" ||
        { grep -v ' ([0-9]* of [0-9]*)$' "$GOLDEN_WORK/set.err" >&2; return 1; }  # why, not progress
      cp "$GOLDEN_WORK/set/catalog.tsv" "$out"
      return ;;
  esac
  golden_rows | cut -f1 | grep -qxF -- "$name" ||
    { echo "golden: $name has no row in $GOLD/shots.tsv" >&2; return 2; }
  golden_args "$(golden_settings "$name")" || return 2
  "$DELVE" shot "${GOLDEN_ARGS[@]}" -o "$out" > /dev/null
}
