# Digest-first review (docs/review.md "Digest first"): catalog-only sets (shot
# --no-images), a review that compares digests and writes draw.tsv under --draw-cap, sets
# drawn from it (shot --draw, keeping the lines of a set this build made), the review
# again with exact counts; a no-op draws only the probes; a zoom change (same floors,
# other pictures) is caught by the probes; a set without digests (an older delve) still
# compares; a bad draw list is refused at line:col and the set there kept. Settings stand
# for the two revisions scripts/review-change builds (--rising off changes every floor).
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 2
S="--seeds 1-40 --floors 3"
"$DELVE" shot $S --no-images -o a > a.out 2> /dev/null
"$DELVE" shot $S --no-images --rising off -o b > /dev/null 2>&1
check "--no-images: the catalog alone ($(cat a.out))" sh -c "test \"\$(ls a)\" = catalog.tsv && grep -q 'no images: the catalog alone' a.out"
check "--no-images: 120 lines, each with a 16-digit digest (column 28)" test "$(grep -v '^#' a/catalog.tsv | cut -f28 | grep -cxP '[0-9a-f]{16}')" = 120
check "--no-images: '# images: none'" grep -qx '# images: none' a/catalog.tsv

"$DELVE" review a b -o r --draw-cap 10 > r.out; rc=$?
check "review of catalogs: exit 1, no pair, 120 changed floors not drawn (rc $rc)" sh -c "test $rc = 1 && grep -q '^review: 0 changed, 0 added, 0 removed, 0 same; 120 changed floors not drawn, 0 the same by digest; catalog: 120 lines changed' r.out"
check "draw.tsv: 10 floors (the cap), no probe (no floor is the same)" test "$(grep -vc '^#' r/draw.tsv)" = 10
check "the hint names draw.tsv and --draw" grep -q 'r/draw.tsv names 10 floors to draw (10 without pictures)' r.out
check "the page says how many floors have no pictures" grep -q '120 changed floors have no pictures yet' r/index.html
check "review.json: the floors without pictures and the draw list" sh -c "tr -d ' \n\t' < r/review.json | grep -q '\"digests\":{\"changed_not_drawn\":120,\"same_not_drawn\":0,\"to_draw\":10,\"draw_list\":\"draw.tsv\"}'"
check "review.md: the floors without pictures" grep -q '^\*\*delve review\*\*: 0 changed, 0 added, 0 removed, 0 same; 120 changed floors not drawn, 0 the same by digest;' r/review.md
cp r/draw.tsv draw.tsv
"$DELVE" shot $S --draw draw.tsv -o a > a2.out 2> /dev/null
"$DELVE" shot $S --draw draw.tsv --rising off -o b > /dev/null 2>&1
check "--draw: 10 PNGs, the listed floors" test "$(ls a/*.png | wc -l)" = 10
"$DELVE" shot $S --no-images -o a3 > /dev/null 2>&1
check "--draw: the catalog lines are the catalog-only set's" cmp -s <(grep -v '^#' a/catalog.tsv) <(grep -v '^#' a3/catalog.tsv)
check "--draw: '# images: drawn 10'" grep -qx '# images: drawn 10' a/catalog.tsv
"$DELVE" review a b -o r --draw-cap 10 > r2.out; rc=$?
check "review of the drawn sets: 10 pairs changed, 110 floors past the cap (rc $rc)" sh -c "test $rc = 1 && grep -q '^review: 10 changed, 0 added, 0 removed, 0 same; 110 changed floors not drawn, 0 the same by digest' r2.out && grep -q '110 changed floors past --draw-cap 10 not drawn' r2.out"
check "no draw.tsv once every planned floor is drawn" test ! -e r/draw.tsv

# reuse: a set redrawn by the same build keeps its catalog lines; from scratch, the same bytes
rm a/.delve-build
"$DELVE" shot $S --draw draw.tsv -o a > /dev/null 2>&1
"$DELVE" shot $S --no-images -o a4 > /dev/null 2>&1
"$DELVE" shot $S --draw draw.tsv -o a4 > /dev/null 2>&1
check "--draw on a set of this build: the bytes of a set made whole (but -o)" cmp -s <(grep -v '^# command:' a/catalog.tsv) <(grep -v '^# command:' a4/catalog.tsv)
check "... and the same PNGs" sh -c "cd a && for f in *.png; do cmp -s \$f ../a4/\$f || exit 1; done"
sed -i '$s/\t[0-9a-f]*$/\t0000000000000000/' a4/catalog.tsv  # seed 40's floor 3 tampered
printf '40\t3\n' > last.tsv
"$DELVE" shot $S --draw last.tsv -o a4 > /dev/null 2> err; rc=$?
check "a redrawn seed that differs from the kept catalog: exit 2, named (rc $rc: $(tail -n 1 err))" sh -c "test $rc = 2 && grep -q 'seed 40: its floors differ from the catalog being redrawn' err"

# a no-op: same digests everywhere, only the probes drawn
"$DELVE" shot $S --no-images -o c > /dev/null 2>&1
"$DELVE" review a3 c -o n > n.out; rc=$?
check "no-op of catalogs: exit 0, every floor the same by digest (rc $rc)" sh -c "test $rc = 0 && grep -q '^review: 0 changed, 0 added, 0 removed, 0 same; 0 changed floors not drawn, 120 the same by digest; catalog: 0 lines changed' n.out"
check "no-op: draw.tsv names the 8 probes alone" test "$(grep -vc '^#' n/draw.tsv)" = 8

# the drawing changed where no floor did (another zoom): the probes show it
"$DELVE" shot $S --no-images --zoom 12 -o z > /dev/null 2>&1
"$DELVE" review a3 z -o rz > /dev/null; cp rz/draw.tsv probes.tsv
"$DELVE" shot $S --draw probes.tsv -o a3 > /dev/null 2>&1
"$DELVE" shot $S --draw probes.tsv --zoom 12 -o z > /dev/null 2>&1
"$DELVE" review a3 z -o rz > z.out; rc=$?
check "same floors, other pictures: the 8 probes changed (rc $rc)" sh -c "test $rc = 1 && grep -q '^review: 8 changed, 0 added, 0 removed, 0 same; 0 changed floors not drawn, 112 the same by digest; catalog: 0 lines changed' z.out"

# a set of an older delve (no digest column, nor those after it) against one with
# digests: cell by cell, by the columns both have
mkdir old && cut -f1-27 c/catalog.tsv > old/catalog.tsv
"$DELVE" review old c -o ro > ro.out; rc=$?
check "no digests on one side: compared by the other columns, nothing changed (rc $rc)" sh -c "test $rc = 0 && grep -q '^review: 0 changed, 0 added, 0 removed, 0 same; catalog: 0 lines changed' ro.out"
# one with digests but none of the survey's columns after them: digest first still
mkdir mid && cut -f1-28 c/catalog.tsv > mid/catalog.tsv
"$DELVE" review mid c -o rm > rm.out; rc=$?
check "digests, no survey columns on one side: digest first, nothing changed (rc $rc)" sh -c "test $rc = 0 && grep -q '^review: 0 changed, 0 added, 0 removed, 0 same; 0 changed floors not drawn, 120 the same by digest; catalog: 0 lines changed' rm.out"
# and a survey cell changed on the side that has them is no change the other can see
sed '$s/\t[0-9]*$/\t77/' c/catalog.tsv > mid/catalog2.tsv && mkdir mid2 && mv mid/catalog2.tsv mid2/catalog.tsv
"$DELVE" review mid mid2 -o rm2 > rm2.out; rc=$?
check "...a cell only one side has is not compared (rc $rc)" sh -c "test $rc = 0 && grep -q 'catalog: 0 lines changed' rm2.out"

# a full set against a catalog-only one of the same build: pictures on one side only are
# floors not drawn there, not floors removed
"$DELVE" shot $S -o full > /dev/null 2>&1
"$DELVE" review full c -o rf > rf.out; rc=$?
check "full against catalog-only: exit 0, 120 pictures on one side only, none removed (rc $rc)" sh -c "test $rc = 0 && grep -q '^review: 0 changed, 0 added, 0 removed, 0 same; 120 pictures on one side only; 0 changed floors not drawn, 120 the same by digest; catalog: 0 lines changed' rf.out"
check "... and draw.tsv names the 8 probes for the catalog-only side" test "$(grep -vc '^#' rf/draw.tsv)" = 8
check "draw.tsv's first line counts changed floors and probes apart" grep -qx '# draw list: 0 floors changed, added or removed (at most 300: the most changed and an even sample) and 8 of one digest, in seed order' rf/draw.tsv
mkdir old2 && cut -f1-27 full/catalog.tsv > old2/catalog.tsv && cp full/*.png old2/
"$DELVE" review old2 c -o ro2 > ro2.out; rc=$?
check "an older full set (no digests) against a catalog-only one: nothing removed (rc $rc)" sh -c "test $rc = 0 && grep -q '^review: 0 changed, 0 added, 0 removed, 0 same; 120 pictures on one side only; catalog: 0 lines changed' ro2.out"

# a digest cell is 16 lowercase hex digits or '-'
mkdir g && sed '$s/\t[0-9a-f]\{16\}\t/\tzzzz\t/' c/catalog.tsv > g/catalog.tsv
"$DELVE" review c g -o rg > /dev/null 2> err; rc=$?
col=$(( $(tail -n 1 c/catalog.tsv | cut -f1-27 | wc -c) + 1 ))
check "a digest of garbage: exit 2 at its line and column (rc $rc: $(cat err))" sh -c "test $rc = 2 && grep -q 'g/catalog.tsv:$(wc -l < g/catalog.tsv):$col: a digest is 16 lowercase hex digits' err"

# bad lists and flags
cp draw.tsv c/mine.tsv
"$DELVE" shot $S --draw c/mine.tsv -o c > /dev/null 2> err; rc=$?
check "--draw with its list inside the set it replaces: exit 2, the list kept (rc $rc)" sh -c "test $rc = 2 && grep -q 'which is replaced whole' err && test -f c/mine.tsv"
printf '1\t2\n3 1\n' > bad.tsv
before=$(md5sum < c/catalog.tsv)
"$DELVE" shot $S --draw bad.tsv -o c > /dev/null 2> err; rc=$?
check "a bad draw list: exit 2 at line:col (rc $rc: $(cat err))" sh -c "test $rc = 2 && grep -q 'bad.tsv:2:2: expected a tab' err"
check "... and the set there kept" test "$(md5sum < c/catalog.tsv)" = "$before"
"$DELVE" shot $S --draw missing.tsv -o c > /dev/null 2> err; rc=$?
check "a missing draw list: exit 2 naming it (rc $rc)" sh -c "test $rc = 2 && grep -q 'missing.tsv' err"
"$DELVE" shot --seed 1 --no-images -o one.png > /dev/null 2> err; rc=$?
check "--no-images without --seeds: usage, exit 2 (rc $rc)" sh -c "test $rc = 2 && grep -q 'is for shot sets' err"
"$DELVE" shot $S --no-images --draw draw.tsv -o x > /dev/null 2> err; rc=$?
check "--no-images with --draw: usage, exit 2 (rc $rc)" sh -c "test $rc = 2 && grep -q 'give one' err"
"$DELVE" review a b -o r --draw-cap 10001 > /dev/null 2> err; rc=$?
check "--draw-cap past 10000: usage, exit 2 (rc $rc)" test $rc = 2
finish
