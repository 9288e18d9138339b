# --video: film.mp4 and film.gif (and film.webp when asked) through ffmpeg found on PATH
# at run time, two runs each fed raw frames through a pipe of its own while the film
# renders (the MP4's every frame as yuv420p, the GIF's and WebP's every third frame,
# an event's frame in place of its window's first, scaled down as BGRA, after the GIF's palette samples); without ffmpeg a note and exit
# 0. A stand-in ffmpeg checks how delve calls it (the encoders' options, the palette
# made of the samples), that every frame's bytes come down the pipes, that the samples
# are frames of the GIF picked over the whole film and from each stretch of it (the
# fall from the side, each floor), and that Ctrl-C during encoding leaves nothing
# behind, both runs stopped; the real one checks the files:
# H.264 yuv420p at 12 fps with every frame, a film's `fps 24` reaching the MP4, the
# default film's GIF 640 px wide, a third of the frames and under 5 MB, the MP4's and
# the GIF's pictures close to the PNG frames (colours, not swapped channels), an odd
# frame size, an animated WebP (without ffmpeg the test ends skipped, exit 77;
# scripts/deps.sh --test installs it).
. "${0%/*}/lib.bash" "$@" || exit 2
set -m # job control: each background run is its own process group, SIGINT not ignored
fake="${TMP:?tests/lib.bash sets it: run from the source folder}/bin"
mkdir -p "$fake"
cat > "$fake/ffmpeg" <<'SH'
#!/bin/sh
# stand-in: log the arguments, write each output (a .mp4, .gif or .webp argument) as a
# small file, count the bytes of frames read from stdin into "bytes-OUTPUT" (its last
# argument), or with FAKE_KEEP keep them in "stream-OUTPUT"; with FAKE_SLOW set to
# sleep's path (PATH holds only this folder), read nothing and wait to be stopped
echo "$@" >> "${0%/*}/calls"
echo "tunables: ${GLIBC_TUNABLES:-none}" >> "${0%/*}/env"
for last; do :; done
case "$PWD" in */.*.delve-tmp-*) ;; *) echo "not run in the film's folder" >> "${0%/*}/calls" ;; esac
for a; do
  case "$a" in *.mp4|*.gif|*.webp) printf 'fake video\n' > "$a" ;; esac
done
if [ -n "${FAKE_SLOW:-}" ]; then echo $$ >> "${0%/*}/pid"; exec "$FAKE_SLOW" 60; fi
if [ -n "${FAKE_FAIL:-}" ]; then echo "Unknown encoder 'libx264'" >&2; exit 1; fi
if [ -n "${FAKE_QUIT:-}" ]; then exit 0; fi         # stops reading, says all went well
if [ -n "${FAKE_SEGV:-}" ]; then kill -SEGV $$; fi  # dies of a signal
if [ -n "${FAKE_FAIL_GIF:-}" ] && [ "$last" = film.tmp.gif ]; then echo "No such filter: 'palettegen'" >&2; exit 1; fi
if [ -n "${FAKE_KEEP:-}" ]; then CAT > "${0%/*}/stream-$last"; exit 0; fi
WC -c > "${0%/*}/bytes-$last"
SH
sed -i "s|^WC |$(command -v wc) |; s|CAT > |$(command -v cat) > |" "$fake/ffmpeg"
# film.gif's frames as film frame numbers, from events.tsv $1 at EVERY film frames a GIF
# frame (films/take.h take_gif_plan, done again the obvious way): each window's first
# frame, unless an event's frame (plates, a tube tick's first fall row, land, heal, dry,
# burn, death, floor) is in it or waits from an earlier window; late ones after the end
gif_plan() {
  awk -F'\t' -v every="$2" 'NR > 1 {
      m[$1] = $6 ~ /^(plates|land|heal|dry|burn|death|floor)$/ || ($6 == "fall" && !(f && $2 == t))
      f = $6 == "fall"; t = $2; n = $1 }
    END { e = 1
      for (a = 1; ; a += every) {
        while (e <= n && !m[e]) e++
        if (e <= n && e < a + every) print e++; else if (a <= n) print a; else break } }' "$1"
}
chmod +x "$fake/ffmpeg"
PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/f" --quiet --video > "$TMP/out"
check "with a stand-in ffmpeg: exit 0" test $? = 0
check "film.mp4 renamed into place" test -s "$TMP/f/film.mp4"
check "film.gif renamed into place" test -s "$TMP/f/film.gif"
check "no temporary video left" test -z "$(ls "$TMP/f" | grep tmp)"
check "ffmpeg's malloc keeps large frames on the heap (GLIBC_TUNABLES)" \
  test "$(grep -c '^tunables: glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=268435456$' "$fake/env")" = 2
rm -f "$fake/env"
cp "$fake/calls" "$fake/calls.first" # the checks below read the first run's calls
GLIBC_TUNABLES=glibc.malloc.arena_max=1 PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/g" --quiet --video > "$TMP/out2"
mv "$fake/calls.first" "$fake/calls"
check "a GLIBC_TUNABLES of the user's own reaches ffmpeg as it is" \
  test "$(grep -c '^tunables: glibc.malloc.arena_max=1$' "$fake/env")" = 2
check "the MP4's ffmpeg reads 960x540 yuv420p frames at 12 fps from a pipe" grep -q -- "-nostdin -y -loglevel error -f rawvideo -pixel_format yuv420p -video_size 960x540 -framerate 12 -i pipe:0 -threads [01] -c:v libx264 " "$fake/calls"
check "the GIF's ffmpeg reads 640x360 BGRA frames at 4 fps from a pipe" grep -q -- "-nostdin -y -loglevel error -f rawvideo -pixel_format bgra -video_size 640x360 -framerate 4 -i pipe:0 -filter_complex " "$fake/calls"
check "two runs of ffmpeg, in the film's folder ($(cat "$fake/calls"))" \
  test "$(wc -l < "$fake/calls")" = 2 -a "$(grep -c 'not run' "$fake/calls")" = 0
frames=$(ls "$TMP/f/frames" | wc -l)
check "every frame's pixels down the MP4's pipe ($(cat "$fake/bytes-film.tmp.mp4") bytes, $frames frames)" \
  test "$(cat "$fake/bytes-film.tmp.mp4")" = $((frames * 960 * 540 * 3 / 2))
samples=$(sed -n 's/.*trim=end_frame=\([0-9]*\),palettegen.*/\1/p' "$fake/calls")
check "the GIF's palette samples: 8 spread over the film, frame 1 and the fall's first (in the GIF as an event), the first of their stretches ($samples)" \
  test "$samples" = 10
check "the palette samples, then every third frame down the GIF's pipe ($(cat "$fake/bytes-film.tmp.gif") bytes)" \
  test "$(cat "$fake/bytes-film.tmp.gif")" = $(((samples + (frames + 2) / 3) * 640 * 360 * 4))
check "the GIF's frames: 21 of 63, the plates (25), the tube ticks' first (26 a window late, 38, 50) and the landing (62) in place of their windows' first" \
  test "$(gif_plan "$TMP/f/events.tsv" 3 | tr '\n' ' ')" = "1 4 7 10 13 16 19 22 25 26 31 34 38 40 43 46 50 52 55 58 62 "
check "mp4: H.264, yuv420p, 12 fps" grep -q -- "yuv420p.*-c:v libx264 .*-r 12 film.tmp.mp4" "$fake/calls"
check "mp4: x264 ultrafast at a fixed quantiser of 20" \
  grep -q -- "-c:v libx264 -preset ultrafast -qp 20 -colorspace smpte170m -color_range tv " "$fake/calls"
check "gif: a third of the rate, 640 px, one palette made of the samples, the frames after them mapped to it as they come, no transparency" \
  grep -q -- "-video_size 640x360 -framerate 4 -i pipe:0 -filter_complex \[0:v\]split\[s\]\[f\];\[s\]trim=end_frame=$samples,palettegen=max_colors=64:stats_mode=full\[p\];\[f\]trim=start_frame=$samples,setpts=PTS-STARTPTS\[g\];\[g\]\[p\]paletteuse=dither=none:diff_mode=rectangle\[go\] -map \[go\] -gifflags -transdiff film.tmp.gif" "$fake/calls"
check "no webp unless asked" sh -c "! grep -q webp '$fake/calls'"
# the palette's samples are frames of the GIF: 8 spread over the film and the first GIF
# frame of each stretch drawn alike. The default film with a fall of 3 frames (no slow
# motion) has it between the spread ones: only the stretch rule puts the side view in
# the palette. A GIF 160 px wide keeps what the stand-in keeps small.
{ cat films/scripts/pits-and-stations.film; echo "fall slow=off"; } > "$TMP/quickfall.film"
rm "$fake/calls"
FAKE_KEEP=1 PATH="$fake" "$DELVE" film "$TMP/quickfall.film" -o "$TMP/q" --quiet --video gif --gif-width 160 > /dev/null
k=$(sed -n 's/.*trim=end_frame=\([0-9]*\),palettegen.*/\1/p' "$fake/calls")
n=$(ls "$TMP/q/frames" | wc -l)
size=$((160 * 90 * 4))
plan=$(gif_plan "$TMP/q/events.tsv" 3)
check "quick fall: $k samples, then the plan's $(echo "$plan" | wc -l) GIF frames of the $n frames down the GIF's pipe" \
  test "$(wc -c < "$fake/stream-film.tmp.gif")" = $(((k + $(echo "$plan" | wc -l)) * size))
mkdir "$TMP/chunks"
split -b $size -a 4 -d "$fake/stream-film.tmp.gif" "$TMP/chunks/c"
# each sample as the film frame whose GIF frame it equals
echo "$plan" > "$TMP/plan"
picked=$( (cd "$TMP/chunks" && md5sum c*) | awk -v k="$k" -v plan="$TMP/plan" '
  BEGIN { while ((getline l < plan) > 0) g[j++] = l }
  { i = substr($2, 2) + 0; if (i < k) s[i] = $1; else if (!($1 in f)) f[$1] = g[i - k] }
  END { for (i = 0; i < k; i++) printf "%s%s", i ? " " : "", (s[i] in f) ? f[s[i]] : "none" }')
fall=$(awk -F'\t' '$6 == "fall" { print $1; exit }' "$TMP/q/events.tsv")
land=$(awk -F'\t' '$6 == "land" { print $1; exit }' "$TMP/q/events.tsv")
check "quick fall: the samples are GIF frames, frame 1, 22 ... 342 spread over the film, the fall's first ($fall, from the side), the landing ($land) and the first on floor 2 from above (190, after the landing's 17 held frames) ($picked)" \
  test "$picked" = "1 22 67 115 150 168 171 190 205 250 298 342" -a "$fall" = 168 -a "$land" = 171
rm -r "$TMP/chunks" "$fake/stream-film.tmp.gif"
rm "$fake/calls"
PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/f" --quiet --video mp4,webp > "$TMP/out"
check "--video mp4,webp: exit 0, film.webp, no film.gif" \
  test -s "$TMP/f/film.webp" -a -s "$TMP/f/film.mp4" -a ! -e "$TMP/f/film.gif"
check "--video mp4,webp: WebP through libwebp_anim, no palette" \
  grep -q -- "-framerate 4 -i pipe:0 -filter_complex \[0:v\]null\[wo\] -map \[wo\] -c:v libwebp_anim .* film.tmp.webp" "$fake/calls"
rm "$fake/calls"
PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/f" --quiet --video gif,webp > /dev/null
check "--video gif,webp: one run, the film's frames (not the samples) to both" \
  test "$(grep -c -- '-filter_complex \[0:v\]split\[s\]\[f\];\[s\]trim=end_frame=10,palettegen.*;\[f\]trim=start_frame=10,setpts=PTS-STARTPTS,split\[g\]\[wo\];\[g\]\[p\]paletteuse.* -map \[go\] -gifflags -transdiff film.tmp.gif -map \[wo\] -c:v libwebp_anim' "$fake/calls")" = 1 -a "$(wc -l < "$fake/calls")" = 1
check "--video mp4,webp: says so" grep -q "video   $TMP/f/film.mp4, $TMP/f/film.webp\$" "$TMP/out"
rm "$fake/calls"
PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/f" --quiet --video gif > /dev/null
check "--video gif: one run, no H.264" sh -c "test $(wc -l < "$fake/calls") = 1 && ! grep -q 'libx264\|yuv420p' '$fake/calls'"
"$DELVE" film tests/fixtures/short.film -o "$TMP/f" --video avi 2> "$TMP/err"; rc=$?
check "--video avi: not a format, so a second script: a usage error ($(cat "$TMP/err"))" test $rc = 2
# fps 24 in the script: the MP4 at 24, the GIF at 8
{ cat tests/fixtures/short.film; echo "fps 24"; } > "$TMP/fps24.film"
rm "$fake/calls"
PATH="$fake" "$DELVE" film "$TMP/fps24.film" -o "$TMP/f24" --quiet --video > /dev/null
check "fps 24: the MP4's ffmpeg reads at 24 and the GIF's at 8" \
  sh -c "grep -q -- '-framerate 24 -i pipe:0 .*-r 24 film.tmp.mp4' '$fake/calls' && grep -q -- '-framerate 8 -i pipe:0 .*film.tmp.gif' '$fake/calls'"
# fps 10: a third of it is no whole number; the GIF plays at 10/3, as long as the MP4
{ cat tests/fixtures/short.film; echo "fps 10"; } > "$TMP/fps10.film"
rm "$fake/calls"
PATH="$fake" "$DELVE" film "$TMP/fps10.film" -o "$TMP/f10" --quiet --video > /dev/null
check "fps 10: the GIF's ffmpeg reads at 10/3" grep -q -- "-framerate 10/3 -i pipe:0 .*film.tmp.gif" "$fake/calls"
rm "$fake/calls"
PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/f" --quiet --video --gif-width 480 > /dev/null
check "--gif-width 480: the GIF's frames are 480 x 270" grep -q -- "-pixel_format bgra -video_size 480x270 " "$fake/calls"
rm "$fake/calls"
PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/f2" --quiet --video --video=WebP > /dev/null
check "--video --video=WebP: the bare one's mp4 and gif, and webp" sh -c \
  "grep -q 'film.tmp.mp4' '$fake/calls' && grep -q 'film.tmp.gif' '$fake/calls' && grep -q 'film.tmp.webp' '$fake/calls'"
rm "$fake/calls"
PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/f2" --quiet --video=webp > /dev/null
check "--video=webp: webp alone" sh -c \
  "grep -q 'film.tmp.webp' '$fake/calls' && ! grep -q 'film.tmp.mp4' '$fake/calls' && ! grep -q 'film.tmp.gif' '$fake/calls'"
# --gif-fps 2: the GIF's own rate, a GIF frame every 6 of the film's 12 a second, the
# walk on the film's clock (the same 63 frames); every event frame still in it
rm "$fake/calls"
FAKE_KEEP=1 PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/g2" --quiet --video gif --gif-fps 2 > /dev/null
k=$(sed -n 's/.*trim=end_frame=\([0-9]*\),palettegen.*/\1/p' "$fake/calls")
plan=$(gif_plan "$TMP/g2/events.tsv" 6 | tr '\n' ' ')
check "--gif-fps 2: the GIF's ffmpeg reads at 2 fps" grep -q -- "-framerate 2 -i pipe:0 .*film.tmp.gif" "$fake/calls"
check "--gif-fps 2: the film keeps its 63 frames" test "$(ls "$TMP/g2/frames" | wc -l)" = 63
check "--gif-fps 2: 11 GIF frames, the plates, each tube tick's first and the landing among them ($plan)" \
  test "$plan" = "1 7 13 19 25 26 38 43 50 55 62 "
check "--gif-fps 2: $k samples and 11 GIF frames down the pipe" \
  test "$(wc -c < "$fake/stream-film.tmp.gif")" = $(((k + 11) * 640 * 360 * 4))
rm -f "$fake/stream-film.tmp.gif"
"$DELVE" film tests/fixtures/short.film -o "$TMP/f" --gif-fps 2 2> "$TMP/err"; rc=$?
check "--gif-fps without --video: a usage error ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -q 'gif-fps sets the frame rate of film.gif, which only --video makes' '$TMP/err'"
"$DELVE" film tests/fixtures/short.film -o "$TMP/f" --video --gif-fps 51 2> "$TMP/err"; rc=$?
check "--gif-fps 51: a usage error, GIF delays are hundredths of a second ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -q 'gif-fps' '$TMP/err' && grep -q '1\.\.50' '$TMP/err'"
"$DELVE" film tests/fixtures/short.film -o "$TMP/f" --video mp4 --gif-fps 2 2> "$TMP/err"; rc=$?
check "--gif-fps with --video mp4: a usage error ($(cat "$TMP/err"))" test $rc = 2
PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/f13" --video --gif-fps 13 2> "$TMP/err"; rc=$?
check "--gif-fps 13 on a 12 fps film: exit 2, nothing written ($(cat "$TMP/err"))" \
  sh -c "test $rc = 2 && grep -qF -- '--gif-fps 13 is above the film'\''s 12 frames a second' '$TMP/err' && test ! -e '$TMP/f13'"
"$DELVE" film tests/fixtures/short.film -o "$TMP/f" --gif-width 100 2> "$TMP/err"; rc=$?
check "--gif-width 100: a usage error ($(cat "$TMP/err"))" test $rc = 2
# Ctrl-C (SIGINT to the process group) while the encoder runs: exit 130, the earlier
# film as it was, no temporary folder, no encoder left
"$DELVE" film tests/fixtures/short.film -o "$TMP/c/film" --quiet > /dev/null
before=$(cd "$TMP/c/film" && find . -type f | sort | xargs sha256sum)
rm -f "$fake/pid"
FAKE_SLOW=$(command -v sleep) PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/c/film" --quiet --video \
  > /dev/null 2> "$TMP/err" &
pid=$!
for i in $(seq 400); do [ "$(wc -l < "$fake/pid" 2> /dev/null)" = 2 ] && break; sleep 0.05; done
check "both stand-in encoders started" test "$(wc -l < "$fake/pid")" = 2
kill -INT -- -"$pid"
wait "$pid"; rc=$?
check "SIGINT while encoding: exit 130 (rc $rc: $(cat "$TMP/err"))" test $rc = 130
check "SIGINT while encoding: the earlier film byte for byte" \
  test "$before" = "$(cd "$TMP/c/film" && find . -type f | sort | xargs sha256sum)"
check "SIGINT while encoding: nothing beside it ($(ls -A "$TMP/c" | tr '\n' ' '))" \
  test "$(ls -A "$TMP/c")" = film
check "SIGINT while encoding: both encoders are gone" sh -c "! kill -0 $(head -1 "$fake/pid") 2> /dev/null && ! kill -0 $(tail -1 "$fake/pid") 2> /dev/null"
# an ffmpeg that neither reads nor ends is said to hang after VIDEO_WAIT_NOTE_S (5 s),
# even when stderr is no terminal; SIGTERM then stops the run as ever
FAKE_SLOW=$(command -v sleep) PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/c/film" --video \
  > /dev/null 2> "$TMP/err" &
pid=$!
for i in $(seq 240); do grep -q "still waiting" "$TMP/err" 2> /dev/null && break; sleep 0.05; done
check "a hung ffmpeg is said after 5 s ($(cat "$TMP/err"))" \
  grep -qx "delve film: still waiting for ffmpeg after 5 s (it neither reads nor ends); Ctrl-C stops it" "$TMP/err"
kill -TERM "$pid"
wait "$pid"; rc=$?
check "  SIGTERM then: exit 143 (rc $rc), the earlier film as it was" \
  test $rc = 143 -a "$before" = "$(cd "$TMP/c/film" && find . -type f | sort | xargs sha256sum)"
# a failing stand-in (FAKE_X=1) makes the film fail: exit 2 with a message matching
# PATTERN (grep's basic regex), the earlier film byte for byte, nothing beside it
video_fails() { # video_fails FAKE_X NAME PATTERN
  env "$1=1" PATH="$fake" "$DELVE" film tests/fixtures/short.film -o "$TMP/c/film" --quiet \
    --video > /dev/null 2> "$TMP/err"; local rc=$?
  check "$2: exit 2 with its message ($(cat "$TMP/err"))" \
    sh -c "test $rc = 2 && grep -q \"\$0\" '$TMP/err'" "$3"
  check "$2: the earlier film byte for byte, nothing beside it ($(ls -A "$TMP/c" | tr '\n' ' '))" \
    test "$before" = "$(cd "$TMP/c/film" && find . -type f | sort | xargs sha256sum)" -a "$(ls -A "$TMP/c")" = film
}
# an ffmpeg that dies without reading (its last line said), that stops reading and exits
# 0, that dies of a signal, and the GIF's run failing while the MP4's goes on
video_fails FAKE_FAIL "ffmpeg failing" "ffmpeg failed.*(exit 1): Unknown encoder 'libx264'"
video_fails FAKE_QUIT "ffmpeg quitting early with status 0" \
  "ffmpeg stopped reading the frames and exited (status 0) before the film's end"
video_fails FAKE_SEGV "ffmpeg killed by a signal" "ffmpeg was killed by signal 11 (Segmentation fault)"
video_fails FAKE_FAIL_GIF "the GIF's ffmpeg failing" "ffmpeg failed.*(exit 1): No such filter: 'palettegen'"
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
  # the default film, as a person would post it
  "$DELVE" film -o "$TMP/d" --quiet --video > /dev/null
  probe=$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,pix_fmt,r_frame_rate \
          -of csv=p=0 "$TMP/d/film.mp4")
  check "default film: film.mp4 is h264, yuv420p, 12 fps ($probe)" test "$probe" = "h264,yuv420p,12/1"
  probe=$(ffprobe -v error -select_streams v:0 -show_entries stream=color_space,color_range \
          -of csv=p=0 "$TMP/d/film.mp4")
  check "default film: film.mp4 says BT.601 limited range, as delve made it ($probe)" \
    test "$probe" = "tv,smpte170m"
  "$DELVE" film "$TMP/fps24.film" -o "$TMP/r24" --quiet --video mp4,gif,webp > /dev/null
  probe=$(ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate,nb_frames \
          -of csv=p=0 "$TMP/r24/film.mp4")
  frames=$(ls "$TMP/r24/frames" | wc -l)
  check "fps 24: film.mp4 at 24 fps with every frame ($probe, $frames frames)" \
    test "$probe" = "24/1,$frames"
  magic=$(od -An -c -j8 -N8 "$TMP/r24/film.webp" | tr -d ' ')
  anmf=$(grep -a -o ANMF "$TMP/r24/film.webp" | wc -l)
  ww=$(od -An -tu1 -j24 -N3 "$TMP/r24/film.webp" | awk '{ print 1 + $1 + 256 * $2 + 65536 * $3 }')
  check "real ffmpeg: film.webp an animated WebP 640 px wide ($magic, $ww px, $anmf frame chunks)" \
    test "$magic" = "WEBPVP8X" -a "$ww" = 640 -a "$anmf" -ge 2
  size=$(wc -c < "$TMP/d/film.gif")
  check "default film: film.gif under 5 MB ($size bytes)" test "$size" -lt 5000000
  gw=$(od -An -tu1 -j6 -N2 "$TMP/d/film.gif" | awk '{ print $1 + 256 * $2 }')
  check "default film: film.gif 640 px wide ($gw)" test "$gw" = 640
  n=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames \
      -of csv=p=0 "$TMP/d/film.gif")
  frames=$(ls "$TMP/d/frames" | wc -l)
  gif_plan "$TMP/d/events.tsv" 3 > "$TMP/d-plan"
  check "default film: film.gif has every third frame, an event's in its window ($n of $frames)" \
    test "$n" = $(((frames + 2) / 3)) -a "$n" = "$(wc -l < "$TMP/d-plan")"
  # the pictures against the PNG frames (PSNR in dB over every frame: a swapped channel
  # or a wrong matrix gives about 30, these files 48.8 and 40.9; x264 at -qp 24 gives
  # 45.9 and at -qp 28 43.6, so the MP4 must pass 46; a palette counted from the
  # changed pixels only, which turned the HUD's steady blues teal, gave the GIF 34); the
  # GIF's against the plan's frames (gif_plan) scaled alike
  db=$(ffmpeg -nostdin -v info -i "$TMP/d/film.mp4" -framerate 12 -i "$TMP/d/frames/frame_%04d.png" \
       -lavfi "[1:v]format=yuv420p[r];[0:v][r]psnr" -f null - 2>&1 | sed -n 's/.* average:\([0-9.]*\).*/\1/p')
  check "default film: film.mp4 looks like the frames (PSNR $db dB)" awk -v d="$db" 'BEGIN { exit !(d > 46) }'
  mkdir "$TMP/d-gif" # the plan's frames in GIF order (an ffmpeg select of 133 terms is too long)
  awk -v d="$TMP/d" '{ printf "ln -s %s/frames/frame_%04d.png %s-gif/g_%04d.png\n", d, $1, d, NR }' "$TMP/d-plan" | sh
  db=$(ffmpeg -nostdin -v info -i "$TMP/d/film.gif" -framerate 4 -i "$TMP/d-gif/g_%04d.png" \
       -lavfi "[0:v]format=rgb24[g];[1:v]scale=640:-2:flags=area,format=rgb24,setpts=N/4/TB[r];[g]setpts=N/4/TB[g2];[g2][r]psnr" \
       -f null - 2>&1 | sed -n 's/.* average:\([0-9.]*\).*/\1/p')
  check "default film: film.gif looks like the plan's frames (PSNR $db dB)" awk -v d="$db" 'BEGIN { exit !(d > 38) }'
  # an odd frame size: the MP4 drops the last column and row (4:2:0 wants even sides)
  sed 's/^frame .*/frame   961x541/' tests/fixtures/short.film > "$TMP/odd.film"
  "$DELVE" film "$TMP/odd.film" -o "$TMP/odd" --quiet --video > /dev/null
  probe=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0 "$TMP/odd/film.mp4")
  check "961 x 541 frames: film.mp4 is 960 x 540 ($probe)" test "$probe" = "960,540"
  probe=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0 "$TMP/odd/film.gif")
  check "961 x 541 frames: film.gif is 640 x 360 ($probe)" test "$probe" = "640,360"
  # Ctrl-C while the real encoder runs
  "$DELVE" film tests/fixtures/short.film -o "$TMP/e/film" --quiet > /dev/null
  before=$(cd "$TMP/e/film" && find . -type f | sort | xargs sha256sum)
  "$DELVE" film -o "$TMP/e/film" --quiet --video > /dev/null 2>&1 &
  pid=$!
  for i in $(seq 1200); do compgen -G "$TMP/e/.film.delve-tmp-*/film.tmp.mp4" > /dev/null && break; sleep 0.05; done
  check "real ffmpeg started writing" compgen -G "$TMP/e/.film.delve-tmp-*/film.tmp.mp4"
  kill -INT -- -"$pid"
  wait "$pid"; rc=$?
  check "real ffmpeg, SIGINT: exit 130 (rc $rc)" test $rc = 130
  check "real ffmpeg, SIGINT: the earlier film byte for byte" \
    test "$before" = "$(cd "$TMP/e/film" && find . -type f | sort | xargs sha256sum)"
  check "real ffmpeg, SIGINT: nothing beside it ($(ls -A "$TMP/e" | tr '\n' ' '))" \
    test "$(ls -A "$TMP/e")" = film
fi
finish
