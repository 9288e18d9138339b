# An external generator (docs/generators.md): examples/gen_rooms.py's dungeons pass
# delve check over a range and make a shot and a shot set whose catalog reruns it; each
# fault a generator can make is said with the seed, the command and why (exit code and
# its stderr, nothing printed, a bad .dun at output:line:col, a hang killed with its
# process group, stderr on success a warning), exit 2 and nothing half written.
. "${0%/*}/lib.bash" "$@" || exit 2
needs "external generators" python3 || { finish; exit; }
GEN="python3 examples/gen_rooms.py --seed {seed} --floors {floors}"
F="$TMP/fake"  # the fault generators, one shell script each
mkdir -p "$F"

"$DELVE" check --generator "$GEN" --seeds 1-20 > "$TMP/out" 2> "$TMP/err"; rc=$?
check "gen_rooms.py: seeds 1-20 pass delve check (rc $rc)" test $rc = 0
check "gen_rooms.py: no findings" grep -q "seeds 1-20: 20 dungeons, 0 errors, 0 warnings, 0 not generated" "$TMP/out"
python3 examples/gen_rooms.py --seed 7 --floors 2 > "$TMP/a.dun"
python3 examples/gen_rooms.py --seed 7 --floors 2 --out "$TMP/b.dun"
check "gen_rooms.py: the same seed, the same bytes; --out as stdout" cmp -s "$TMP/a.dun" "$TMP/b.dun"
check "gen_rooms.py: 2 floors as asked" grep -qx "floors 2" "$TMP/a.dun"
"$DELVE" check "$TMP/a.dun" > /dev/null
check "gen_rooms.py: its file passes delve check" test $? = 0

# a shot: the generator's dungeon drawn as delve shot --dun draws the same file
"$DELVE" shot --generator "$GEN" --seed 7 --floors 2 --floor 2 -o "$TMP/g.png" > "$TMP/out" 2> "$TMP/err"
check "shot --generator: exit 0 ($(cat "$TMP/err"))" test $? = 0
"$DELVE" shot --dun "$TMP/a.dun" --floor 2 -o "$TMP/d.png" > /dev/null
check "shot --generator: the bytes of shot --dun of its output" cmp -s "$TMP/g.png" "$TMP/d.png"
"$DELVE" shot --generator "python3 examples/gen_rooms.py --seed {seed} --floors {floors} --out {out}" \
  --seed 7 --floors 2 --floor 2 -o "$TMP/o.png" > /dev/null 2>&1
check "shot --generator with {out}: the same picture" cmp -s "$TMP/g.png" "$TMP/o.png"
"$DELVE" shot --generator-shell --generator "$GEN | cat" --seed 7 --floors 2 --floor 2 -o "$TMP/s.png" > /dev/null 2>&1
check "--generator-shell: a pipe through sh -c" cmp -s "$TMP/g.png" "$TMP/s.png"

# a shot set: the catalog's shot line runs the generator again
"$DELVE" shot --generator "$GEN" --seeds 4-6 --jobs 2 -o "$TMP/set" > "$TMP/out" 2> "$TMP/err"
check "shot set --generator: exit 0" test $? = 0
check "shot set: 9 shots" grep -q "^delve shot: 9 shots and" "$TMP/out"
check "catalog: the generator line" grep -qxF "# generator: --generator '$GEN' --floors 3" "$TMP/set/catalog.tsv"
check "catalog: of delve's settings, floors alone" grep -qxF "# settings: floors=3" "$TMP/set/catalog.tsv"
check "catalog: its view line runs the generator" grep -qxF "# view: delve view --generator '$GEN' --floors 3 --seed SEED --floor FLOOR" "$TMP/set/catalog.tsv"
line=$(sed -n 's/^# shot: delve //p' "$TMP/set/catalog.tsv" | sed 's/SEED/5/; s/FLOOR/3/; s|OUT.png|'"$TMP/r.png"'|')
eval "\"\$DELVE\" $line" > /dev/null 2> "$TMP/e" || cat "$TMP/e"
check "catalog: its shot line makes seed 5 floor 3 again" cmp -s "$TMP/r.png" "$TMP/set/seed-00000000000000000005-floor-03.png"
"$DELVE" shot --generator "$GEN" --seeds 4-6 --jobs 1 -o "$TMP/set1" > /dev/null 2>&1
check "shot set: the same bytes for --jobs 1 and 2" diff -r -I '^# command: ' "$TMP/set" "$TMP/set1"

# --draw keeps a catalog's lines only when the same generator made them
"$DELVE" shot --generator "$GEN" --seeds 4-6 --no-images -o "$TMP/nd" > /dev/null 2>&1
printf '5\t1\n' > "$TMP/draw.tsv"
"$DELVE" shot --generator "$GEN" --seeds 4-6 --draw "$TMP/draw.tsv" -o "$TMP/nd" > /dev/null 2>&1
check "--draw, same generator: the catalog's lines kept, one floor drawn" \
  test "$(grep -v '^#' "$TMP/nd/catalog.tsv")" = "$(grep -v '^#' "$TMP/set/catalog.tsv")" -a "$(ls "$TMP/nd" | grep -c png)" = 1
"$DELVE" shot --generator "$GEN --floors 2" --seeds 4-6 --draw "$TMP/draw.tsv" -o "$TMP/nd" > /dev/null 2>&1
check "--draw, another generator: every seed made again" test "$(grep -cP '^4\t3\t' "$TMP/nd/catalog.tsv")" = 0

# a film: dungeon generator="..." and a save of it that runs the generator again
printf 'film "Mine"\ndungeon generator="%s" seed=1 floors=2\nframe 480x270\nrecord every=10\nevents hold=off\nwalk to=pit\nsave after.sav\n' "$GEN" > "$TMP/g.film"
"$DELVE" film "$TMP/g.film" -o "$TMP/film" > "$TMP/out" 2> "$TMP/err"
check "film: generator= makes its dungeon ($(cat "$TMP/err"))" grep -q 'seed 1, 2 floors' "$TMP/out"
check "film: its save's source names the generator" grep -qxF "source generator=\"$GEN\" seed=1 floors=2" "$TMP/film/after.sav"
"$DELVE" shot --load "$TMP/film/after.sav" --floor 2 -o "$TMP/l.png" > /dev/null 2>&1
check "film: the save loads by running the generator" test -s "$TMP/l.png"
printf 'film "Bad"\ndungeon generator="%s {sed}" seed=1\n' "$GEN" > "$TMP/bad.film"
"$DELVE" film "$TMP/bad.film" -o "$TMP/badfilm" > /dev/null 2> "$TMP/err"
col=$(( $(printf 'dungeon generator="%s ' "$GEN" | wc -c) + 1 ))
check "film: a bad template is an error at its column in the script ($(cat "$TMP/err"))" grep -q "bad.film:2:$col: generator: unknown placeholder {sed}" "$TMP/err"
printf 'film "Fails"\ndungeon generator="%s/four.sh {seed}" seed=4\nwalk to=pit\n' "$F" > "$TMP/fails.film"

# the viewer: --generator, n steps the seed, c copies commands that run it
"$DELVE" view --headless --generator "$GEN" --seed 4 --keys "n c" --screenshot "$TMP/vn.png" > "$TMP/vn.out" 2>&1
"$DELVE" view --headless --generator "$GEN" --seed 5 --keys c --screenshot "$TMP/v5.png" > /dev/null 2>&1
check "view --generator: n draws the next seed's dungeon" cmp -s "$TMP/vn.png" "$TMP/v5.png"
check "view --generator: c's shot line runs the generator" grep -qF "copied: delve shot --generator '$GEN' --floors 3 --seed 5 --floor 1" "$TMP/vn.out"
"$DELVE" view --headless --generator "$GEN" --type caves --screenshot "$TMP/x.png" > /dev/null 2> "$TMP/e"
check "view --generator --type: a usage error" test $? = 2

# the faults, each a script: exit code, nothing, a bad .dun, a hang, stderr on success
printf '#!/bin/sh\necho "reading the seed" >&2\necho "gen: no room for seed $1" >&2\nexit 3\n' > "$F/exit3.sh"
printf '#!/bin/sh\nexit 0\n' > "$F/silent.sh"
printf '#!/bin/sh\nprintf "delve-dun 1\\nfloors 1\\n\\nfloor 1 rooms dlevel 1 size 4 3\\nmap\\n####\\n#.Q#\\n"\n' > "$F/bad.sh"
nap=$((100000 + $$))  # a sleep no other run's test has: pgrep below looks for it
printf '#!/bin/sh\nsleep %d &\nsleep %d\n' "$nap" "$nap" > "$F/hang.sh"
printf '#!/bin/sh\necho "gen: seed $1 is a dull one" >&2\ncat "%s"\n' "$TMP/a.dun" > "$F/noisy.sh"
printf '#!/bin/sh\n[ "$1" = 4 ] && exit 5\ncat "%s"\n' "$TMP/a.dun" > "$F/four.sh"
chmod +x "$F"/*.sh
"$DELVE" film "$TMP/fails.film" -o "$TMP/failsfilm" > /dev/null 2> "$TMP/err"
check "film: a failing generator is an error at its line, seed and command said" grep -q "fails.film:2:19: dungeon generator: four.sh seed 4: exited with code 5" "$TMP/err"

fault() { # fault NAME CMD WORD...: delve shot --generator CMD --seed 42 $MORE exits 2 saying each WORD
  local name=$1 cmd=$2 w; shift 2
  # shellcheck disable=SC2086 # MORE: more words, split
  "$DELVE" shot --generator "$cmd" --seed 42 $MORE -o "$TMP/f.png" > /dev/null 2> "$TMP/e"; local rc=$?
  for w; do
    grep -qF -- "$w" "$TMP/e" || { bad "$name: says '$w' (rc $rc: $(cat "$TMP/e"))"; return; }
  done
  if [ $rc = 2 ] && [ ! -e "$TMP/f.png" ]; then ok "$name"; else bad "$name (rc $rc, $(cat "$TMP/e"))"; fi
}
fault "exit code 3: the code and the end of stderr" "$F/exit3.sh {seed}" \
  "exit3.sh seed 42: exited with code 3" "gen: no room for seed 42" "reading the seed |" "($F/exit3.sh 42)"
fault "nothing printed" "$F/silent.sh {seed}" "silent.sh seed 42: printed nothing"
fault "a bad .dun: output:line:col" "$F/bad.sh {seed}" "bad.sh seed 42: output:7:3: " "($F/bad.sh 42)"
fault "no such program: cannot run" "$F/nosuch {seed}" "cannot run '$F/nosuch'"
fault "a bad template: its column" "$F/bad.sh {sed}" "--generator: column" "{sed}"
fault "a pipe without --generator-shell" "$F/bad.sh {seed} | cat" "--generator-shell"
t0=$(date +%s)
MORE="--generator-timeout 1" fault "a hang: the timeout kills it" "sh $F/hang.sh {seed}" \
  "hang.sh seed 42: still running after 1 s" "process group was killed"
check "a hang: stopped within seconds, not its sleep's ($(( $(date +%s) - t0 )) s)" test $(( $(date +%s) - t0 )) -lt 20
sleep 0.2
check "a hang: no process of its group survives" test -z "$(pgrep -f "sleep $nap")"
"$DELVE" shot --generator "$F/noisy.sh {seed}" --seed 42 --floor 2 -o "$TMP/n.png" > /dev/null 2> "$TMP/e"
check "stderr on success: exit 0, a warning ($(cat "$TMP/e"))" grep -q "^delve shot: warning: noisy.sh seed 42: wrote .* to stderr and succeeded; it ends: gen: seed 42 is a dull one" "$TMP/e"
check "stderr on success: the shot is made" cmp -s "$TMP/n.png" "$TMP/g.png"

# over seeds: a failing seed said and counted, the others go on
"$DELVE" check --generator "$F/four.sh {seed}" --seeds 1-6 --jobs 1 > "$TMP/out" 2> "$TMP/err"; rc=$?
check "check: a failing seed is exit 1" test $rc = 1
check "check: it is said with why" grep -q "^delve check: not generated: four.sh seed 4: exited with code 5" "$TMP/err"
check "check: counted not generated, the rest checked" grep -q "6 dungeons, 0 errors, 0 warnings, 1 not generated" "$TMP/out"
"$DELVE" check --generator "$F/four.sh {seed}" --seeds 1-6 --jobs 3 > "$TMP/out3" 2> "$TMP/err3"
check "check --jobs 3: the report and what stderr says of seeds as --jobs 1" \
  test "$(sed 's/ ([0-9.]* s)$//' "$TMP/out3"; grep -v ' of 6 seeds' "$TMP/err3")" = "$(sed 's/ ([0-9.]* s)$//' "$TMP/out"; grep -v ' of 6 seeds' "$TMP/err")"
"$DELVE" check --generator "$F/noisy.sh {seed}" --seeds 1-5 > "$TMP/out" 2> "$TMP/err"
check "check: stderr on success: 3 warnings and a count" test "$(grep -c '^delve check: warning: noisy.sh seed' "$TMP/err")" = 3
check "check: the count of the rest" grep -q "wrote to stderr for 5 seeds in all" "$TMP/err"
"$DELVE" shot --generator "$F/four.sh {seed}" --seeds 3-5 -o "$TMP/fset" > "$TMP/out" 2> "$TMP/err"
check "shot set: a failing seed does not stop it (exit 0)" test $? = 0
check "shot set: the failed seed said" grep -q "^delve shot: failed: four.sh seed 4: exited with code 5" "$TMP/err"
check "shot set: the summary counts it" grep -q "1 seed failed to generate" "$TMP/out"
check "shot set: its catalog lines say failed" test "$(grep -cP '^4\t[123]\texternal\t.*failed: four.sh seed 4: exited with code 5' "$TMP/fset/catalog.tsv")" = 3
check "shot set: the other seeds drawn (2 floors each)" test "$(ls "$TMP/fset" | grep -c png)" = 4
"$DELVE" shot --generator "$F/four.sh {seed}" --seeds 4-4 -o "$TMP/allfail" > /dev/null 2> "$TMP/err"
check "shot set: every seed failed: exit 1, said ($?)" sh -c "test $? = 1 && grep -q 'every seed failed to generate' '$TMP/err'"
"$DELVE" check --generator "$F/nosuch {seed}" --seeds 1-3 > /dev/null 2> "$TMP/e"
check "check: no such program: exit 2, once" test $? = 2 -a "$(grep -c "cannot run" "$TMP/e")" = 1
"$DELVE" check --generator-timeout 3 --seeds 1-3 > /dev/null 2> "$TMP/e"
check "--generator-timeout alone: a usage error" test $? = 2
# one shot names the seed the generator ran for, not the file's own seed line (3 here)
"$DELVE" shot --generator 'cat tests/fixtures/dun/terrains.dun' --seed 9 -o "$TMP/s9.png" > "$TMP/s9.out" 2>&1
check "shot: says the seed it ran ($(cat "$TMP/s9.out"))" grep -q ', seed 9, floor 1 of 2)' "$TMP/s9.out"
# the shipped film on the example generator: the party falls (Ash 30 -> 19, Bryn 24 -> 12
# on landing 6 m down) and heals at the font on floor 2
"$DELVE" film films/scripts/your-generator.film -o "$TMP/yf" --quiet > /dev/null 2>&1
check "films/scripts/your-generator.film: the landing hurts (Ash 19, Bryn 12 on floor 2)" \
  grep -qP '^119\t28829\t2\t30\t4\tland\t19\t12\t12\t20\t' "$TMP/yf/events.tsv"
check "... and the font heals them whole (Ash 30, Bryn 24)" \
  grep -qP '^192\t28851\t2\t40\t3\theal\t30\t12\t24\t20\t' "$TMP/yf/events.tsv"
# --floor against the floors the generator made (5 here), not --floors (3 by default)
printf '#!/bin/sh\nexec python3 examples/gen_rooms.py --seed "$1" --floors 5\n' > "$F/five.sh"
"$DELVE" shot --generator "sh $F/five.sh {seed}" --seed 1 --floor 4 -o "$TMP/f4.png" > "$TMP/f4.out" 2>&1
check "shot --floor 4 of a generator's 5 floors ($(cat "$TMP/f4.out"))" grep -q 'floor 4 of 5)' "$TMP/f4.out"
"$DELVE" shot --generator "sh $F/five.sh {seed}" --seed 1 --floor 6 -o "$TMP/f6.png" > /dev/null 2> "$TMP/f6.err"
check "shot --floor 6: the dungeon has 5 floors, exit 2" sh -c "test $? = 2 && grep -q -- '--floor 6: the dungeon has 5 floors' '$TMP/f6.err'"
"$DELVE" view --generator "sh $F/five.sh {seed}" --seed 1 --floor 5 --headless --screenshot "$TMP/v5.png" > /dev/null 2>&1
check "view --floor 5 of a generator's 5 floors" test -s "$TMP/v5.png"
# a command without {seed} runs, with a warning: every seed gets the same dungeon
"$DELVE" check --generator 'cat tests/fixtures/dun/terrains.dun' --seeds 1-2 > /dev/null 2> "$TMP/e"
check "no {seed} in the command: a warning ($(head -n 1 "$TMP/e"))" \
  grep -q '^delve check: warning: --generator names no {seed}: every seed runs the same command' "$TMP/e"
# the viewer takes --generator-timeout too: a hang is killed after it
printf '#!/bin/sh\nsleep %d\n' "$nap" > "$F/hang1.sh"
t0=$(date +%s)
"$DELVE" view --generator "sh $F/hang1.sh {seed}" --generator-timeout 1 --seed 1 --headless \
  --screenshot "$TMP/h.png" > /dev/null 2> "$TMP/e"; rc=$?
check "view --generator-timeout 1: a hang killed, exit 2 ($(( $(date +%s) - t0 )) s)" \
  sh -c "test $rc = 2 && grep -q 'still running after 1 s' '$TMP/e' && test ! -e '$TMP/h.png'"
# parts of a generator's range merge into what one run makes (but the -o it names)
for r in 1-2 3-4 1-4; do
  "$DELVE" shot --generator "$GEN" --seeds $r --floors 2 --no-images -o "$TMP/mp-$r" > /dev/null 2>&1
done
"$DELVE" merge shots -o "$TMP/mp-merged" "$TMP/mp-1-2" "$TMP/mp-3-4" > /dev/null 2>&1
check "merge shots of a generator's parts: the whole run's catalog (rc $?)" \
  test "$(grep -v '^# command:' "$TMP/mp-merged/catalog.tsv")" = "$(grep -v '^# command:' "$TMP/mp-1-4/catalog.tsv")"
finish
