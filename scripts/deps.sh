#!/bin/sh
# Installs the Debian packages delve needs when pkg-config or CMake cannot find them.
# Runs apt-get as root, or through sudo; on other systems it prints the package names.
# Usage: scripts/deps.sh [--test | --package | --arm64 | --fuzz]   (--test adds what the tests need:
#        xvfb, clang, chromium, tiled, xmllint, python3, ffmpeg, pandoc, zsh, fish,
#        bash-completion, dpkg-dev, lintian; --package what `make install` and `make deb`
#        add to the build: pandoc (the man pages), dpkg-dev (dpkg-shlibdeps) and lintian;
#        --arm64 what `make test-arm64` needs: the aarch64
#        cross compiler, qemu-user and the arm64 -dev libraries, after dpkg
#        --add-architecture; --fuzz what `make fuzz` needs: clang and libFuzzer)
set -eu

# Build: cmake pkg-config libsdl2-dev libsdl2-ttf-dev libstb-dev libcmocka-dev
#        libdeflate-dev libisal-dev libspng-dev libfontconfig-dev libcjson-dev libgsl-dev
#        fonts-dejavu-core
# Tests: xvfb xauth xdotool (the viewer under a real X server, driven by keys), clang (gcc/clang determinism),
#        chromium (delve review's page, headless), tiled (tmxrasterizer draws the
#        Tiled export; about 18 MB with its Qt libraries), ffmpeg (delve film --video's
#        real encoder and ffprobe; docs/perf-log.md has what the whole list takes to install),
#        pandoc (the man pages, tests/man_pages.sh), zsh fish bash-completion (the
#        completion scripts loaded and asked, tests/completion.sh)
# Package: pandoc (scripts/man.sh makes the man pages with it; without it `make install`
#        says they were skipped)
# arm64: gcc-aarch64-linux-gnu qemu-user, and pkgconf libsdl2-dev libsdl2-ttf-dev
#        libdeflate-dev libcjson-dev libspng-dev libfontconfig-dev as :arm64 (not
#        libisal-dev or libgsl-dev: Debian cannot install their amd64 and arm64 packages
#        together, and the arm64 build does without them; multiarch,
#        beside the amd64 ones; about 200 packages, 120 MB to fetch, 400 MB on disk)
have_pc() { pkg-config --exists "$1" 2>/dev/null; }
missing=""
need() { missing="$missing $1"; }

command -v cc >/dev/null 2>&1 || need build-essential
[ -f /usr/include/stdio.h ] || need libc6-dev
command -v cmake >/dev/null 2>&1 || need cmake
command -v pkg-config >/dev/null 2>&1 || need pkg-config
have_pc sdl2 || need libsdl2-dev
have_pc SDL2_ttf || need libsdl2-ttf-dev
[ -f /usr/include/stb/stb_image_write.h ] || need libstb-dev
have_pc cmocka || need libcmocka-dev
have_pc libdeflate || [ -f /usr/include/libdeflate.h ] || need libdeflate-dev
have_pc libisal || need libisal-dev
have_pc spng || need libspng-dev
have_pc fontconfig || need libfontconfig-dev
have_pc libcjson || need libcjson-dev
have_pc gsl || need libgsl-dev
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need fonts-dejavu-core
if [ "${1:-}" = "--test" ]; then
  command -v Xvfb >/dev/null 2>&1 || need xvfb
  command -v xauth >/dev/null 2>&1 || need xauth
  command -v xdotool >/dev/null 2>&1 || need xdotool
  command -v clang >/dev/null 2>&1 || need clang
  command -v chromium >/dev/null 2>&1 || need chromium
  command -v tmxrasterizer >/dev/null 2>&1 || need tiled
  command -v xmllint >/dev/null 2>&1 || need libxml2-utils   # JUnit XML against tests/junit.xsd
  command -v python3 >/dev/null 2>&1 || need python3         # fixtures and JSON checks
  command -v ffmpeg >/dev/null 2>&1 || need ffmpeg           # delve film --video, real
  command -v zsh >/dev/null 2>&1 || need zsh                 # the completion scripts
  command -v fish >/dev/null 2>&1 || need fish
  [ -f /usr/share/bash-completion/bash_completion ] || need bash-completion
fi
if [ "${1:-}" = "--test" ] || [ "${1:-}" = "--package" ]; then
  command -v pandoc >/dev/null 2>&1 || need pandoc           # the man pages
fi
# the Debian package (`make deb`, tests/deb.sh): dpkg-shlibdeps, and lintian to check it
if [ "${1:-}" = "--package" ] || [ "${1:-}" = "--test" ]; then
  command -v dpkg-shlibdeps >/dev/null 2>&1 || need dpkg-dev
  command -v lintian >/dev/null 2>&1 || need lintian
fi
add_arm64=""
if [ "${1:-}" = "--arm64" ]; then
  command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need gcc-aarch64-linux-gnu
  command -v qemu-aarch64 >/dev/null 2>&1 || need qemu-user
  # pkgconf:arm64 brings aarch64-linux-gnu-pkg-config, which reads the arm64 .pc files
  command -v aarch64-linux-gnu-pkg-config >/dev/null 2>&1 || need pkgconf:arm64
  arm_pc() { aarch64-linux-gnu-pkg-config --exists "$1" 2>/dev/null; }
  for pc in sdl2:libsdl2-dev SDL2_ttf:libsdl2-ttf-dev \
            libdeflate:libdeflate-dev libcjson:libcjson-dev spng:libspng-dev \
            fontconfig:libfontconfig-dev; do
    arm_pc "${pc%%:*}" || need "${pc#*:}:arm64"
  done
  case "$missing" in *:arm64*)
    dpkg --print-foreign-architectures 2>/dev/null | grep -qx arm64 || add_arm64=1 ;;
  esac
fi
# libFuzzer links: clang -fsanitize=fuzzer on an empty target
links_fuzzer() {
  printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' |
    clang -x c -fsanitize=fuzzer,address,undefined -o /dev/null - >/dev/null 2>&1
}
if [ "${1:-}" = "--fuzz" ]; then
  command -v clang >/dev/null 2>&1 || need clang
  command -v clang >/dev/null 2>&1 && links_fuzzer || need libclang-rt-dev
fi

[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "delve needs these packages (Debian names):$missing" >&2
  echo "install them with your system's package manager, then run make again" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "deps: not root and no sudo; install:$missing" >&2; exit 1; }
  SUDO=sudo
fi
echo "deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
if [ -n "$add_arm64" ]; then
  echo "deps: dpkg --add-architecture arm64" >&2
  $SUDO dpkg --add-architecture arm64
fi
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >&2
