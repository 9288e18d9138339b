#!/usr/bin/env bash
# The same bytes on another CPU (docs/architecture.md: determinism). Cross-builds delve for 64-bit
# ARM (aarch64, where a plain char is unsigned) into BUILD/arm64
# with Debian's gcc-aarch64-linux-gnu and the arm64 libraries (multiarch), runs it under
# qemu-aarch64, and compares with this x86-64 build: gen text and .dun of every family, a
# Tiled export, shots, a shot set, stats, check --seeds, the gallery, a headless view and
# two films' frames, sheet.png and events.tsv, every file byte for byte but PNGs, which
# must have the same pixels. A native twin built with
# -funsigned-char (BUILD/unsigned-char) runs the same cases without qemu: it catches a
# plain char whose sign matters on any machine with gcc.
# Usage: bash scripts/test-arm64.sh DELVE DELVE_O0 BUILD   (the shell tests' arguments;
#   tests/arm64.sh runs it under ctest, `make test-arm64` after scripts/deps.sh --arm64)
# Without the cross tools the ARM part is skipped (exit 77) unless ARM64_REQUIRED=1.
. tests/lib.bash "$@"
start=$SECONDS

# The cases: a name, then delve's arguments; @O is the case's output folder. Outputs go
# to one path for both builds, so messages that name a file are the same bytes too.
cases() {
  local s t
  for s in 1 7 42 58 20261129; do echo "gen-rooms-$s gen --seed $s --floors 3"; done
  echo "gen-rooms-58-rising-off gen --seed 58 --floors 3 --rising off"
  echo "gen-rooms-5-stored gen --seed 5 --floors 2 --rooms assets/rooms"
  for t in doomrl normal small-rooms warehouse city caves arena maze single; do
    echo "gen-$t-31 gen --type $t --dlevel 14 --difficulty 4 --seed 31 --floors 3"
    echo "gen-$t-5 gen --type $t --dlevel 3 --seed 5 --floors 2"
  done
  echo "gen-doomrl-7-single gen --type doomrl --dlevel 5 --difficulty 3 --single-monster on --seed 7 --floors 4"
  for s in 3 11 42; do echo "gen-shoals-$s gen --type shoals --seed $s --floors 2"; done
  echo "gen-shoals-heights gen --type shoals --seed 3 --islands 20 --format heights"
  echo "dun-rooms gen --seed 58 --format dun -o @O/58.dun"
  echo "dun-doomrl gen --type doomrl --dlevel 5 --seed 7 --floors 4 --format dun -o @O/7.dun"
  echo "dun-caves gen --type caves --dlevel 12 --seed 5 --floors 2 --format dun -o @O/5.dun"
  echo "dun-shoals gen --type shoals --seed 11 --floors 2 --format dun -o @O/11.dun"
  echo "tmj-rooms gen --seed 58 --floor 2 --format tmj -o @O/floor2.tmj"
  echo "shot-rooms shot --seed 58 --floor 2 -o @O/shot.png"
  echo "shot-caves shot --type caves --dlevel 12 --seed 5 --floor 2 -o @O/shot.png"
  echo "shot-city shot --type city --dlevel 8 --seed 3 -o @O/shot.png"
  echo "shot-shoals shot --type shoals --seed 11 -o @O/shot.png"
  echo "shot-set shot --seeds 1-4 -o @O/set"
  echo "stats-rooms stats --seeds 1-20 --floors 3 --format tsv"
  echo "stats-doomrl stats --type doomrl --seeds 1-500 --dlevel 9 --format tsv"
  echo "stats-doomrl-15 stats --type doomrl --seeds 1-300 --dlevel 15 --difficulty 5 --single-monster on --format tsv"
  echo "stats-shoals stats --type shoals --seeds 1-30"
  echo "check-seeds check --seeds 1-20 --type caves --dlevel 9 --floors 2"
  echo "gallery gallery --seed 4 -o @O/gallery.png"
  echo "view-headless view --seed 58 --headless --screenshot @O/view.png"
  echo "film-acid film films/scripts/acid-wade.film -o @O/film --quiet"
  echo "film-tide film films/scripts/shoals-tide.film -o @O/film --quiet"
}

# run_all DEST RUNNER...: every case run by RUNNER (a delve, or qemu and a delve) into
# DEST/NAME/ (stdout, stderr, exit status, files written); a case that hangs is stopped
# after 5 minutes (status 124)
run_all() {
  local dest=$1 name args out; shift
  mkdir -p "$dest"
  while read -r name args; do
    out="$TMP/run/$name"
    rm -rf "$TMP/run" && mkdir -p "$out"
    # shellcheck disable=SC2086 # the arguments are words without spaces
    timeout 300 "$@" ${args//@O/$out} > "$out/stdout" 2> "$out/stderr"
    echo "$?" > "$out/status"
    sed -i 's/ ([0-9.]* s)$//' "$out/stdout" # the wall time `delve check --seeds` prints
    mv "$out" "$dest/$name"
  done < <(cases)
}

# same_pixels A B: every PNG under folder A has a PNG of the same name under B with the
# same pixels (delve diff, exact), and B has no PNG that A lacks
same_pixels() {
  local f rc=0
  while read -r f; do
    [ -f "$2/$f" ] && "$DELVE" diff "$1/$f" "$2/$f" > /dev/null 2>&1 ||
      { echo "pixels differ: $f"; rc=1; }
  done < <(cd "$1" && find . -name '*.png' | sort)
  [ "$(cd "$1" && find . -name '*.png' | sort)" = "$(cd "$2" && find . -name '*.png' | sort)" ] ||
    { echo "not the same PNG files"; rc=1; }
  return $rc
}

# compare WHAT DIR: every case's outputs against the x86-64 ones, PNGs by their pixels
# (their bytes come from the deflate library: igzip writes other bytes on ARM, and the
# arm64 build has libdeflate), every other file byte for byte; a differing case is kept
# in BUILD/arm64-diff/WHAT/ for a look
compare() {
  local what=$1 dir=$2 name keep="$BUILD/arm64-diff/$1"
  rm -rf "$keep"
  while read -r name _; do
    # a catalog's revision line names when each build was configured, not what it makes
    find "$TMP/x86-64/$name" "$dir/$name" -name catalog.tsv -exec sed -i '/^# revision: /d' {} +
    # and a set's .delve-build names the executable that made it, one per machine
    if diff -r -x '*.png' -x .delve-build "$TMP/x86-64/$name" "$dir/$name" > "$TMP/diff.txt" &&
       same_pixels "$TMP/x86-64/$name" "$dir/$name" >> "$TMP/diff.txt"; then
      ok "$what equals x86-64: $name"
    else
      bad "$what differs from x86-64: $name (kept in $keep)"; head -n 20 "$TMP/diff.txt"
      mkdir -p "$keep" && cp -r "$TMP/x86-64/$name" "$keep/$name.x86-64" &&
        cp -r "$dir/$name" "$keep/$name.$what"
    fi
  done < <(cases)
}

# build_twin DIR CMAKE_ARGS...: delve alone in DIR (no -O0 twin, no tests); log on failure
build_twin() {
  local dir=$1; shift
  if cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DDELVE_O0_TWIN=OFF -DDELVE_TESTS=OFF \
       "$@" > "$TMP/cmake.log" 2>&1 &&
     cmake --build "$dir" --target delve -j 2 >> "$TMP/cmake.log" 2>&1; then
    return 0
  fi
  cat "$TMP/cmake.log"; return 1
}

run_all "$TMP/x86-64" "$DELVE"
check "x86-64: every case exits 0" \
  test -z "$(grep -Lx 0 "$TMP"/x86-64/*/status)"
check "x86-64: the acid film has frames, its sheet and events" \
  test "$(find "$TMP/x86-64/film-acid/film/frames" -name '*.png' | wc -l)" -gt 100 \
    -a -s "$TMP/x86-64/film-acid/film/sheet.png" -a -s "$TMP/x86-64/film-acid/film/events.tsv"

t0=$SECONDS
if build_twin "$BUILD/unsigned-char" -DCMAKE_C_FLAGS=-funsigned-char; then
  run_all "$TMP/unsigned-char" "$BUILD/unsigned-char/delve"
  compare unsigned-char "$TMP/unsigned-char"
else
  bad "-funsigned-char build"
fi
echo "unsigned-char: $((SECONDS - t0)) s"

arm_tools() { # 0 when the cross compiler, qemu and the arm64 libraries are all there
  needs "arm64 (scripts/deps.sh --arm64 installs it)" \
    aarch64-linux-gnu-gcc qemu-aarch64 aarch64-linux-gnu-pkg-config || return 1
  aarch64-linux-gnu-pkg-config --exists sdl2 SDL2_ttf libdeflate libcjson spng fontconfig &&
    return 0
  skip "arm64: the arm64 -dev libraries are missing (scripts/deps.sh --arm64 installs them)"
  return 1
}
t0=$SECONDS
if arm_tools; then
  if build_twin "$BUILD/arm64" -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake; then
    echo "arm64: built in $((SECONDS - t0)) s"
    # ELF e_machine, 2 bytes at 18: 183 (0xb7) is EM_AARCH64
    check "the arm64 build is an aarch64 program" \
      test "$(od -An -tu1 -j18 -N2 "$BUILD/arm64/delve" | tr -s ' ')" = " 183 0"
    check "qemu-aarch64 runs it" qemu-aarch64 "$BUILD/arm64/delve" --version > /dev/null
    run_all "$TMP/arm64" qemu-aarch64 "$BUILD/arm64/delve"
    compare arm64 "$TMP/arm64"
  else
    bad "arm64 cross build"
  fi
elif [ "${ARM64_REQUIRED:-0}" = 1 ]; then
  bad "arm64 tools required (ARM64_REQUIRED=1)"
fi
echo "arm64: $((SECONDS - t0)) s; all: $((SECONDS - start)) s"
finish
