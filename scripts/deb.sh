#!/bin/sh
# Builds the Debian package: delve configured for the /usr prefix (its data in
# /usr/share/delve) in BUILD/deb, without the tests or the -O0 twin, then CPack's DEB
# generator (cmake/deb.cmake) into BUILD/deb. Prints the .deb's path on the last line.
# Usage: scripts/deb.sh [BUILD]   (`make deb`; tests/deb.sh checks what it makes)
set -eu
build="${1:-build}/deb"
jobs="$(nproc 2>/dev/null || echo 2)"
src="$(cd "$(dirname "$0")/.." && pwd)"
# Debian's hardening flags (fortify, stack protector, relro and bindnow), as every
# package of the archive is built with; they change no output byte (the goldens' test
# runs on the plain build)
if command -v dpkg-buildflags >/dev/null 2>&1; then
  export DEB_BUILD_MAINT_OPTIONS=hardening=+all
  CFLAGS="$(cd "$src" && dpkg-buildflags --get CPPFLAGS) $(cd "$src" && dpkg-buildflags --get CFLAGS)"
  LDFLAGS="$(dpkg-buildflags --get LDFLAGS)"
  export CFLAGS LDFLAGS
fi
test -f "$build/CMakeCache.txt" || cmake -S "$src" -B "$build" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DDELVE_TESTS=OFF -DDELVE_O0_TWIN=OFF >&2
cmake --build "$build" -j "$jobs" >&2
rm -f "$build"/delve_*.deb
(cd "$build" && cpack -G DEB >&2)
ls "$build"/delve_*.deb
