# Shared by the shell tests (tests/*.sh source it). Usage: . tests/lib.bash "$@"
DELVE=${1:?delve binary}
DELVE_O0=${2:?delve -O0 binary}
BUILD=${3:?build dir}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/delve-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
fails=0
passes=0
ok()   { passes=$((passes + 1)); echo "ok   $*"; }
bad()  { fails=$((fails + 1)); echo "FAIL $*"; }
check() { # check NAME COMMAND...: passes when the command exits 0
  local name=$1; shift
  if "$@"; then ok "$name"; else bad "$name"; fi
}
finish() {
  echo "$passes passed, $fails failed"
  [ "$fails" = 0 ]
}

# "W x H" of a PNG, read from its IHDR with od (coreutils), so tests need no `file`.
png_size() {
  local w h
  w=$(od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
  h=$(od -An -tu1 -j20 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
  echo "$w x $h"
}
