# cmake --install into a throwaway prefix: the installed delve runs from a folder with no
# source tree in it, finds its film scripts and stored rooms in PREFIX/share/delve (beside
# its bin/, the prefix it was built for being another), and the manifest removes it all.
. "${0%/*}/lib.bash" "$@" || exit 2
p="$TMP/prefix with space"
cmake --install "$BUILD" --prefix "$p" > "$TMP/install.log" 2>&1
check "cmake --install into a prefix (exit 0)" test $? = 0
check "bin/delve, share/delve's films and rooms, the license" sh -c "test -x '$p/bin/delve' && test -s '$p/share/delve/films/scripts/devlog.film' && test -n \"\$(ls '$p/share/delve/assets/rooms')\" && test -s '$p/share/doc/delve/LICENSE'"
mkdir "$TMP/away" && cd "$TMP/away" || exit 2
"$p/bin/delve" film --help > help.txt
check "the installed delve's default film is its share/delve's ($(sed -n 's/^Plays SCRIPT (default \(.*\)) on.*/\1/p' help.txt))" \
  grep -qF "(default $p/share/delve/films/scripts/pits-and-stations.film)" help.txt
"$p/bin/delve" film -o film --quiet > film.out 2>&1
check "delve film from a folder without a source tree: the default film (exit $?)" test -s film/sheet.png
"$p/bin/delve" shot --seed 3 --rooms "$p/share/delve/assets/rooms" -o rooms.png > /dev/null 2>&1
check "delve shot with the installed stored rooms" test -s rooms.png
cd "$OLDPWD" || exit 2
xargs -d '\n' rm -f < "$BUILD/install_manifest.txt"
check "the install manifest removes every file it wrote" test -z "$(find "$p" -type f)"
finish
