# The arrows of docs/architecture.md, read from its table "Folders and their arrows" and
# checked against the sources: every #include of every folder in the table (subfolders
# too, comments left out) against the folders (or single headers) its row may include,
# and its system headers against its last column: "libc only", "no floating point",
# "no SDL" (with the one file named there that may use SDL2_ttf and SDL's surface type),
# or "SDL". The table itself must run one way (a row names only rows above it), and name
# every folder of sources, each with a README. Planted trees and a planted table check
# that each rule can fail, naming file:line and the rule.
. "${0%/*}/lib.bash" "$@" || exit 2
ARCH=docs/architecture.md

# rules DOC: the table as lines "folder<TAB>may include (space-separated)<TAB>system"
rules() {
  awk -F'|' '
    /^## / { in_table = ($0 ~ /^## Folders and their arrows/) }
    in_table && $2 ~ /^ *`[a-z0-9_-]+\/` *$/ {
      f = $2; gsub(/[ `\/]/, "", f)
      may = $4; gsub(/`/, "", may); gsub(/,/, " ", may); gsub(/  +/, " ", may)
      sub(/^ /, "", may); sub(/ $/, "", may)
      sys = $5; sub(/^ /, "", sys); sub(/ $/, "", sys)
      printf "%s\t%s\t%s\n", f, may, sys
    }' "$1"
}

# table_faults RULES: a row naming a folder that is not above it, or nothing it knows
table_faults() {
  awk -F'\t' '
    { n = split($2, m, " "); for (i = 1; i <= n; i++) {
        w = m[i]; sub(/\/.*/, "", w)
        if (m[i] == "nothing" || m[i] == "every" || m[i] == "folder" || m[i] == "above") continue
        if (!(w in seen)) printf "%s may include %s, which is not a folder above it\n", $1, m[i]
      }
      seen[$1] = 1 }' "$1"
}

# scan ROOT RULES: one line per include or SDL name against the rules: "file:line: what: rule"
scan() {
  local folders
  folders=$(cut -f1 "$2" | tr '\n' ' ')
  # shellcheck disable=SC2086
  (cd "$1" && for f in $folders; do [ -d "$f" ] && echo "$f"; done | xargs -r -I{} find {} -type f \
     \( -name '*.c' -o -name '*.h' -o -name '*.inc' \) | LC_ALL=C sort |
     xargs -r awk -v RULES="$2" "$SCAN")
}
SCAN='
BEGIN {
  while ((getline l < RULES) > 0) {
    split(l, c, "\t"); f = c[1]; ORDER[++rows] = f; KNOWN[f] = 1
    n = split(c[2], m, " "); list = ""
    if (c[2] ~ /every folder/) EVERY[f] = 1
    for (i = 1; i <= n; i++) if (m[i] ~ /^[a-z0-9_-]+(\/.*)?$/ && m[i] != "every" && \
                                 m[i] != "folder" && m[i] != "above" && m[i] != "nothing") {
      MAY[f, m[i]] = 1; list = list (list == "" ? "" : ", ") m[i]
    }
    RULE[f] = f " may include " (list == "" ? "only its own headers" : "only " list)
    SYS[f] = c[3]
    if (c[3] ~ /libc only/) LIBCONLY[f] = 1
    if (c[3] ~ /no floating point/) NOFLOAT[f] = 1
    if (c[3] == "SDL") SDLOK[f] = 1
    if (match(c[3], /`[^`]*`: SDL2_ttf/)) { t = substr(c[3], RSTART + 1, RLENGTH); sub(/`.*/, "", t); TEXT[t] = 1 }
  }
  close(RULES)
  for (r = 1; r <= rows; r++) if (EVERY[ORDER[r]]) for (q = 1; q < r; q++) MAY[ORDER[r], ORDER[q]] = 1
  n = split("assert ctype errno inttypes iso646 limits locale setjmp signal stdalign " \
            "stdarg stdatomic stdbool stddef stdint stdio stdlib stdnoreturn string " \
            "threads time uchar wchar wctype unistd fcntl dirent pthread ftw poll glob " \
            "fnmatch libgen strings sched semaphore", h, " ")
  for (i = 1; i <= n; i++) LIBC[h[i] ".h"] = 1
  FLOAT["math.h"] = FLOAT["float.h"] = FLOAT["fenv.h"] = FLOAT["tgmath.h"] = FLOAT["complex.h"] = 1
  SDLTEXT = "SDL2_ttf and SDL'"'"'s surface type, nothing else of SDL"
}
function layer_of(p,   i) { i = index(p, "/"); return i ? substr(p, 1, i - 1) : "" }
function allowed(from, to, name) {
  return from == to || MAY[from, to] || MAY[from, name]
}
function say(what, rule) { printf "%s:%d: %s: %s\n", FILENAME, FNR, what, rule }
# the line without comments (a block comment may span lines); code: the same with
# the strings and character constants emptied
function strip(s,   out, i, c, q, n) {
  code = s
  if (!incomment && s !~ /[\/"\047]/) return s
  out = code = ""; q = ""; n = length(s)
  for (i = 1; i <= n; i++) {
    c = substr(s, i, 1)
    if (incomment) { if (c == "*" && substr(s, i + 1, 1) == "/") { incomment = 0; i++ } continue }
    if (q != "") {
      out = out c
      if (c == "\\") { out = out substr(s, i + 1, 1); i++ } else if (c == q) { q = ""; code = code c }
      continue
    }
    if (c == "/" && substr(s, i + 1, 1) == "*") { incomment = 1; i++; out = out " "; code = code " "; continue }
    if (c == "/" && substr(s, i + 1, 1) == "/") break
    if (c == "\"" || c == "\047") q = c
    out = out c; code = code c
  }
  return out
}
function normal(p,   parts, n, i, k, st) {
  n = split(p, parts, "/"); k = 0
  for (i = 1; i <= n; i++)
    if (parts[i] == "..") k--
    else if (parts[i] != "." && parts[i] != "") st[++k] = parts[i]
  p = st[1]; for (i = 2; i <= k; i++) p = p "/" st[i]
  return p
}
function exists(p,   l, r) { r = (getline l < p) >= 0; close(p); return r }
function library(name,   sdl) {
  sdl = name ~ /^SDL2\// || name ~ /^SDL[^\/]*\.h$/
  if (sdl && !SDLOK[lay] && text && name !~ /^(SDL2\/)?SDL_(ttf|surface)\.h$/)
    say("includes <" name ">", FILENAME " uses " SDLTEXT)
  else if (sdl && !SDLOK[lay] && !text)
    say("includes <" name ">", lay " never includes SDL (" SYS[lay] ")")
  else if (NOFLOAT[lay] && name in FLOAT)
    say("includes <" name ">", lay " uses no floating point (determinism)")
  else if (LIBCONLY[lay] && !(name ~ /^sys\// || name in LIBC))
    say("includes <" name ">", lay " uses libc only")
}
function include(line,   inc, name, to, p) {
  inc = substr(line, RSTART, RLENGTH); sub(/^#[ \t]*include[ \t]*/, "", inc)
  name = substr(inc, 2, length(inc) - 2); to = ""
  if (substr(inc, 1, 1) == "\"") {
    p = dir name
    if (layer_of(name) in KNOWN) { to = layer_of(name); full = name }
    else if (name ~ /^\./ || exists(p)) { full = normal(p); to = layer_of(full) }
  }
  if (to == "") library(name)
  else if (!allowed(lay, to, full)) say("includes \"" name "\"", RULE[lay])
}
FNR == 1 {
  incomment = 0; lay = layer_of(FILENAME); text = FILENAME in TEXT
  dir = FILENAME; sub(/[^\/]*$/, "", dir)
}
{ line = strip($0) }
match(line, /^[ \t]*#[ \t]*include[ \t]*[<"][^>"]*[>"]/) { sub(/^[ \t]*/, "", line); match(line, /#[ \t]*include[ \t]*[<"][^>"]*[>"]/); include(line); next }
!SDLOK[lay] && code ~ /(^|[^A-Za-z0-9_])(SDL|TTF)_[A-Za-z]/ {
  rest = code
  while (match(rest, /(SDL|TTF)_[A-Za-z0-9_]*/)) {
    id = substr(rest, RSTART, RLENGTH); before = RSTART > 1 ? substr(rest, RSTART - 1, 1) : ""
    rest = substr(rest, RSTART + RLENGTH)
    if (before ~ /[A-Za-z0-9_]/) continue
    if (!text)
      say("uses " id, lay " never uses SDL (" SYS[lay] ")")
    else if (id !~ /^TTF_/ && id !~ /Surface/ && id !~ /^SDL_(Color|MUSTLOCK|PIXELFORMAT_[A-Z0-9]*)$/)
      say("uses " id, FILENAME " uses " SDLTEXT)
  }
}
'

rules "$ARCH" > "$TMP/rules"
check "docs/architecture.md's table has a row per folder ($(wc -l < "$TMP/rules") rows)" \
  test "$(wc -l < "$TMP/rules")" -ge 10
cat "$TMP/rules"
table_faults "$TMP/rules" > "$TMP/table"
check "the table's arrows run one way (a row names only folders above it)" test ! -s "$TMP/table"
cat "$TMP/table"
: > "$TMP/folders"
for d in */; do
  d=${d%/}
  case $d in build|build-*|out|tests|docs|scripts|assets|cmake) continue ;; esac
  find "$d" -name '*.[ch]' | grep -q . || continue
  cut -f1 "$TMP/rules" | grep -qx "$d" || echo "$d: sources, but no row in $ARCH" >> "$TMP/folders"
done
while IFS=$'\t' read -r f _; do
  [ -d "$f" ] || echo "$f: a row in $ARCH, but no folder" >> "$TMP/folders"
  [ -f "$f/README.md" ] || echo "$f: no README.md that maps its files" >> "$TMP/folders"
done < "$TMP/rules"
check "every folder of sources has a row and a README, every row a folder" test ! -s "$TMP/folders"
cat "$TMP/folders"

scan . "$TMP/rules" > "$TMP/found"
check "every include follows docs/architecture.md's arrows ($(wc -l < "$TMP/found") against them)" \
  test ! -s "$TMP/found"
cat "$TMP/found"
n=$(cut -f1 "$TMP/rules" | while read -r f; do [ -d "$f" ] && find "$f" -name '*.[ch]'; done | wc -l)
check "the scan reads the sources ($n files)" test "$n" -gt 150

# a planted table: engine may include nothing; the real engine's includes of base are then
# each named, so the scan reads its arrows from the document, not from itself
sed 's/^| `engine\/` \(| [^|]*\)| base |/| `engine\/` \1| nothing |/' "$ARCH" > "$TMP/arch.md"
rules "$TMP/arch.md" > "$TMP/rules-planted"
scan . "$TMP/rules-planted" > "$TMP/found-planted"
check "a table without engine's arrow to base flags engine's includes of base" \
  grep -q '^engine/world.c:[0-9]*: includes "base/hash.h": engine may include only its own headers$' \
  "$TMP/found-planted"
check "... and nothing else ($(wc -l < "$TMP/found-planted") lines, all engine's)" \
  test -z "$(grep -v '^engine/' "$TMP/found-planted")"
sed 's/^| `gen\/` \(| [^|]*\)| engine, base |/| `gen\/` \1| engine, base, bench |/' "$ARCH" > "$TMP/arch2.md"
rules "$TMP/arch2.md" > "$TMP/rules-up"
check "a table whose gen may include bench (below it) is refused" \
  test "$(table_faults "$TMP/rules-up")" = "gen may include bench, which is not a folder above it"

# a planted tree: each rule once, comments ignored, allowed includes passed
P="$TMP/plant"
mkdir -p "$P/base" "$P/engine" "$P/gen/rooms" "$P/render" "$P/codecs" "$P/films" "$P/viewer" "$P/app"
printf '#include "engine/floor.h"\n#include <stdio.h>\n' > "$P/base/b.c"
printf '#include "engine/floor.h"\n#include "gen/gen.h"\n#include <math.h>\n#include "base/lex.h"\n' > "$P/engine/e.c"
printf '/* #include "app/cli.h"\n#include "render/x.h" */\n#include <cjson/cJSON.h> // SDL_Init\n' > "$P/engine/c.h"
printf '#include "engine/floor.h"\n#include "gen/gen.h"\n# include "render/canvas.h"\n#include <SDL2/SDL.h>\n' > "$P/gen/rooms/r.c"
printf '#include "../rooms/r.c"\n#include "../../films/film.h"\n' > "$P/gen/rooms/up.c"
printf '#include "films/film.h"\n#include <SDL2/SDL_ttf.h>\nint f(void) { return SDL_GetTicks(); }\n' > "$P/render/r.c"
printf '#include <SDL2/SDL_ttf.h>\n#include <SDL2/SDL_video.h>\nSDL_Surface *s; SDL_Color c;\nvoid g(void) { SDL_FreeSurface(s); TTF_Init(); SDL_CreateWindow("SDL_x", 0); }\n' > "$P/render/text.c"
printf '#include "render/canvas.h"\n#include "render/frame.h"\n#include "base/fsio.h"\n' > "$P/codecs/k.c"
printf '#include "render/text.h"\n#include "gen/gen.h"\n#include "app/cli.h"\n#include <SDL2/SDL.h>\n' > "$P/films/f.c"
printf '#include "films/film.h"\n#include "app/cli.h"\n#include <SDL2/SDL.h>\n' > "$P/viewer/v.c"
printf '#include "films/film.h"\n#include "viewer/viewer.h"\n#include <SDL2/SDL.h>\n' > "$P/app/a.c"
cat > "$TMP/want" << 'W'
base/b.c:1: includes "engine/floor.h": base may include only its own headers
codecs/k.c:2: includes "render/frame.h": codecs may include only render/canvas.h, base
engine/c.h:3: includes <cjson/cJSON.h>: engine uses libc only
engine/e.c:2: includes "gen/gen.h": engine may include only base
engine/e.c:3: includes <math.h>: engine uses no floating point (determinism)
films/f.c:3: includes "app/cli.h": films may include only gen, render, codecs, engine, base
films/f.c:4: includes <SDL2/SDL.h>: films never includes SDL (no SDL)
gen/rooms/r.c:3: includes "render/canvas.h": gen may include only engine, base
gen/rooms/r.c:4: includes <SDL2/SDL.h>: gen never includes SDL (libc only, no floating point)
gen/rooms/up.c:2: includes "../../films/film.h": gen may include only engine, base
render/r.c:1: includes "films/film.h": render may include only engine, base
render/r.c:2: includes <SDL2/SDL_ttf.h>: render never includes SDL (no SDL, but `render/text.c`: SDL2_ttf and SDL's surface type)
render/r.c:3: uses SDL_GetTicks: render never uses SDL (no SDL, but `render/text.c`: SDL2_ttf and SDL's surface type)
render/text.c:2: includes <SDL2/SDL_video.h>: render/text.c uses SDL2_ttf and SDL's surface type, nothing else of SDL
render/text.c:4: uses SDL_CreateWindow: render/text.c uses SDL2_ttf and SDL's surface type, nothing else of SDL
viewer/v.c:2: includes "app/cli.h": viewer may include only films, review/catalog.h, gen, render, codecs, engine, base
W
scan "$P" "$TMP/rules" > "$TMP/planted"
check "planted violations are each named with file:line and the rule" cmp -s "$TMP/want" "$TMP/planted"
diff "$TMP/want" "$TMP/planted"
finish
