# --video: film.mp4 and film.gif through ffmpeg found on PATH at run time; without
# ffmpeg a note and exit 0. A stand-in ffmpeg checks how delve calls it; the real one
# checks the files (without it the test ends skipped, exit 77).
. tests/lib.bash "$@"
fake="$TMP/bin"
mkdir -p "$fake"
cat > "$fake/ffmpeg" <<'SH'
#!/bin/sh
# stand-in: log the arguments, write the last one (the output) as a small file
echo "$@" >> "${0%/*}/calls"
for last; do :; done
printf 'fake video\n' > "$last"
[ -f frame_0001.png ] || echo "not run in the frames folder" >> "${0%/*}/calls"
SH
chmod +x "$fake/ffmpeg"
PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/f" --quiet --video > "$TMP/out"
check "with a stand-in ffmpeg: exit 0" test $? = 0
check "film.mp4 renamed into place" test -s "$TMP/f/film.mp4"
check "film.gif renamed into place" test -s "$TMP/f/film.gif"
check "no temporary video left" test -z "$(ls "$TMP/f" | grep tmp)"
check "ffmpeg read the frames at 12 fps, from the frames folder" grep -q -- "-nostdin -y -loglevel error -framerate 12 -i frame_%04d.png" "$fake/calls"
check "two runs of ffmpeg, both in the frames folder" test "$(wc -l < "$fake/calls")" = 2
check "says where the video went" grep -q "video   $TMP/f/film.mp4" "$TMP/out"
empty="$TMP/empty"
mkdir -p "$empty"
PATH="$empty" "$DELVE" film tests/fixtures/short.film -o "$TMP/g" --quiet --video > "$TMP/out2"
check "without ffmpeg: exit 0" test $? = 0
check "without ffmpeg: a clear note" grep -q "ffmpeg is not installed" "$TMP/out2"
check "without ffmpeg: no video" test ! -e "$TMP/g/film.mp4"
"$DELVE" film tests/fixtures/short.film -o "$TMP/f" --quiet > /dev/null
check "a run without --video clears the last run's video" test ! -e "$TMP/f/film.mp4"
if needs "the real ffmpeg's video (Debian's ffmpeg)" ffmpeg ffprobe; then
  # a folder name ffmpeg would read as a pattern or an option, and stdin left alone
  mkdir -p "$TMP/r"
  echo "keep me" | (cd "$TMP/r" && "$DELVE" film "$OLDPWD/tests/fixtures/short.film" -o '-100%d' \
    --quiet --video > /dev/null && cat > "$TMP/stdin-left")
  check "real ffmpeg: an odd folder name works" test -s "$TMP/r/-100%d/film.mp4"
  check "real ffmpeg: stdin left to the caller" grep -q "keep me" "$TMP/stdin-left"
  mv "$TMP/r/-100%d" "$TMP/r2" && rm -rf "$TMP/r" && mv "$TMP/r2" "$TMP/r"
  n=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames \
      -of csv=p=0 "$TMP/r/film.mp4")
  frames=$(ls "$TMP/r/frames" | wc -l)
  check "real ffmpeg: film.mp4 has every frame ($n of $frames)" test "$n" = "$frames"
  check "real ffmpeg: film.gif written" test -s "$TMP/r/film.gif"
fi
finish
