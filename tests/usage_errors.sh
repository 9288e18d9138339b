# Usage errors read alike in every command: "delve CMD: why" (one line), then the one hint
# "Try 'delve CMD --help'." (worded once, in app/cli.c), exit 2. Options that cannot
# take effect are refused (--gif-width without --video or without its GIF), a bad --video
# list is named as one, --name=value reads as --name value (and a flag given one is
# refused), one seed is a range
# (--seeds 5 is 5-5), and a scripted resize takes the sizes --size takes.
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
usage() { # usage NAME WORD CMD ARGS...: exit 2, one line with WORD in it, then the hint
  local name=$1 word=$2 cmd=$3; shift 3
  "$DELVE" $cmd "$@" > out 2> e; local rc=$?
  local hint="Try 'delve $cmd --help'."
  [ -z "$cmd" ] && hint="Try 'delve --help'."
  if [ $rc = 2 ] && [ "$(wc -l < e)" = 2 ] && head -n 1 e | grep -qF -- "$word" &&
     [ "$(tail -n 1 e)" = "$hint" ]; then
    ok "$name"
  else
    bad "$name (rc $rc: $(tr '\n' '|' < e))"
  fi
}
for c in gen film view shot sheet diff review check stats gallery settings merge; do
  usage "$c: an unknown option" "unknown option '--bogus'" $c shots --bogus
done
usage "film: a number out of range" "--threads: '0' is not a number in 1..16" film --threads 0
# an option where a name should be ("-o --quiet": the name left out) is refused by every
# kind of parser, and nothing is written under that name; ./--quiet names one
for args in "film -o --quiet" "shot --seed 1 -o --quiet" "shot --seeds 1-2 -o --quiet" \
            "diff x.png y.png -o --quiet" "review a b -o --quiet" "gen --seed 1 -o --quiet" \
            "sheet f -o --quiet"; do
  usage "${args%% *}: $args refused" "-o --quiet: an option where -o's value should be" $args
  check "$args: nothing named --quiet" test ! -e ./--quiet
done
# an option given twice with two values is refused (the last one won, the first unseen);
# the same value twice is no conflict
usage "film: --threads twice" "--threads given twice ('2', then '4'): give it once" film --threads 2 --threads=4
usage "gen: --seed twice" "--seed given twice ('1', then '2'): give it once" gen --seed 1 --seed 2
usage "shot: -o twice" "-o given twice ('a.png', then 'b.png'): give it once" shot --seed 1 -o a.png -o b.png
usage "review: -o twice" "-o given twice ('x', then 'y'): give it once" review a b -o x -o y
usage "diff: --threshold twice" "--threshold given twice ('0.1', then '0.2')" diff a.png b.png --threshold 0.1 --threshold 0.2
usage "sheet: --columns twice" "--columns given twice ('3', then '4')" sheet f -o s.png --columns 3 --columns 4
usage "merge: -o twice" "-o given twice ('m1', then 'm2'): give it once" merge shots -o m1 --out=m2 p1 p2
usage "gen: -o -h is an option, not a file" "-o -h: an option where -o's value should be" gen --seed 1 -o -h
usage "shot: -o -- is an option, not a file" "-o --: an option where -o's value should be" shot --seed 1 -o --
check "  and nothing named -h or --" sh -c "test ! -e ./-h && test ! -e ./--"
check "gen: --seed 7 twice is --seed 7" cmp -s <("$DELVE" gen --seed 7 --seed 7) <("$DELVE" gen --seed 7)
"$DELVE" shot --seed 1 -o ./--quiet > /dev/null 2>&1
check "shot -o ./--quiet writes that file" test -s ./--quiet
rm -f ./--quiet
usage "sheet: not a number" "--columns: 'x' is not a number in 1..48" sheet --columns x
usage "sheet: every=0, one message" "--pick every=: '0' is not a number in 1..100000" sheet --pick every=0
usage "sheet: an unknown pick" "--pick is events, every=N or all, not 'some'" sheet --pick some
usage "gallery: not a dlevel" "--dlevels: 'x' is not a number in 1..99" gallery --dlevels x -o g.png
usage "gallery: an empty dlevel" "--dlevels: '' is not a number in 1..99" gallery --dlevels 3,,9 -o g.png
usage "gallery: a trailing comma" "--dlevels: '' is not a number in 1..99" gallery --dlevels 3,9, -o g.png
check "  and no gallery drawn" test ! -e g.png
usage "shot: a bad seed in a range" "--seeds: 'x' is not a whole number" shot --seeds 1-x -o s
# a file output that cannot be written is refused before any work, in every command
mkdir -p afolder
usage "shot: -o a folder" "-o afolder: a folder, not a file" shot --seed 1 -o afolder
usage "shot: -o in a missing folder" "-o nowhere/s.png: no folder nowhere" shot --seed 1 -o nowhere/s.png
check "  and no folder made" test ! -e nowhere
"$DELVE" shot --seed 1 -o a.png > /dev/null 2>&1 || bad "shot --seed 1 -o a.png failed"
usage "diff: -o a folder" "-o afolder: a folder, not a file" diff a.png a.png -o afolder
usage "diff: -o a device" "-o /dev/null: not a regular file" diff a.png a.png -o /dev/null
usage "sheet: -o a folder" "-o afolder: a folder, not a file" sheet "$TMP" -o afolder
usage "gen: -o a folder" "-o afolder: a folder, not a file" gen --seed 1 -o afolder
usage "view: --screenshot a folder" "--screenshot afolder: a folder, not a file" view --seed 7 --headless --screenshot afolder
usage "shot: a window larger than diff reads" "--size 16384x16384: more pixels than delve diff compares (64 Mpx)" shot --seed 1 --size 16384x16384 -o big.png
check "  and nothing drawn" test ! -e big.png
usage "check: a bad first seed" "--seeds: 'x' is not a whole number" check --seeds x-1
usage "film: a missing value" "-o needs a value" film -o
usage "merge: nothing to merge" "merge shots, check or stats" merge
usage "gen --format tmj: -o without .tmj" "--format tmj -o x: a Tiled map's name ends in .tmj" gen --seed 1 --format tmj -o x
usage "--rooms with an empty path" "--rooms: an empty path (none for no stored rooms)" gen --seed 1 --rooms ""
usage "--version with a word after it" "--version takes nothing after it ('extra')" "" --version extra
usage "merge: an unknown kind is named before its options" "'foo': merge shots, check or stats" merge foo -o x p
usage "an unknown command" "delve: unknown command 'bogus'" "" bogus
usage "shot: --col without --side" "--col cuts the side view: give --side too" shot --seed 1 --col 3 -o c.png
usage "shot: --row and --col" "--row and --col are two cuts: give one" shot --seed 1 --side --row 2 --col 3 -o c.png
usage "shot: --floor with --side" "--side draws every floor: no --floor" shot --seed 1 --side --floor 2 -o c.png
usage "--version with a value" "delve: --version takes no value ('--version=1')" "" --version=1
usage "--help with a value" "delve: --help takes no value ('--help=x')" "" --help=x
usage "an option before any command" "delve: unknown option '--seed' (the command comes first" "" --seed 3 gen
usage "gen: a bad setting" "--floors: '40' is not a number in 1..32" gen --floors 40
usage "check: --seed, a word short of --seeds" "unknown option '--seed' (did you mean --seeds?)" check --seed 4
usage "shot: --zo, a word short of --zoom" "unknown option '--zo' (did you mean --zoom?)" shot --zo 4 -o z.png

# --gif-width only shapes film.gif, which only --video makes
usage "film: --gif-width without --video refused" "--gif-width sets the width of film.gif, which only --video makes" film --gif-width 300 -o f
usage "film: --gif-width with --video mp4 refused" "and --video makes neither" film --video mp4 --gif-width 300 -o f
# a word after --video that is no list and no file is a bad list, not a second script
for list in avi mp4, ,mp4 mp4,,gif '' 'mp4, gif' 'mp4 gif' mp4.gif 'MP4;GIF'; do
  usage "film: --video '$list' is a bad list" "--video '$list': not a list of mp4, gif and webp" film films.film --video "$list" -o f
done
usage "film: --video avi before the script" "--video 'avi': not a list" film --video avi x.film -o f
check "  and no film folder made" test ! -e f
# after '=' the word is the list, even a script's path; a format as a second word is
# said to be one
usage "film: --video=SCRIPT is a bad list" "--video 'tests/fixtures/short.film': not a list" film --video=tests/fixtures/short.film -o f
usage "film: --video mp4 gif (two words)" "'gif' is a video format, not a script" film tests/fixtures/short.film --video mp4 gif -o f
usage "film: --quiet and --progress" "--quiet and --progress: choose one" film tests/fixtures/short.film --quiet --progress -o f
# a flag given a value is refused as such, in every parser
usage "film: --quiet=yes" "--quiet takes no value ('--quiet=yes')" film tests/fixtures/short.film --quiet=yes -o f
usage "film: --progress=no" "--progress takes no value" film --progress=no tests/fixtures/short.film -o f
usage "diff: --aa=yes" "--aa takes no value ('--aa=yes')" diff a.png b.png --aa=yes
usage "review: --aa=1" "--aa takes no value" review a b --aa=1 -o r
usage "sheet: --chart=yes" "--chart takes no value" sheet f --chart=yes -o x.png
usage "stats: --per-floor=yes (getopt's parser)" "--per-floor takes no value ('--per-floor=yes')" stats --per-floor=yes
usage "gen: --bogus=1 is still unknown" "unknown option '--bogus=1'" gen --bogus=1
usage "gen: --format= names the empty value" "--format: '' is not ascii, dun, heights or tmj" gen --format=
usage "film: --=x is an unknown option as typed" "unknown option '--=x'" film --=x
usage "film: --thr=2 is an unknown option as typed" "unknown option '--thr=2'" film --thr=2
usage "sheet: --col=3 is an unknown option as typed" "unknown option '--col=3'" sheet f --col=3
usage "film: --help=1" "--help takes no value ('--help=1')" film --help=1
usage "gen: --help=1 (getopt's parser)" "--help takes no value ('--help=1')" gen --help=1
usage "gen: --he is no --help" "unknown option '--he'" gen --he
usage "gen: -q=1 names -q, not the word before it" "unknown option '-q'" gen -q=1
usage "shot: -j=2 after --seeds 1-2 names -j" "unknown option '-j'" shot --seeds 1-2 -j=2 -o s
usage "gen: -o=x.dun is no file '=x.dun'" "-o=x.dun: a short option's value comes without '=' (-o x.dun, or --out=x.dun)" gen -o=x.dun
check "  and no file made" test ! -e x.dun -a ! -e =x.dun
usage "shot: -o '' an empty folder name" "-o: an empty folder name" shot --seeds 1-2 -o ''
usage "review: --out= an empty folder name" "-o: an empty folder name" review . . --out=''
usage "gallery: a 300-byte file name refused before any work" "a name longer than 244 bytes" gallery -o "$(printf 'b%.0s' $(seq 300)).png"
# a folder output that fails takes the folders made for it along
"$DELVE" shot --seeds 1-2 -o "new/sub/$(printf 'b%.0s' $(seq 600))" > /dev/null 2>&1
check "a failed shot set into new/sub/NAME leaves no new/" test ! -e new
check "  and no film folder made" test ! -e f -a ! -e r
# after -- every word is a file, even one that looks like an option
"$DELVE" shot --seed 5 --floor 1 -o ./--a=b.png > /dev/null 2>&1
cp ./--a=b.png ./--help
"$DELVE" diff -- --a=b.png --help > d.txt 2>&1; rc=$?
check "diff -- --a=b.png --help: the two files compared, the same" sh -c "test $rc = 0 && grep -q 'identical\|0 of' d.txt"
"$DELVE" film -o ff --quiet -- "$OLDPWD/tests/fixtures/short.film" > /dev/null 2>&1
check "film -o DIR -- SCRIPT: the film made" test -f ff/sheet.png
"$DELVE" film -o fm --quiet -- mp4 > /dev/null 2> e; rc=$?
check "film -- mp4 without --video: a script that is not there ($(head -1 e))" \
  sh -c "test $rc = 2 && grep -q 'cannot read mp4' e"
# --out is -o's long name in every command
"$DELVE" diff ./--a=b.png ./--help --threshold=0.1 --out=d.png > /dev/null 2>&1
check "diff --out=d.png writes it" test -f d.png
"$DELVE" sheet - -o s.png > /dev/null 2> e
check "sheet -: '-' is the folder's name ($(head -1 e))" grep -qF "cannot read -/events.tsv" e
"$DELVE" merge check --help > e 2>&1
check "merge check --help: the help" grep -q "usage: delve merge" e
# --name=value as --name value, in the commands that read their own options too
usage "film: --threads=0 read as --threads 0" "--threads: '0' is not a number in 1..16" film --threads=0
usage "diff: --format=xml read as --format xml" "--format: 'xml' is not text or json" diff a.png a.png --format=xml
usage "review: --jobs=0 read as --jobs 0" "--jobs: '0' is not a number in" review a b --jobs=0
usage "sheet: --columns=x read as --columns x" "--columns: 'x' is not a number in 1..48" sheet --columns=x
check "  and nothing was written" test ! -e f -a ! -e out/films

# one seed is the range A-A
"$DELVE" check --seeds 5 > one.txt 2> /dev/null; rc1=$?
"$DELVE" check --seeds 5-5 > range.txt 2> /dev/null; rc2=$?
untime() { sed 's/([0-9.]* s)$/(T s)/' "$1"; }
check "check --seeds 5 is --seeds 5-5 (rc $rc1 $rc2)" sh -c "test $rc1 = $rc2 && grep -q 'seeds 5-5, 3 floors: 1 dungeon,' one.txt && test \"\$(sed 's/([0-9.]* s)\$//' one.txt)\" = \"\$(sed 's/([0-9.]* s)\$//' range.txt)\""
"$DELVE" stats --seeds 7 --format tsv > one.tsv 2> /dev/null; rc1=$?
"$DELVE" stats --seeds 7-7 --format tsv > range.tsv 2> /dev/null
check "stats --seeds 7 is --seeds 7-7 (rc $rc1)" sh -c "test $rc1 = 0 && test -s one.tsv && cmp one.tsv range.tsv"
usage "--seeds with an empty first seed still refused" "expected A-B or one seed A" stats --seeds -5

# a scripted resize takes exactly the sizes --size takes, with the same rule in words
rule="W in 640..8192 and H in 480..8192"
usage "view --size 100x100 refused" "--size: '100x100' is not WxH with $rule" view --seed 7 --headless --screenshot v.png --size 100x100
usage "view --keys resize:0,0 refused as --size is" "--keys: 'resize:0,0' is not resize:W,H with $rule" view --seed 7 --headless --screenshot v.png --keys "resize:0,0"
usage "view --keys resize:640,479 refused (one px short)" "'resize:640,479'" view --seed 7 --headless --screenshot v.png --keys "resize:640,479"
usage "view --keys move:1,x refused" "'move:1,x' is not a key or mouse event" view --seed 7 --headless --screenshot v.png --keys "move:1,x"
"$DELVE" view --seed 7 --headless --screenshot small.png --keys "resize:640,480" > /dev/null 2>&1; rc=$?
check "view --keys resize:640,480 (the least) is taken (rc $rc, $(png_size small.png 2>/dev/null))" sh -c "test $rc = 0 && test \"$(png_size small.png 2>/dev/null)\" = '640 x 480'"
finish
