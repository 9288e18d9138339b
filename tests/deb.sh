# The Debian package (make deb: scripts/deb.sh, cmake/deb.cmake): built for /usr in
# BUILD/deb, its control fields name every library delve loads (the ones it dlopens
# too), lintian finds nothing to warn of, apt could install it here, and unpacked into a
# throwaway root it plays its default film from a folder with no source tree.
. "${0%/*}/lib.bash" "$@" || exit 2
for tool in dpkg-deb dpkg-shlibdeps lintian cpack; do
  command -v "$tool" > /dev/null || { echo "deb: $tool missing (scripts/deps.sh --test installs it)"; exit 1; }
done
deb="$(sh scripts/deb.sh "$BUILD" 2> "$TMP/deb.log" | tail -1)"
check "make deb's package ($(basename "$deb"))" test -s "$deb"
[ -s "$deb" ] || { tail -20 "$TMP/deb.log"; finish; }

dpkg-deb -f "$deb" Package Version Architecture Depends Recommends Section > "$TMP/control"
says() { grep -qE "$1" "$TMP/control"; }
check "Package delve, Version $(sed -n 's/^Version: //p' "$TMP/control")" says '^Version: [0-9]+\.[0-9]+\.[0-9]+-1$'
for lib in 'libc6 \(>= ' 'libcjson1 \(>= ' 'libspng0 \(>= ' 'libsdl2-2\.0-0 \(>= ' \
           'libsdl2-ttf-2\.0-0 \(>= ' 'libfontconfig1 \(>= ' 'fonts-dejavu-core'; do
  name="${lib%% *}"
  check "Depends names ${name//\\/}" says "^Depends: .*$lib"
done
# GSL, when the build found it, is loaded on first use (stats --compare): named by hand
if grep -q '^DELVE_GSL_LIBRARY:FILEPATH=/' "$BUILD/deb/CMakeCache.txt"; then
  check "Depends names libgsl (loaded on first use)" says '^Depends: .*libgsl[0-9]+ \(>= '
fi
check "Recommends ffmpeg (film --video)" says '^Recommends: ffmpeg$'

dpkg-deb -c "$deb" | awk '{print $6}' > "$TMP/files"
for f in ./usr/bin/delve ./usr/share/delve/films/scripts/pits-and-stations.film \
         ./usr/share/doc/delve/copyright ./usr/share/doc/delve/changelog.Debian.gz \
         ./usr/share/man/man1/delve.1.gz ./usr/share/man/man5/delve-film.5.gz \
         ./usr/share/man/man5/delve-dun.5.gz ./usr/share/bash-completion/completions/delve \
         ./usr/share/zsh/site-functions/_delve ./usr/share/fish/vendor_completions.d/delve.fish; do
  check "the package holds $f" grep -qxF "$f" "$TMP/files"
done

lintian --fail-on error,warning "$deb" > "$TMP/lintian" 2>&1
rc=$?
check "lintian: no error or warning ($(grep -cE '^[EW]: ' "$TMP/lintian") found, exit $rc)" test $rc = 0
grep -E '^[EW]: ' "$TMP/lintian"

# as root, apt resolves the package's dependencies on this machine (nothing installed)
if [ "$(id -u)" = 0 ]; then
  apt-get install -s "$deb" > "$TMP/apt" 2>&1
  check "apt-get install -s ./$(basename "$deb") would install it" grep -q '^Inst delve ' "$TMP/apt"
fi

root="$TMP/root"
dpkg-deb -x "$deb" "$root"
mkdir "$TMP/away" && cd "$TMP/away" || exit 2
"$root/usr/bin/delve" film -o film > film.out 2>&1
check "the unpacked delve plays its default film with no source tree (exit $?)" test -s film/sheet.png
check "its delve(1) renders: man -l shows the film command" \
  sh -c "MANWIDTH=80 man -l '$root/usr/share/man/man1/delve.1.gz' 2> /dev/null | grep -q 'delve film'"
check "its bash completion completes 'delve fi' to film" bash -c \
  ". '$root/usr/share/bash-completion/completions/delve' && COMP_WORDS=(delve fi) COMP_CWORD=1 &&
   \$(complete -p delve | sed 's/.*-F \\([^ ]*\\) .*/\\1/') delve fi delve && [ \"\${COMPREPLY[*]}\" = film ]"
# /usr/share/delve first when the package is installed here too (films/film.h)
"$root/usr/bin/delve" film --help > help.txt
check "... its film scripts found in the package's share/delve" \
  grep -qE "\(default ($root)?/usr/share/delve/films/scripts/pits-and-stations.film\)" help.txt
finish
