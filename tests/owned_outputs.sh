# Folder outputs are owned (docs/outputs.md): a film, a
# shot set or a review report is made beside its folder and swapped in whole. Ctrl-C,
# a kill, a failing run or a full disk leave the earlier output byte for byte and no
# temporary file; a second run into a folder in use exits 2 naming the first; a folder
# delve did not make is refused unless empty; a re-run replaces, never mixes.
. "${0%/*}/lib.bash" "$@" || exit 2
set -m # job control: each background run is its own process group, SIGINT not ignored
W="$TMP/w"
mkdir -p "$W"
sed 's/^record  every=10$/record  every=1/' tests/fixtures/short.film > "$TMP/long.film"
grep -q 'every=1$' "$TMP/long.film" || bad "long.film: the short film's record line moved"

sums() { # sums DIR: a checksum line per file (dot files too), by path
  (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
}
wait_for() { # wait_for GLOB...: 0 once a path matches, 1 after 20 s
  local i
  for i in $(seq 400); do
    compgen -G "$1" > /dev/null && return 0
    sleep 0.05
  done
  return 1
}
only() { # only DIR NAMES: DIR's parent holds exactly NAMES (nothing left beside DIR)
  test "$(ls -A "$(dirname "$1")" | tr '\n' ' ')" = "$2"
}
film() { "$DELVE" film "$@" --quiet > /dev/null; }

# --- Ctrl-C (SIGINT to the process group) mid-film over a finished film
film tests/fixtures/short.film -o "$W/film"
sums "$W/film" > "$TMP/before"
check "a finished film carries its marker" grep -qx "delve film [0-9.]*" "$W/film/.delve-output"
# on ext2/3/4 the folder is the top of a tree of its own (chattr +T), so ext4 puts its
# frames folder in a block group away from the inodes an earlier film just freed
if [ "$(stat -f -c %T "$W" 2> /dev/null)" = ext2/ext3 ] && command -v lsattr > /dev/null; then
  check "  and on ext4 is marked a top folder (lsattr: $(lsattr -d "$W/film" 2> /dev/null))" \
    sh -c "lsattr -d '$W/film' | cut -d' ' -f1 | grep -q T"
fi
"$DELVE" film "$TMP/long.film" -o "$W/film" --quiet > /dev/null 2> "$TMP/err" &
pid=$!
wait_for "$W/.film.delve-tmp-*/frames/frame_0005.png" || bad "the new run wrote no frame"
kill -INT -- -"$pid"
wait "$pid"; rc=$?
check "SIGINT mid-film: exit 130 (rc $rc)" test $rc = 130
check "SIGINT mid-film: one line says so ($(cat "$TMP/err"))" \
  test "$(cat "$TMP/err")" = "delve film: interrupted; $W/film left as it was"
check "SIGINT mid-film: the old film byte for byte" cmp -s "$TMP/before" <(sums "$W/film")
check "SIGINT mid-film: no temporary folder or lock left ($(ls -A "$W" | tr '\n' ' '))" only "$W/film" "film "

# --- a re-run that fails part-way (files over `ulimit -f`: a full disk) changes nothing
(ulimit -f 40; "$DELVE" film "$TMP/long.film" -o "$W/film" --quiet > /dev/null 2> "$TMP/err"); rc=$?
check "a failing re-run: exit 2 naming why (rc $rc: $(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -q 'File too large' '$TMP/err'"
check "a failing re-run: the old film byte for byte" cmp -s "$TMP/before" <(sums "$W/film")
check "a failing re-run: nothing left beside" only "$W/film" "film "

# --- two runs into one folder: the second exits 2 naming the first as it was typed
# (--threads=1 whole: splitting --name=value leaves argv as it was)
"$DELVE" film "$TMP/long.film" -o "$W/film" --quiet --threads=1 > /dev/null 2>&1 &
pid=$!
wait_for "$W/.film.delve-tmp-*/frames/frame_0002.png" || bad "the first run wrote no frame"
"$DELVE" film tests/fixtures/short.film -o "$W/film" --quiet > /dev/null 2> "$TMP/err"; rc=$?
check "a second run into a folder in use: exit 2 (rc $rc)" test $rc = 2
check "  naming the holder's pid and command ($(cat "$TMP/err"))" grep -qF \
  "$W/film is in use by another delve run (pid $pid: delve film $TMP/long.film -o $W/film --quiet --threads=1)" "$TMP/err"
kill -TERM "$pid"
wait "$pid"; rc=$?
check "SIGTERM: exit 143 (rc $rc)" test $rc = 143
check "after both: the old film byte for byte" cmp -s "$TMP/before" <(sums "$W/film")
check "after both: nothing left beside" only "$W/film" "film "

# --- a run killed outright (SIGKILL) leaves its temporary folder; the next run clears it
"$DELVE" film "$TMP/long.film" -o "$W/film" --quiet > /dev/null 2>&1 &
pid=$!
wait_for "$W/.film.delve-tmp-*/frames/frame_0002.png" || bad "the run wrote no frame"
kill -KILL "$pid"
wait "$pid" 2> /dev/null
check "SIGKILL: the old film byte for byte" cmp -s "$TMP/before" <(sums "$W/film")
film tests/fixtures/short.film -o "$W/film"
check "the next run clears what a killed run left" only "$W/film" "film "
check "  and makes the same film again" cmp -s "$TMP/before" <(sums "$W/film")

# --- a swap cut between its two renames (the window base/outdir accepts): the next
# run puts the earlier film back before anything else
mv "$W/film" "$W/.film.delve-old-AbC123"
(ulimit -f 40; "$DELVE" film "$TMP/long.film" -o "$W/film" --quiet > /dev/null 2>&1)
check "a film moved aside by a cut swap comes back" cmp -s "$TMP/before" <(sums "$W/film")
check "  and nothing is left beside" only "$W/film" "film "

# --- Ctrl-C and SIGTERM while ffmpeg runs (twice: the MP4's run and the GIF's): both
# are stopped and their files go
fake="$TMP/bin"
mkdir -p "$fake"
cat > "$fake/ffmpeg" <<SH
#!/bin/sh
# stand-in: begin the output, note the pid, then hang like a long encode
for last; do :; done
printf 'half a video' > "\$last"
echo \$\$ >> "$TMP/ffmpeg.pid"
exec $(command -v sleep) 30
SH
chmod +x "$fake/ffmpeg"
for how in INT TERM; do
  rm -f "$TMP/ffmpeg.pid"
  PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$W/film" --quiet --video > /dev/null 2> "$TMP/err" &
  pid=$!
  wait_for "$TMP/ffmpeg.pid" || bad "SIG$how: ffmpeg never ran"
  for i in $(seq 100); do [ "$(wc -l < "$TMP/ffmpeg.pid")" = 2 ] && break; sleep 0.05; done
  sleep 0.1
  if [ $how = INT ]; then kill -INT -- -"$pid"; want=130; else kill -TERM "$pid"; want=143; fi
  wait "$pid"; rc=$?
  check "SIG$how during --video: exit $want (rc $rc: $(cat "$TMP/err"))" test $rc = $want
  check "SIG$how during --video: both ffmpeg runs are gone ($(tr '\n' ' ' < "$TMP/ffmpeg.pid"))" \
    sh -c "test $(wc -l < "$TMP/ffmpeg.pid") = 2 && ! kill -0 $(head -1 "$TMP/ffmpeg.pid") 2> /dev/null && ! kill -0 $(tail -1 "$TMP/ffmpeg.pid") 2> /dev/null"
  check "SIG$how during --video: the old film byte for byte" cmp -s "$TMP/before" <(sums "$W/film")
  check "SIG$how during --video: no film.tmp.mp4, no log, nothing beside" only "$W/film" "film "
done

# --- folders delve did not make are refused; empty ones and earlier films are taken
mkdir -p "$W/mine/frames"
echo sheet > "$W/mine/sheet.png"; echo video > "$W/mine/film.mp4"; echo frame > "$W/mine/frames/frame_9999.png"
sums "$W/mine" > "$TMP/mine"
"$DELVE" film tests/fixtures/short.film -o "$W/mine" --quiet > /dev/null 2> "$TMP/err"; rc=$?
check "a folder with files delve did not write: exit 2 (rc $rc)" test $rc = 2
check "  saying why ($(cat "$TMP/err"))" grep -qF "$W/mine is not a folder delve made and is not empty" "$TMP/err"
check "  and every file kept" cmp -s "$TMP/mine" <(sums "$W/mine")
"$DELVE" shot --seeds 1-1 --floors 1 --zoom 4 -o "$W/set" > /dev/null 2>&1
"$DELVE" film tests/fixtures/short.film -o "$W/set" --quiet > /dev/null 2> "$TMP/err"; rc=$?
check "a film into a shot set: exit 2 ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF 'holds the output of delve shot, not a film' '$TMP/err' && test -s '$W/set/catalog.tsv'"
mkdir "$W/empty"
film tests/fixtures/short.film -o "$W/empty/"
check "an empty folder is taken" cmp -s "$TMP/before" <(sums "$W/empty")
echo by-hand > "$W/film/frames/frame_9999.png"
film tests/fixtures/short.film -o "$W/film"
check "an earlier film is replaced whole (a frame added by hand goes with it)" \
  cmp -s "$TMP/before" <(sums "$W/film")
ln -s "$W/film" "$W/link"
"$DELVE" film tests/fixtures/short.film -o "$W/link" --quiet > /dev/null 2> "$TMP/err"; rc=$?
check "-o onto a link: exit 2, the link kept ($(cat "$TMP/err"))" sh -c "test $rc = 2 && test -L '$W/link'"
rm "$W/link"

# --- shot sets: a re-run replaces the set (no older PNG beside the new catalog)
shot() { "$DELVE" shot --floors 1 --zoom 4 "$@" > /dev/null 2> "$TMP/err"; }
shot --seeds 1-2 -o "$W/set"
shot --seeds 3-3 -o "$W/set"
check "a shot set re-run holds only the new set" \
  test "$(ls "$W/set" | tr '\n' ' ')" = "catalog.tsv seed-00000000000000000003-floor-01.png "
check "  and its catalog lists it" test "$(grep -v '^#' "$W/set/catalog.tsv" | cut -f1 | tr '\n' ' ')" = "3 "
sums "$W/set" > "$TMP/set"
shot --seeds 1-1000 -o "$W/set" &
pid=$!
wait_for "$W/.set.delve-tmp-*/seed-00000000000000000003-floor-01.png" || bad "the set run wrote no shot"
kill -INT -- -"$pid"
wait "$pid"; rc=$?
check "SIGINT mid-set: exit 130 (rc $rc)" test $rc = 130
check "SIGINT mid-set: the old set byte for byte" cmp -s "$TMP/set" <(sums "$W/set")
check "SIGINT mid-set: its line ($(tail -n 1 "$TMP/err"))" \
  test "$(tail -n 1 "$TMP/err")" = "delve shot: interrupted; $W/set left as it was"

# --- review reports: replaced whole, a failing re-run leaves the old one
mkdir "$W/a" "$W/b"
"$DELVE" shot --seed 1 --zoom 4 -o "$W/a/x.png" > /dev/null
"$DELVE" shot --seed 2 --zoom 4 -o "$W/b/x.png" > /dev/null
"$DELVE" shot --seed 3 --zoom 4 -o "$W/b/y.png" > /dev/null
"$DELVE" review "$W/a" "$W/b" -o "$W/rep" > /dev/null
echo by-hand > "$W/rep/notes.txt"
"$DELVE" review "$W/a" "$W/a" -o "$W/rep" > /dev/null; rc=$?
check "a review re-run replaces the report whole (rc $rc)" \
  sh -c "test $rc = 0 && test ! -e '$W/rep/notes.txt' && test ! -e '$W/rep/diff/x.png' && test ! -e '$W/rep/after/y.png'"
sums "$W/rep" > "$TMP/rep"
# (files over `ulimit -f`, a full disk: an unreadable PNG no longer fails a review, it is
# listed in the report)
(ulimit -f 4; "$DELVE" review "$W/a" "$W/b" -o "$W/rep" > /dev/null 2> "$TMP/err"); rc=$?
check "a failing review re-run: exit 2 (rc $rc)" sh -c "test $rc = 2 && grep -q 'File too large' '$TMP/err'"
check "a failing review re-run: the old report byte for byte" cmp -s "$TMP/rep" <(sums "$W/rep")
"$DELVE" review "$W/a" "$W/a" -o "$W/set" > /dev/null 2> "$TMP/err"; rc=$?
check "a review into a shot set: exit 2 ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF 'holds the output of delve shot, not a review report' '$TMP/err'"
# --- a sheet in pages: Ctrl-C while a page is made leaves every earlier page as it was
# (157 frames with the fall's 36: a page holds 77 cells of 1 column of 960x540 frames
# under the chart, (16000 - 330) / 201, so 77 + 77 + 3: three pages)
sed 's/^record  every=10$/record  every=2/' tests/fixtures/short.film > "$TMP/mid.film"
film "$TMP/mid.film" -o "$W/mid"
mkdir "$W/pages"
"$DELVE" sheet "$W/mid" -o "$W/pages/s.png" --columns 1 --pick all --title old > /dev/null
check "a sheet in three pages" test "$(ls -A "$W/pages" | tr '\n' ' ')" = "s-1.png s-2.png s-3.png "
sums "$W/pages" > "$TMP/pages"
"$DELVE" sheet "$W/mid" -o "$W/pages/s.png" --columns 1 --pick all --title new > /dev/null 2> "$TMP/err" &
pid=$!
wait_for "$W/pages/.s-1.png.delve-tmp-*" || bad "the sheet run staged no page"
kill -INT -- -"$pid"
wait "$pid"; rc=$?
check "SIGINT mid-sheet: exit 130 ($rc: $(cat "$TMP/err"))" \
  sh -c "test $rc = 130 && grep -qx 'delve sheet: interrupted; $W/pages/s.png left as it was' '$TMP/err'"
check "SIGINT mid-sheet: every page as it was, nothing staged left" cmp -s "$TMP/pages" <(sums "$W/pages")
"$DELVE" sheet "$W/mid" -o "$W/pages/s.png" --columns 1 --pick all --title new > /dev/null
check "a finished sheet run moves the three new pages in" \
  test "$(ls -A "$W/pages" | tr '\n' ' ')" = "s-1.png s-2.png s-3.png "
check "  (the new title's, not the old)" bash -c "! cmp -s '$TMP/pages' <(cd '$W/pages' && sha256sum ./s-1.png ./s-2.png ./s-3.png)"
check "no temporary folder or lock anywhere" test -z "$(find "$TMP" -name '.*.delve-*')"
# frame workers still writing when the stop comes: the temporary folder must still go
# (it used to be removed before the workers were joined, and a late frame re-made it)
mkdir -p "$TMP/race"
for t in 0.3 0.5 0.7 0.9 1.1; do
  timeout -s INT $t "$DELVE" film films/scripts/pits-and-stations.film -o "$TMP/race/film" \
    --quiet > /dev/null 2>&1
done
check "SIGINT at five moments: no temporary folder left ($(ls -A "$TMP/race" | tr '\n' ' '))" \
  test -z "$(ls -A "$TMP/race" | grep delve-tmp)"

# --- a file of the earlier film that cannot be removed (chattr +i): the new film goes in,
# a warning names the hidden folder left, and the next run removes it once it can go
mkdir -p "$TMP/stuck"
"$DELVE" film tests/fixtures/short.film -o "$TMP/stuck/f" --quiet > /dev/null 2>&1
echo held > "$TMP/stuck/f/held.txt"
if chattr +i "$TMP/stuck/f/held.txt" 2> /dev/null; then
  "$DELVE" film tests/fixtures/short.film -o "$TMP/stuck/f" --quiet > /dev/null 2> "$TMP/stuck.err"
  rc=$?
  left=$(ls -A "$TMP/stuck" | grep delve-tmp)
  check "an unremovable file: exit 0, the new film in place (rc $rc)" \
    sh -c "test $rc = 0 && test -s '$TMP/stuck/f/sheet.png' && test ! -e '$TMP/stuck/f/held.txt'"
  check "  and a warning names what is left ($(cat "$TMP/stuck.err"))" \
    grep -q "delve film: warning: part of the earlier film could not be removed and is left in .*$left" "$TMP/stuck.err"
  check "  which keeps its marker and the file" test -f "$TMP/stuck/$left/.delve-output" -a -f "$TMP/stuck/$left/held.txt"
  chattr -i "$TMP/stuck/$left/held.txt"
  "$DELVE" film tests/fixtures/short.film -o "$TMP/stuck/f" --quiet > /dev/null 2>&1
  check "  the next run removes it" test "$(ls -A "$TMP/stuck")" = f
else
  echo "skip chattr +i is not possible here: the unremovable file's checks"
fi
finish
