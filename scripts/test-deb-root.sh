#!/bin/sh
# The .deb on a fresh Debian 12: a minimal bookworm root (debootstrap --variant=minbase,
# from Debian's mirror) in BUILD/deb-root, where apt installs build/deb's package with
# its dependencies, then, with no source tree there: `delve film` from /tmp writes the
# same sheet.png and events.tsv as this build, `man delve` and `man delve-film` render,
# and bash completion completes `delve shot --type ca` to caves. Needs root and
# debootstrap (installed when missing); `make test-deb` runs it after `make deb`.
# Usage: scripts/test-deb-root.sh [BUILD]
set -eu
build="${1:-build}"
deb=$(ls "$build"/deb/delve_*.deb 2> /dev/null | head -n 1)
[ -n "$deb" ] || { echo "test-deb: no package in $build/deb: run make deb" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "test-deb: needs root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap > /dev/null 2>&1 ||
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap > /dev/null
root="$(cd "$build" && pwd)/deb-root"
umount "$root/proc" 2> /dev/null || true  # a run stopped before its end: never rm into /proc
rm -rf --one-file-system "$root"
echo "test-deb: debootstrap bookworm into $root" >&2
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian > "$root.log" 2>&1 ||
  { echo "test-deb: debootstrap failed, see $root.log" >&2; exit 2; }
cp "$deb" "$root/tmp/"
# bash's process substitution (the completion scripts) needs /dev/fd, from /proc
mount -t proc proc "$root/proc" && trap 'umount "$root/proc" 2> /dev/null || true' EXIT
cp /etc/resolv.conf "$root/etc/" 2> /dev/null || true
chroot "$root" /bin/sh -c "export DEBIAN_FRONTEND=noninteractive; apt-get update -qq &&
  apt-get install -y -qq man-db bash-completion /tmp/$(basename "$deb")" >> "$root.log" 2>&1 ||
  { echo "test-deb: apt could not install the package, see $root.log" >&2; exit 2; }
chroot "$root" /bin/sh -c 'cd /tmp && delve film -o f --quiet' > /dev/null 2>&1 || true
"$build/delve" film -o "$root.ref" --quiet > /dev/null 2>&1 || true
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }
cmp -s "$root/tmp/f/sheet.png" "$root.ref/sheet.png" && ok "delve film in the fresh root: the same sheet.png as this build" ||
  bad "delve film in the fresh root: sheet.png differs or is missing"
cmp -s "$root/tmp/f/events.tsv" "$root.ref/events.tsv" && ok "... and the same events.tsv" || bad "events.tsv differs"
chroot "$root" /bin/sh -c 'MANWIDTH=80 man delve 2> /dev/null' | grep -q '^COMMANDS' && ok "man delve" || bad "man delve"
chroot "$root" /bin/sh -c 'MANWIDTH=80 man delve-film 2> /dev/null' | grep -q 'delve-film' && ok "man delve-film" || bad "man delve-film"
words=$(chroot "$root" /bin/bash -c '. /usr/share/bash-completion/bash_completion; __load_completion delve;
  COMP_WORDS=(delve shot --type ca); COMP_CWORD=3; _delve delve ca --type; echo "${COMPREPLY[*]}"' 2> /dev/null)
[ "$words" = caves ] && ok "bash completion: delve shot --type ca -> caves" || bad "bash completion gave '$words'"
[ -d "$root/usr/share/delve/films" ] && [ ! -e "$root/usr/src/delve" ] && ok "no source tree in the root" || bad "source tree?"
rm -rf "$root.ref"
exit $fail
