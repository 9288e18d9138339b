# Shared by the shell tests (tests/*.sh source it). Usage: . tests/lib.bash "$@"
DELVE=${1:?delve binary}
DELVE_O0=${2:?delve -O0 binary}
BUILD=${3:?build dir}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/delve-test.XXXXXX") || exit 2 # never an empty TMP: tests write under it
trap 'rm -rf "$TMP"' EXIT
fails=0
passes=0
skips=0
ok()   { passes=$((passes + 1)); echo "ok   $*"; }
bad()  { fails=$((fails + 1)); echo "FAIL $*"; }
skip() { skips=$((skips + 1)); echo "SKIP $*"; }
check() { # check NAME COMMAND...: passes when the command exits 0
  local name=$1; shift
  if "$@"; then ok "$name"; else bad "$name"; fi
}
needs() { # needs WHAT TOOL...: 0 when every tool is on PATH, else a skip naming the first missing
  local what=$1 t; shift
  for t; do
    command -v "$t" > /dev/null && continue
    skip "$what: $t is not installed"
    return 1
  done
}
# The script's status: 1 when a check failed, else 77 when a part was skipped for a
# missing tool (ctest shows the test as skipped: SKIP_RETURN_CODE in tests/CMakeLists.txt),
# else 0.
finish() {
  echo "$passes passed, $fails failed, $skips skipped"
  [ "$fails" = 0 ] || return 1
  [ "$skips" = 0 ] || return 77
}

# "W x H" of a PNG, read from its IHDR with od (coreutils), so tests need no `file`.
# The headless viewer, for the tests that drive it: shot NAME ARGS... makes
# ${SHOTS:-$TMP}/NAME.png with `delve view --headless` (its stdout in NAME.out, exit status
# kept); status NAME is that run's status line (the caption box's); says NAME TEXT passes
# when it contains TEXT.
shot() {
  local name=$1; shift
  "$DELVE" view --headless --screenshot "${SHOTS:-$TMP}/$name.png" "$@" \
    > "${SHOTS:-$TMP}/$name.out" 2> "${SHOTS:-$TMP}/$name.err"
}
status() { sed -n 's/^delve view: status: //p' "${SHOTS:-$TMP}/$1.out"; }
says() {
  local got; got=$(status "$1")
  case $got in *"$2"*) ok "$1 says '$2'" ;; *) bad "$1 says '$2' (it says '$got')" ;; esac
}

# shq WORD...: the words as one line that pastes into bash and gives them back (each
# printf %q-quoted: a space, quote, '$' or newline in a path survives), for lines a
# test prints for a person to run.
shq() {
  local out='' w
  for w; do out+=" $(printf '%q' "$w")"; done
  printf '%s\n' "${out# }"
}

png_size() {
  local w h
  w=$(od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
  h=$(od -An -tu1 -j20 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
  echo "$w x $h"
}
