# delve review's verdict (review/verdict.h, docs/review.md "The verdict"): the exact
# sentence for a review of two sets made alike, for a change that flags one column and
# nothing else, and for pictures changed with nothing flagged; it is the terminal's first
# line and the page's first content, before the distribution table and the provenance;
# and a command that differs only in where it wrote (-o, --out, --out=) is not marked.
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
set_of() { # set_of DIR OUT_OPTION...: 30 floors, small pictures
  "$DELVE" shot --seeds 1-10 --floors 3 --zoom 4 "${@:2}" > /dev/null 2>&1 ||
    bad "delve shot for $1 failed"
}
set_of a -o a
set_of b --out b
set_of c --out=c
set_of off --rising off -o off

"$DELVE" review a b -o same > out 2> err; rc=$?
check "no change: exit 0 (rc $rc: $(cat err))" test $rc = 0
check "  the verdict first ($(head -n 1 out))" \
  test "$(head -n 1 out)" = "Nothing changed: 30 floors, same pictures and same catalog."
check "  then the summary line" \
  test "$(sed -n 2p out)" = "review: 0 changed, 0 added, 0 removed, 30 same; catalog: 0 lines changed; report: same/index.html"
check "  two lines in all" test "$(wc -l < out)" = 2
check "the page's first content is the verdict" \
  grep -qF '<main id="top"><section id="verdict"><p class="verdict">Nothing changed: 30 floors, same pictures and same catalog.</p></section>' same/index.html
check "  then the distributions, the provenance, the pairs" \
  test "$(grep -o '<section id="verdict"\|<h2 id="[a-z]*"' same/index.html | sed 's/.*id="\([a-z]*\)"/\1/' | tr '\n' ' ')" = "verdict distributions provenance changed added removed catalog "
check "  the header's links in the page's order" \
  grep -q 'go to <a href="#verdict">verdict</a> · <a href="#distributions">distributions</a> · <a href="#provenance">provenance</a> · <a href="#changed">' same/index.html
check "-o a vs --out b: the command is not marked as differing" \
  grep -qF '<tr><td>command</td><td>delve shot --seeds 1-10 --floors 3 --zoom 4 -o a</td><td>delve shot --seeds 1-10 --floors 3 --zoom 4 --out b</td></tr>' same/index.html
"$DELVE" review a c -o samec > /dev/null
check "-o a vs --out=c: not marked either" \
  grep -qF '<tr><td>command</td><td>delve shot --seeds 1-10 --floors 3 --zoom 4 -o a</td><td>delve shot --seeds 1-10 --floors 3 --zoom 4 --out=c</td></tr>' samec/index.html

# one column flagged and nothing else: the catalog's stations (column 6) 1 before, 0
# after on every floor, the pictures the same bytes
cp -r a s1 && cp -r a s0
awk -F'\t' -v OFS='\t' -v n=1 '!/^#/ { $6 = n } { print }' a/catalog.tsv > s1/catalog.tsv
awk -F'\t' -v OFS='\t' -v n=0 '!/^#/ { $6 = n } { print }' a/catalog.tsv > s0/catalog.tsv
"$DELVE" review s1 s0 -o st > out 2> err; rc=$?
check "stations 1 -> 0 on 30 floors: exit 1 (rc $rc: $(cat err))" test $rc = 1
check "  the verdict names it and nothing else ($(head -n 1 out))" \
  test "$(head -n 1 out)" = "Stations per floor fell from 1 to 0 (30 floors down, 0 up); nothing else changed."
check "  the page opens with the same words" \
  grep -qF '<main id="top"><section id="verdict"><p class="verdict">Stations per floor fell from 1 to 0 (30 floors down, 0 up); nothing else changed.</p>' st/index.html
check "  the command is the same, not marked" grep -qF '<tr><td>command</td><td>delve' st/index.html
check "  review.json's summary says the same words" python3 -c '
import json, sys
s = json.load(open("st/review.json"))["summary"]["says"]
sys.exit(s != "Stations per floor fell from 1 to 0 (30 floors down, 0 up); nothing else changed.")'

# rising off vs on: the ways rise first among the flagged, and the command differs
"$DELVE" review off a -o ri > out 2> err; rc=$?
check "rising off vs on: exit 1, ways rose on floors none went down ($(head -n 1 out))" \
  sh -c "test $rc = 1 && head -n 1 out | grep -qE '^Ways per floor rose from [0-9.]+ to [0-9.]+ \(0 floors down, [0-9]+ up\), '"
check "  the command differs beyond -o: marked" grep -q '<tr><td>command</td><td class="d">' ri/index.html

# pictures changed, no column flagged: one picture of another seed, the catalog kept
cp -r a p
"$DELVE" shot --seed 99 --floor 1 --zoom 4 -o p/seed-00000000000000000001-floor-01.png > /dev/null
"$DELVE" review a p -o pc > out 2> err; rc=$?
check "one picture changed: exit 1 (rc $rc: $(cat err))" test $rc = 1
check "  the verdict says so ($(head -n 1 out))" \
  test "$(head -n 1 out)" = "No catalog column flagged: 1 of 30 pictures changed; same catalog."
check "  --junit -: verdict and summary on stderr, the XML alone on stdout" sh -c \
  "'$DELVE' review a p --junit - > x 2> e; head -n 1 e | grep -qx 'No catalog column flagged: 1 of 30 pictures changed; same catalog.' && head -1 x | grep -q '^<?xml'"
"$DELVE" review a p --format json > j 2> /dev/null
check "  --format json: the JSON alone" sh -c "head -c 1 j | grep -q '{' && ! grep -q '^No catalog' j"
# a new check error on a couple of floors is said first, whatever the statistics say
mkdir errs && awk -F '\t' 'BEGIN { OFS = "\t" } !/^#/ && n < 2 && $2 == 2 { $9 = "error: goal-unreachable"; n++ } { print }' \
  a/catalog.tsv > errs/catalog.tsv
"$DELVE" review a errs -o errs-report > errs.out 2> /dev/null; rc=$?
check "two floors with a new check error: the verdict opens with them (rc $rc: $(head -n 1 errs.out | cut -c1-90))" \
  sh -c "test $rc = 1 && head -n 1 errs.out | grep -q '^The checks find errors on 2 floors (0 before; new: goal-unreachable)\. '"
finish
