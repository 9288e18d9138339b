# DESIGN.md's arrows, read from the sources: every #include in engine/, gen/, render/,
# films/ and app/ (subfolders too, comments left out) against the folder it may use
# (engine: engine; gen: engine, gen; render: engine, render; films: all but app; app:
# all), and the system headers: engine and gen use libc only (no floating point
# headers), no SDL outside app but render/text.c, which takes SDL2_ttf and SDL's
# surface type for glyphs and nothing else of SDL. A planted tree checks that each
# rule can fail, naming file:line and the rule.
. "${0%/*}/lib.bash" "$@" || exit 2

# scan ROOT: one line per include or SDL name against the arrows: "file:line: what: rule"
scan() {
  (cd "$1" && find engine gen render films app -type f \( -name '*.c' -o -name '*.h' -o \
     -name '*.inc' \) 2> /dev/null | LC_ALL=C sort | xargs awk "$SCAN")
}
SCAN='
BEGIN {
  RULE["engine"] = "engine includes only engine"
  RULE["gen"] = "gen includes only engine and gen"
  RULE["render"] = "render includes only engine and render"
  RULE["films"] = "films includes anything but app"
  n = split("assert ctype errno inttypes iso646 limits locale setjmp signal stdalign " \
            "stdarg stdatomic stdbool stddef stdint stdio stdlib stdnoreturn string " \
            "threads time uchar wchar wctype unistd fcntl dirent pthread ftw poll glob " \
            "fnmatch libgen strings sched semaphore", h, " ")
  for (i = 1; i <= n; i++) LIBC[h[i] ".h"] = 1
  FLOAT["math.h"] = FLOAT["float.h"] = FLOAT["fenv.h"] = FLOAT["tgmath.h"] = FLOAT["complex.h"] = 1
}
function layer_of(p,   i) { i = index(p, "/"); return i ? substr(p, 1, i - 1) : "" }
function allowed(from, to) {
  if (from == "app") return 1
  if (from == "films") return to != "app"
  if (from == "render") return to == "engine" || to == "render"
  if (from == "gen") return to == "engine" || to == "gen"
  return from == "engine" && to == "engine"
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
  if (sdl && lay == "render" && name !~ /^(SDL2\/)?SDL_(ttf|surface)\.h$/)
    say("includes <" name ">", "render uses SDL2_ttf and SDL'"'"'s surface type for glyphs and nothing else of SDL")
  else if (sdl && lay == "render" && !text)
    say("includes <" name ">", "render uses SDL only in its text module (render/text.c)")
  else if (sdl && lay != "render" && lay != "app")
    say("includes <" name ">", lay " never includes SDL (only app and render/text.c do)")
  else if ((lay == "engine" || lay == "gen") && name in FLOAT)
    say("includes <" name ">", lay " uses no floating point (determinism)")
  else if ((lay == "engine" || lay == "gen") && !(name ~ /^sys\// || name in LIBC))
    say("includes <" name ">", lay " uses libc only")
}
function include(line,   inc, name, to, p) {
  inc = substr(line, RSTART, RLENGTH); sub(/^#[ \t]*include[ \t]*/, "", inc)
  name = substr(inc, 2, length(inc) - 2); to = ""
  if (substr(inc, 1, 1) == "\"") {
    p = dir name
    if (layer_of(name) in RULE || layer_of(name) == "app") to = layer_of(name)
    else if (name ~ /^\./ || exists(p)) to = layer_of(normal(p))
  }
  if (to == "") library(name)
  else if (!allowed(lay, to)) say("includes \"" name "\"", RULE[lay])
}
FNR == 1 {
  incomment = 0; lay = layer_of(FILENAME); text = FILENAME == "render/text.c"
  dir = FILENAME; sub(/[^\/]*$/, "", dir)
}
{ line = strip($0) }
match(line, /^[ \t]*#[ \t]*include[ \t]*[<"][^>"]*[>"]/) { sub(/^[ \t]*/, "", line); match(line, /#[ \t]*include[ \t]*[<"][^>"]*[>"]/); include(line); next }
lay != "app" && code ~ /(^|[^A-Za-z0-9_])(SDL|TTF)_[A-Za-z]/ {
  rest = code
  while (match(rest, /(SDL|TTF)_[A-Za-z0-9_]*/)) {
    id = substr(rest, RSTART, RLENGTH); before = RSTART > 1 ? substr(rest, RSTART - 1, 1) : ""
    rest = substr(rest, RSTART + RLENGTH)
    if (before ~ /[A-Za-z0-9_]/) continue
    if (!text)
      say("uses " id, lay == "render" ? "render uses SDL only in its text module (render/text.c)" : lay " never uses SDL")
    else if (id !~ /^TTF_/ && id !~ /Surface/ && id !~ /^SDL_(Color|MUSTLOCK|PIXELFORMAT_[A-Z0-9]*)$/)
      say("uses " id, "render uses SDL2_ttf and SDL'"'"'s surface type for glyphs and nothing else of SDL")
  }
}
'

scan . > "$TMP/found"
check "every include follows DESIGN.md's arrows ($(wc -l < "$TMP/found") against them)" test ! -s "$TMP/found"
cat "$TMP/found"
check "the scan reads the sources ($(find engine gen render films app -name '*.[ch]' | wc -l) files)" \
  test "$(find engine gen render films app -name '*.[ch]' | wc -l)" -gt 100

# a planted tree: each rule once, comments ignored, allowed includes passed
P="$TMP/plant"
mkdir -p "$P/engine" "$P/gen/rooms" "$P/render" "$P/films" "$P/app"
printf '#include "engine/floor.h"\n#include "gen/gen.h"\n#include <math.h>\n' > "$P/engine/e.c"
printf '/* #include "app/cli.h"\n#include "render/x.h" */\n#include <cjson/cJSON.h> // SDL_Init\n' > "$P/engine/c.h"
printf '#include "engine/floor.h"\n#include "gen/gen.h"\n# include "render/canvas.h"\n#include <SDL2/SDL.h>\n' > "$P/gen/rooms/r.c"
printf '#include "../rooms/r.c"\n#include "../../films/film.h"\n' > "$P/gen/rooms/up.c"
printf '#include "films/film.h"\n#include <SDL2/SDL_ttf.h>\nint f(void) { return SDL_GetTicks(); }\n' > "$P/render/r.c"
printf '#include <SDL2/SDL_ttf.h>\n#include <SDL2/SDL_video.h>\nSDL_Surface *s; SDL_Color c;\nvoid g(void) { SDL_FreeSurface(s); TTF_Init(); SDL_CreateWindow("SDL_x", 0); }\n' > "$P/render/text.c"
printf '#include "render/text.h"\n#include "gen/gen.h"\n#include "app/cli.h"\n#include <SDL2/SDL.h>\n' > "$P/films/f.c"
printf '#include "films/film.h"\n#include <SDL2/SDL.h>\n' > "$P/app/a.c"
cat > "$TMP/want" << 'W'
engine/c.h:3: includes <cjson/cJSON.h>: engine uses libc only
engine/e.c:2: includes "gen/gen.h": engine includes only engine
engine/e.c:3: includes <math.h>: engine uses no floating point (determinism)
films/f.c:3: includes "app/cli.h": films includes anything but app
films/f.c:4: includes <SDL2/SDL.h>: films never includes SDL (only app and render/text.c do)
gen/rooms/r.c:3: includes "render/canvas.h": gen includes only engine and gen
gen/rooms/r.c:4: includes <SDL2/SDL.h>: gen never includes SDL (only app and render/text.c do)
gen/rooms/up.c:2: includes "../../films/film.h": gen includes only engine and gen
render/r.c:1: includes "films/film.h": render includes only engine and render
render/r.c:2: includes <SDL2/SDL_ttf.h>: render uses SDL only in its text module (render/text.c)
render/r.c:3: uses SDL_GetTicks: render uses SDL only in its text module (render/text.c)
render/text.c:2: includes <SDL2/SDL_video.h>: render uses SDL2_ttf and SDL's surface type for glyphs and nothing else of SDL
render/text.c:4: uses SDL_CreateWindow: render uses SDL2_ttf and SDL's surface type for glyphs and nothing else of SDL
W
scan "$P" > "$TMP/planted"
check "planted violations are each named with file:line and the rule" cmp -s "$TMP/want" "$TMP/planted"
diff "$TMP/want" "$TMP/planted"
finish
