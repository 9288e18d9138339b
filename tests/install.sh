# cmake --install into a throwaway prefix: the installed delve runs from a folder with no
# source tree in it, finds its film scripts and stored rooms in PREFIX/share/delve (beside
# its bin/, the prefix it was built for being another), man finds its pages under
# PREFIX/share/man and bash-completion its completion, and the manifest removes it all.
. "${0%/*}/lib.bash" "$@" || exit 2
p="$TMP/prefix with space"
cmake --install "$BUILD" --prefix "$p" > "$TMP/install.log" 2>&1
check "cmake --install into a prefix (exit 0)" test $? = 0
check "bin/delve, share/delve's films, rooms and example generator, the license" sh -c "test -x '$p/bin/delve' && test -s '$p/share/delve/films/scripts/devlog.film' && test -n \"\$(ls '$p/share/delve/assets/rooms')\" && test -s '$p/share/delve/examples/gen_rooms.py' && test -s '$p/share/doc/delve/LICENSE' && test -s '$p/share/doc/delve/docs/generators.md'"
mkdir "$TMP/away" && cd "$TMP/away" || exit 2
"$p/bin/delve" film --help > help.txt
check "the installed delve's default film is its share/delve's ($(sed -n 's/^Plays SCRIPT (default \(.*\)) on.*/\1/p' help.txt))" \
  grep -qF "(default $p/share/delve/films/scripts/pits-and-stations.film)" help.txt
"$p/bin/delve" film -o film --quiet > film.out 2>&1
check "delve film from a folder without a source tree: the default film (exit $?)" test -s film/sheet.png
"$p/bin/delve" shot --seed 3 --rooms "$p/share/delve/assets/rooms" -o rooms.png > /dev/null 2>&1
check "delve shot with the installed stored rooms" test -s rooms.png
cd "$OLDPWD" || exit 2
# the man pages (pandoc: scripts/deps.sh --test installs it, so without it this fails)
# and the completion scripts, where man, bash-completion, zsh and fish look
check "man pages under share/man: man1/delve.1.gz, man5/delve-film.5.gz and delve-dun.5.gz" \
  test -s "$p/share/man/man1/delve.1.gz" -a -s "$p/share/man/man5/delve-film.5.gz" -a -s "$p/share/man/man5/delve-dun.5.gz"
MANPATH="$p/share/man" man -w delve > "$TMP/man-w" 2>&1
check "MANPATH=PREFIX/share/man: man -w delve finds $(cat "$TMP/man-w")" grep -qxF "$p/share/man/man1/delve.1.gz" "$TMP/man-w"
MANPATH="$p/share/man" MANWIDTH=80 man delve-film 2> /dev/null > "$TMP/man.txt"
check "MANPATH=PREFIX/share/man: man delve-film shows the .film format" grep -q "walk to=TARGET" "$TMP/man.txt"
check "completion: bash, zsh and fish scripts under share/" \
  test -s "$p/share/bash-completion/completions/delve" -a -s "$p/share/zsh/site-functions/_delve" -a -s "$p/share/fish/vendor_completions.d/delve.fish"
if [ -f /usr/share/bash-completion/bash_completion ]; then
  XDG_DATA_DIRS="$p/share" bash -c '. /usr/share/bash-completion/bash_completion; __load_completion delve; complete -p delve' > "$TMP/complete-p" 2>&1
  check "bash-completion loads it from XDG_DATA_DIRS=PREFIX/share ($(cat "$TMP/complete-p"))" grep -q "_delve delve" "$TMP/complete-p"
else
  bad "bash-completion is not installed (scripts/deps.sh --test)"
fi
xargs -d '\n' rm -f < "$BUILD/install_manifest.txt"
check "the install manifest removes every file it wrote" test -z "$(find "$p" -type f)"
finish
