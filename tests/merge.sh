# delve merge: the parts of a seed range, run apart, join into the bytes of one run over
# the whole range: 4 shot sets (given out of order, one made with --jobs 2) into the
# same folder bytes, catalog's provenance included; 4 parts of delve stats (rooms' table,
# DoomRL's TSV, --per-floor) and of delve check --seeds; gaps, overlaps and parts of
# other commands refused, naming the seeds or the setting; parts cut short (a stats
# part's last lines, a catalog's, a PNG) or missing a PNG refused.
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
S="--floors 2 --zoom 6"
"$DELVE" shot --seeds 1-12 $S -o set > /dev/null 2>&1 && mv set whole
"$DELVE" shot --seeds 1-3 $S -o p1 > /dev/null 2>&1
"$DELVE" shot --seeds 4-6 $S --jobs 2 -o p2 > /dev/null 2>&1
"$DELVE" shot --seeds 7-10 $S -o p3 > /dev/null 2>&1
"$DELVE" shot --seeds 11-12 $S -o p4 > /dev/null 2>&1
"$DELVE" merge shots -o set p3 p1 p4 p2 > out; rc=$?
check "merge shots: exit 0 and its line ($(cat out))" \
  test $rc = 0 -a "$(cat out)" = "delve merge: 24 shots and set/catalog.tsv (seeds 1-12, 4 parts)"
check "merge shots: 4 parts are the bytes of one run (PNGs, catalog, marker)" diff -r whole set
check "  the catalog names the whole run's command" grep -qxF "# command: delve shot --seeds 1-12 --floors 2 --zoom 6 -o set" set/catalog.tsv
# --out=DIR, and after -- a part whose name starts with '-'
mv p4 ./-p4
"$DELVE" merge shots --out=set p3 p1 p2 -- -p4 > out; rc=$?
check "merge shots --out=set ... -- -p4: the same bytes ($(cat out))" sh -c "test $rc = 0 && diff -r whole set"
mv ./-p4 p4
# a part's catalog with CRLF lines (through an editor) joins as delve wrote it
cp -r p2 p2crlf && sed -i 's/$/\r/' p2crlf/catalog.tsv
rm -rf set && "$DELVE" merge shots -o set p3 p1 p4 p2crlf > out; rc=$?
check "merge shots: a CRLF catalog joins, the same bytes (rc $rc)" sh -c "test $rc = 0 && diff -r whole set"
echo by-hand > set/notes.txt
"$DELVE" merge shots -o set p1 p2 p3 p4 > /dev/null
check "a merge into an earlier set replaces it whole" diff -r whole set

expect2() { # expect2 NAME WORD ARGS...: exit 2 and WORD in the message
  local name=$1 word=$2; shift 2
  "$DELVE" merge "$@" > /dev/null 2> e; local rc=$?
  if [ $rc = 2 ] && grep -qF -- "$word" e; then ok "$name"; else bad "$name (rc $rc: $(cat e))"; fi
}
expect2 "a gap refused" "without a gap or an overlap" shots -o x p1 p3
cp -r p2 p2b
expect2 "an overlap refused" "without a gap or an overlap" shots -o x p1 p2 p2b p3 p4
"$DELVE" shot --seeds 4-6 --floors 3 --zoom 6 -o q2 > /dev/null 2>&1
expect2 "a part of another command refused" "not parts of one run" shots -o x p1 q2
mkdir plain && cp p1/catalog.tsv plain/
expect2 "a folder delve shot did not make refused" "not a shot set" shots -o x plain
expect2 "no -o refused" "-o DIR" shots p1
# parts damaged after they were made: refused, naming the part and the file
cp -r p1 d1 && rm d1/seed-00000000000000000002-floor-01.png
expect2 "a part missing a PNG its catalog lists refused" "d1/seed-00000000000000000002-floor-01.png: missing" shots -o x d1 p2
cp -r p1 d2 && head -n -2 p1/catalog.tsv > d2/catalog.tsv
expect2 "a catalog cut at a seed's end refused" "d2/catalog.tsv: no line for seed 3 floor 1 (seeds 1-3, each with the floors of the first): the part is cut short" shots -o x d2 p2
cp -r p1 d8 && head -n -1 p1/catalog.tsv > d8/catalog.tsv && rm d8/seed-00000000000000000003-floor-02.png
expect2 "a catalog and its PNGs cut at a floor's end refused" "d8/catalog.tsv: no line for seed 3 floor 2" shots -o x d8 p2
cp -r p2 d9 && sed -i 's/^# seeds: 4-6$/# seeds: 4-7/' d9/catalog.tsv
expect2 "a '# seeds:' line saying more than the part holds refused" "d9/catalog.tsv: no line for seed 7 floor 1" shots -o x p1 d9
cp -r p1 d10 && cp p2/seed-00000000000000000004-floor-01.png d10/seed-00000000000000000009-floor-01.png
expect2 "a PNG the catalog does not list refused" "d10/seed-00000000000000000009-floor-01.png: a PNG its catalog.tsv does not list" shots -o x d10 p2
cp -r p1 d11 && rm d11/seed-00000000000000000002-floor-01.png && mkfifo d11/seed-00000000000000000002-floor-01.png
timeout 20 "$DELVE" merge shots -o x d11 p2 > /dev/null 2> e; rc=$?
check "a FIFO for a listed PNG: refused, not waited on (rc $rc: $(cat e))" \
  sh -c "test $rc = 2 && grep -qF 'd11/seed-00000000000000000002-floor-01.png: not a regular file' e"
cp -r p1 d3 && head -c -40 p1/catalog.tsv > d3/catalog.tsv
expect2 "a catalog cut mid-line refused, naming file:line:col" "d3/catalog.tsv:$(wc -l < d3/catalog.tsv | awk '{print $1 + 1}'):" shots -o x d3 p2
expect2 "  and saying it is truncated" "truncated: the line has no end" shots -o x d3 p2
# numbers read through base/lex: range-checked, named by file:line:col
cp -r p1 d5 && sed 's/^2\t1\t/99999999999999999999\t1\t/' p1/catalog.tsv > d5/catalog.tsv
n5=$(grep -n '^99999999999999999999' d5/catalog.tsv | cut -d: -f1)
expect2 "a seed past 64 bits in a catalog refused at its file:line:col" "d5/catalog.tsv:$n5:1: a seed 99999999999999999999 is outside 0..18446744073709551615" shots -o x d5 p2
cp -r p1 d6 && sed 's/^# seeds: 1-3$/# seeds: 1-3x/' p1/catalog.tsv > d6/catalog.tsv
expect2 "a '# seeds:' line with junk refused at its column" "d6/catalog.tsv:5:13: unexpected 'x' in the last seed" shots -o x d6 p2
cp -r p1 d7 && sed 's/^3\t2\t/3\t40\t/' p1/catalog.tsv > d7/catalog.tsv
n7=$(grep -nP '^3\t40\t' d7/catalog.tsv | cut -d: -f1)
expect2 "a floor out of range refused at its column" "d7/catalog.tsv:$n7:3: a floor 40 is outside 1..32" shots -o x d7 p2
cp -r p1 d4 && f=d4/seed-00000000000000000003-floor-02.png && head -c 5000 p1/${f#d4/} > $f
expect2 "a truncated PNG refused" "$f: truncated" shots -o x d4 p2
check "nothing left by refused merges" test ! -e x
expect2 "a gap names the seeds missing" "p3 starts at 7, p1 ended at 3: seeds 4-6 missing" shots -o x p1 p3
expect2 "an overlap names the seeds in both" "p2b starts at 4, p2 ended at 6: seeds 4-6 in both" shots -o x p1 p2 p2b
expect2 "another setting is named" "p1 has 'floors=2', q2 has 'floors=3'" shots -o x p1 q2
"$DELVE" merge shots -o one p1 > out; rc=$?
check "one part says '1 part' (rc $rc: $(cat out))" grep -qxF "delve merge: 6 shots and one/catalog.tsv (seeds 1-3, 1 part)" out
# the merged command does not depend on where each part put -o: -o DIR goes last
"$DELVE" shot -o o1 --seeds 1-6 $S > /dev/null 2>&1
"$DELVE" shot --seeds 7-12 --out=o2 $S > /dev/null 2>&1
rm -rf set && "$DELVE" merge shots -o set o2 o1 > /dev/null; rc=$?
check "parts with -o anywhere merge into the whole run's bytes (rc $rc)" diff -r whole set
# --name=value and --name value are one option: parts spelt either way (and one ending
# in "--") merge, the merged command spelt as the first part's
"$DELVE" shot --seeds=1-6 --floors=2 --zoom 6 -o e1 > /dev/null 2>&1
"$DELVE" shot --seeds 7-12 --floors 2 --zoom=6 -o e2 -- > /dev/null 2>&1
rm -rf set && "$DELVE" merge shots -o set e2 e1 > /dev/null 2> e; rc=$?
check "parts spelt --seeds=A-B and --seeds A-B merge (rc $rc: $(cat e))" \
  sh -c "test $rc = 0 && diff -r -x catalog.tsv whole set"
check "  the merged command as the first part spelt it" \
  grep -qxF "# command: delve shot --seeds=1-12 --floors=2 --zoom 6 -o set" set/catalog.tsv
"$DELVE" shot --zoom 6 --seeds 7-12 --floors=2 -o e3 > /dev/null 2>&1
rm -rf set && "$DELVE" merge shots -o set e1 e3 > /dev/null 2> e; rc=$?
check "parts with their options in another order merge (rc $rc: $(cat e))" \
  sh -c "test $rc = 0 && diff -r -x catalog.tsv whole set"
"$DELVE" shot --zoom 6 --seeds 7-12 --floors=3 -o e4 > /dev/null 2>&1
expect2 "  but not with another value" "not parts of one run" shots -o x e1 e4
# messages and the lock's holder line say merge, not shot
expect2 "a folder error names delve merge" "delve merge: " shots -o "x/$(printf 'b%.0s' $(seq 600))" p1
rm -rf x
rm -rf set && "$DELVE" merge shots -o set p1 p2 p3 p4 > /dev/null

# stats: each kind of table, 4 parts in any order, the same bytes as the whole run
stats_case() { # stats_case NAME ARGS...
  local name=$1; shift
  "$DELVE" stats --seeds 1-40 "$@" > whole.txt 2> /dev/null
  for r in 1-9 10-20 21-30 31-40; do "$DELVE" stats --seeds $r "$@" --shard > "part-$r" 2> /dev/null; done
  "$DELVE" merge stats part-31-40 part-1-9 part-21-30 part-10-20 > merged.txt; local rc=$?
  check "merge stats, $name: 4 parts are the bytes of one run (rc $rc)" sh -c "test $rc = 0 && test -s whole.txt && cmp whole.txt merged.txt"
}
stats_case "rooms' rising counts" --floors 2
stats_case "DoomRL's TSV" --type doomrl --dlevel 9 --format tsv
stats_case "rooms --per-floor" --per-floor
check "  a part's sums are exact integers" grep -qP '^acc\t0\t0\t9\t\d+\t\d+\t\d+\t\d+$' part-1-9
"$DELVE" stats --seeds 1-10 --shard > p-a 2> /dev/null
"$DELVE" stats --seeds 11-20 --floors 2 --shard > p-b 2> /dev/null
expect2 "merge stats: parts of other settings refused" "not parts of one run" stats p-a p-b
expect2 "merge stats: the setting that differs is named" "p-b has '# arg: --floors 2'" stats p-a p-b
"$DELVE" stats --seeds 21-30 --shard > p-c 2> /dev/null
expect2 "merge stats: a gap names the seeds" "p-c starts at 21, p-a ended at 10: seeds 11-20 missing" stats p-a p-c
check "  a part ends with its line count" sh -c "tail -n 1 p-a | grep -qxF \"# end: \$(( \$(wc -l < p-a) - 1 )) lines\""
head -n -3 part-1-9 > cut
expect2 "merge stats: a part cut short refused" "cut:$(wc -l < cut | awk '{print $1}'):1: truncated" stats cut part-10-20 part-21-30 part-31-40
n=$(grep -n '^acc' part-1-9 | head -1 | cut -d: -f1)
sed "${n}s/^acc\t0\t0\t9\t/acc\t0\t0\t99999999999999999999\t/" part-1-9 > big
expect2 "merge stats: a count past 64 bits refused at file:line:col" "big:$n:9: a count 99999999999999999999 is outside 1..9223372036854775807" stats big part-10-20 part-21-30 part-31-40
sed "${n}s/^acc\t0\t0\t9\t/acc\t0\t0\t-9\t/" part-1-9 > neg
expect2 "merge stats: a negative count refused" "neg:$n:9: a count -9 is outside" stats neg part-10-20 part-21-30 part-31-40
# parts edited by hand: a per-floor part's seeds widened past its floors, a rooms part
# with a kind's line twice (kind 0's turned into a second kind 1)
sed 's/^# seeds: 1-9$/# seeds: 1-2000/' part-1-9 > wide
expect2 "merge stats: seeds widened past the floors refused" "wide: its floors lines count 9 floors, but seeds 1-2000 are 2000 (one floor each)" stats wide
n=$(grep -nP '^count\t1\t' p-a | cut -d: -f1)
sed 's/^count\t0\t/count\t1\t/' p-a > twice
expect2 "merge stats: a kind's line twice refused at the second" "twice:$n:1: a line out of order or written twice" stats twice
"$DELVE" stats --type shoals --seeds 1-3 --shard > /dev/null 2> e; rc=$?
check "stats --shard of Shoals' table refused (rc $rc)" sh -c "test $rc = 2 && grep -qF 'percentiles' e"

# a part being made (its lock held, as delve shot holds it) is refused naming the run;
# a merge into one of its own parts still works (that part's lock is -o's)
if needs "a lock held from the shell (flock)" flock; then
  flock -x .p2.delve-lock sh -c 'echo "4242 delve shot --seeds 4-6 -o p2" > .p2.delve-lock; sleep 4' &
  for _ in $(seq 50); do [ -s .p2.delve-lock ] && break; sleep 0.1; done
  expect2 "merge shots: a part being made refused" "p2 is in use by another delve run (pid 4242" shots -o x p1 p2
  wait
fi
cp -r p1 own
"$DELVE" merge shots -o own own p2 > /dev/null 2> e; rc=$?
check "merge shots into one of its parts: exit 0, the merged set there (rc $rc: $(cat e))" \
  sh -c "test $rc = 0 && grep -q '^# seeds: 1-6$' own/catalog.tsv"

# check: 4 parts' reports into the whole run's (the time is the parts' sum: masked)
"$DELVE" check --seeds 1-40 > whole.txt 2> /dev/null
for r in 1-9 10-20 21-30 31-40; do "$DELVE" check --seeds $r --shard > "check-$r.txt" 2> /dev/null; done
"$DELVE" merge check check-21-30.txt check-1-9.txt check-31-40.txt check-10-20.txt > merged.txt; rc=$?
untime() { sed 's/([0-9.]* s)$/(T s)/' "$1"; }
untime whole.txt > whole.t; untime merged.txt > merged.t
check "merge check: 4 parts are the whole run's report (rc $rc)" sh -c "test $rc = 0 && grep -q '40 dungeons' whole.t && cmp whole.t merged.t"
# findings (hand-made reports in delve check's words): counts summed, first 10 seeds kept
printf 'delve check: seeds 1-5, 3 floors: 5 dungeons, 3 errors, 1 warning, 1 not generated (1.0 s)\n  error    way-no-partner              3  seeds 2 4\n  warning  pit-only-across             1  seeds 5\n  error    not-generated               1  seeds 3\n# settings: floors=3 type=rooms dlevel=1 difficulty=2 islands=15 rising=on\n# end: 5 lines\n' > a.txt
printf 'delve check: seeds 6-20, 3 floors: 15 dungeons, 12 errors, 0 warnings, 0 not generated (2.5 s)\n  error    way-no-partner             12  seeds 6 7 8 9 10 11 12 13 14 15 ...\n# settings: floors=3 type=rooms dlevel=1 difficulty=2 islands=15 rising=on\n# end: 3 lines\n' > b.txt
"$DELVE" merge check b.txt a.txt > merged.txt; rc=$?
printf 'delve check: seeds 1-20, 3 floors: 20 dungeons, 15 errors, 1 warning, 1 not generated (3.5 s)\n  error    way-no-partner             15  seeds 2 4 6 7 8 9 10 11 12 13 ...\n  warning  pit-only-across             1  seeds 5\n  error    not-generated               1  seeds 3\n' > want.txt
check "merge check: findings joined in seed order, exit 1 as the whole run (rc $rc)" sh -c "test $rc = 1 && cmp want.txt merged.txt"
expect2 "merge check: a gap refused" "not parts of one range" check a.txt check-21-30.txt
# a check part ends with its line count (as a stats part does): one cut short is refused
check "  a check part ends with its line count" sh -c "tail -n 1 check-1-9.txt | grep -qxF \"# end: \$(( \$(wc -l < check-1-9.txt) - 1 )) lines\""
head -n 1 a.txt > a-cut.txt
expect2 "merge check: a part cut short refused" "a-cut.txt:1:1: truncated: a part of delve check --seeds --shard ends with its line" check a-cut.txt b.txt
"$DELVE" check --seeds 1-9 > plain.txt 2> /dev/null
expect2 "merge check: a report made without --shard refused as not a part" "plain.txt:1:1: not a part: a report of delve check --seeds made without --shard" check plain.txt check-10-20.txt
head -n -1 a.txt > a-plain.txt
expect2 "  one with findings too" "a-plain.txt:1:1: not a part: a report of delve check --seeds made without --shard" check a-plain.txt b.txt
head -n -3 a.txt > a-short.txt
expect2 "  but one that lacks a kind line its summary counts is cut short" "a-short.txt:3:1: truncated" check a-short.txt b.txt
sed 3d a.txt > a-mid.txt
expect2 "merge check: a part that lost a middle line refused at its end line's count" "a-mid.txt:5:8: '# end: 5 lines', but 4 lines come before it: a line was lost" check a-mid.txt b.txt
sed 1d a.txt > a-nosum.txt
expect2 "merge check: a part that lost its summary refused at its first line" "a-nosum.txt:1:3: expected 'delve'" check a-nosum.txt b.txt
"$DELVE" stats --seeds 1-9 > stats-plain.txt 2> /dev/null
expect2 "merge stats: a table made without --shard refused as not a part" "stats-plain.txt:1:1: not a part: a table of delve stats made without --shard" stats stats-plain.txt part-10-20
sed 6d part-1-9 > stats-mid
expect2 "merge stats: a part that lost a middle line refused at its end line's count" "stats-mid:$(wc -l < stats-mid | awk '{print $1}'):8: '# end: $(wc -l < stats-mid | awk '{print $1}') lines', but" stats stats-mid part-10-20 part-21-30 part-31-40
sed 's/3 errors/3x errors/' a.txt > a-junk.txt
expect2 "merge check: a number with junk refused at file:line:col (no %d on text)" "a-junk.txt:1:48: unexpected 'x' in errors" check a-junk.txt b.txt
sed 's/seeds 2 4$/seeds 2 99999999999999999999/' a.txt > a-big.txt
expect2 "merge check: a seed past 64 bits refused at its column" "a-big.txt:2:51: a seed 99999999999999999999 is outside 0..18446744073709551615" check a-big.txt b.txt
sed 's/^  warning  pit-only-across /  error    pit-only-across /' a.txt > a-sev.txt
expect2 "merge check: a kind under the wrong severity refused" "a-sev.txt:3:1: pit-only-across is a warning, not error" check a-sev.txt b.txt
# a part says its settings, and parts of other settings are not joined; a part's lines
# must add up as delve check writes them (a CI gate reads the merged exit status)
check "  a check part names its settings" grep -qx '# settings: floors=3 type=rooms dlevel=1 difficulty=2 islands=15 rising=on' check-1-9.txt
"$DELVE" check --seeds 10-20 --type caves --shard > caves-10-20.txt 2> /dev/null
expect2 "merge check: a part of other settings refused at its settings line" "caves-10-20.txt:2:1: not a part of the run of check-1-9.txt: settings 'floors=3 type=caves" check check-1-9.txt caves-10-20.txt
# edited NAME SED WANT: a.txt edited by SED into a-NAME.txt is refused with WANT
edited() {
  sed "$2" a.txt > "a-$1.txt"
  expect2 "merge check: a part edited ($1) refused" "a-$1.txt:$3" check "a-$1.txt" b.txt
}
"$DELVE" check --seeds 10-20 --floors 2 --shard > f2-10-20.txt 2> /dev/null
expect2 "merge check: other --floors refused at the part's summary" "f2-10-20.txt:1:1: not a part of the run of check-1-9.txt: --floors differs (3 there, 2 here)" check check-1-9.txt f2-10-20.txt
edited sum 's/3 errors, 1 warning/0 errors, 1 warning/' "1:1: the summary's counts (errors 0, warnings 1, not generated 1) are not what"
edited out 's/seeds 2 4$/seeds 2 9/' "2:51: seed 9 is not in this part's seeds 1-5"
edited order 's/seeds 2 4$/seeds 4 2/' "2:51: seed 2 after 4"
edited count 's/  3  seeds 2 4$/  1  seeds 2 4/' "2:1: way-no-partner: a count of 1 does not go with 2 seeds listed"
edited both 's/seeds 2 4$/seeds 2 3/' "1:1: seed 3 is listed as not generated and under way-no-partner"
edited floors 's/# settings: floors=3/# settings: floors=2/' "5:1: the settings line does not say floors=3, as the summary does"
edited failed 's/1 not generated/9 not generated/; s/not-generated               1/not-generated               9/' "4:1: not-generated: a count of 9 does not go with 1 seed listed"
printf 'delve check: seeds 1-20, 3 floors: 20 dungeons, 0 errors, 0 warnings, 25 not generated (1.0 s)\n  error    not-generated              25  seeds 1 2 3 4 5 6 7 8 9 10\n# settings: floors=3 type=rooms dlevel=1 difficulty=2 islands=15 rising=on\n# end: 3 lines\n' > f25.txt
expect2 "merge check: more seeds not generated than dungeons refused" "f25.txt:1:1: 25 seeds not generated of 20 dungeons" check f25.txt check-21-30.txt
grep -v '^# settings' a.txt | sed 's/# end: 5/# end: 4/' > a-old.txt
expect2 "merge check: a part without its settings line refused" "a-old.txt:4:1: no '# settings: ' line" check a-old.txt b.txt
# a stats part records --key=value as --key value: the two spellings join
"$DELVE" stats --type=doomrl --seeds 1-10 --shard > eq-1.part 2> /dev/null
"$DELVE" stats --type doomrl --seeds 11-20 --shard > eq-2.part 2> /dev/null
"$DELVE" merge stats eq-1.part eq-2.part > eq.out; rc=$?
"$DELVE" stats --type doomrl --seeds 1-20 > eq.want 2> /dev/null
check "merge stats: --type=doomrl and --type doomrl parts join (rc $rc)" sh -c "test $rc = 0 && cmp eq.out eq.want"
expect2 "merge stats given a check part says which it is" "check-1-9.txt:1:1: a report of delve check, not a part of delve stats" stats part-1-9 check-1-9.txt
expect2 "merge check given a stats part says which it is" "eq-1.part:1:1: a part of delve stats, not a report of delve check" check check-1-9.txt eq-1.part
# the same settings in another order are one run; another value is not
"$DELVE" stats --type doomrl --dlevel 3 --seeds 1-10 --shard > ord-1.part 2> /dev/null
"$DELVE" stats --dlevel 3 --type doomrl --seeds 11-20 --shard > ord-2.part 2> /dev/null
"$DELVE" merge stats ord-1.part ord-2.part > ord.out; rc=$?
"$DELVE" stats --type doomrl --dlevel 3 --seeds 1-20 > ord.want 2> /dev/null
check "merge stats: the settings in another order join (rc $rc)" sh -c "test $rc = 0 && cmp ord.out ord.want"
sed 's/$/\r/' ord-1.part > ord-1crlf.part
"$DELVE" merge stats ord-1crlf.part ord-2.part > ord.out; rc=$?
check "merge stats: a CRLF part joins (rc $rc)" sh -c "test $rc = 0 && cmp ord.out ord.want"
"$DELVE" stats --dlevel 4 --type doomrl --seeds 11-20 --shard > ord-4.part 2> /dev/null
expect2 "merge stats: another dlevel refused, naming it" "ord-1.part has '# arg: --dlevel 3', ord-4.part has '# arg: --dlevel 4'" stats ord-1.part ord-4.part
# every number of a catalog line is read as the other readers read it: no negative count
cp -r p2 p2neg && awk -F'\t' 'BEGIN { OFS = "\t" } !/^#/ && ++n == 2 { $4 = "-8" } { print }' p2/catalog.tsv > p2neg/catalog.tsv
line=$(grep -n -- '	-8	' p2neg/catalog.tsv | cut -d: -f1)
expect2 "merge shots: a negative count refused at its cell" "p2neg/catalog.tsv:$line:11: a count is 0 or more" shots -o negset p1 p2neg p3 p4
"$DELVE" check --seeds 1-3 --shard tests/x.dun > /dev/null 2> e; rc=$?
check "check --shard with a file refused (rc $rc)" test $rc = 2
finish
