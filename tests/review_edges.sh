# delve review at its edges: a changed PNG 20 folders deep is found; a 250-byte file
# name (legal on Linux) gets its diff image under a shortened name the page links to.
. "${0%/*}/lib.bash" "$@" || exit 2
cd "$TMP" || exit 1
"$DELVE" shot --seeds 1-1 -o base > /dev/null 2>&1

# a PNG 20 folders deep (the listing once stopped at 16 and said nothing)
cp -r base deep
deep20=$(printf 'd%02d/' $(seq 1 20))
mkdir -p "base/$deep20" "deep/$deep20"
cp base/seed-00000000000000000001-floor-01.png "base/${deep20}x.png"
cp base/seed-00000000000000000001-floor-02.png "deep/${deep20}x.png"
"$DELVE" review base deep -o r1 > out 2> err; rc=$?
check "20 folders deep: the change is found, exit 1 (rc $rc: $(cat err))" test $rc = 1
check "  summary ($(tail -n 1 out))" test "$(tail -n 1 out)" = "review: 1 changed, 0 added, 0 removed, 3 same; catalog: 0 lines changed; report: r1/index.html"
check "  its diff image where its path says" test -f "r1/diff/${deep20}x.png"

# a 250-byte name: its diff image's temporary name once passed NAME_MAX and ended the review
long=$(printf 'long-%0241d.png' 0)
mkdir lb lh
cp base/seed-00000000000000000001-floor-01.png "lb/$long"
cp base/seed-00000000000000000001-floor-02.png "lh/$long"
"$DELVE" review lb lh -o r2 > out 2> err; rc=$?
check "a ${#long}-byte name: reviewed, exit 1 (rc $rc: $(cat err))" test $rc = 1
check "  summary ($(tail -n 1 out))" test "$(tail -n 1 out)" = "review: 1 changed, 0 added, 0 removed, 0 same; catalog: none; report: r2/index.html"
dn=$(cd r2/diff && ls)
check "  one diff image, its name cut to 239 bytes (${#dn})" test "$(ls r2/diff | wc -l)" = 1 -a ${#dn} = 239
check "  the page links it, the before and after images by their own name" \
  test "$(grep -o '<img [^>]*src="[^"]*"' r2/index.html | grep -o 'src="[^"]*"' | sort -u | tr '\n' ' ')" = "src=\"../lb/$long\" src=\"../lh/$long\" src=\"diff/$dn\" "
check "  the same pixels as delve diff's" sh -c "'$DELVE' diff 'lb/$long' 'lh/$long' -o d.png > /dev/null; cmp -s d.png 'r2/diff/$dn'"

# two unreadable PNGs: the review still writes its report, names each with its reason
cp -r base bad
printf 'not a png' > bad/seed-00000000000000000001-floor-01.png
head -c 300 base/seed-00000000000000000001-floor-02.png > bad/seed-00000000000000000001-floor-02.png
"$DELVE" review base bad -o r3 --junit j3.xml > out 2> err; rc=$?
check "unreadable PNGs: exit 1 (rc $rc)" test $rc = 1
check "  summary ($(tail -n 1 out))" test "$(tail -n 1 out)" = "review: 0 changed, 0 added, 0 removed, 2 same, 2 unreadable; catalog: 0 lines changed; report: r3/index.html"
cat > want <<'W'
delve review: unreadable: bad/seed-00000000000000000001-floor-01.png: not a PNG image that can be read
delve review: unreadable: bad/seed-00000000000000000001-floor-02.png: corrupt PNG (259 bytes of image data cannot hold 1536 x 960 pixels)
W
check "  each named with its reason on stderr" cmp -s want err
check "  the page: a section of 2, each with its reason" test "$(grep -o '<h2 id="unreadable">Unreadable (2)</h2>' r3/index.html | wc -l)" = 1 \
  -a "$(grep -o '<b>cannot be read</b>: bad/seed-00000000000000000001-floor-0[12].png: [^<]*' r3/index.html | wc -l)" = 2
check "  review.json: the count and each pair's state and error" test \
  "$(grep -Ec '"unreadable":.2,|"state":.*"unreadable",|"error":.*"bad/seed-00000000000000000001-floor-0[12].png: ' r3/review.json)" = 5
check "  JUnit: 2 failures of type unreadable" test "$(grep -c '<failure type="unreadable" message="unreadable: bad/seed-00000000000000000001-floor-0[12].png: ' j3.xml)" = 2 \
  -a "$(grep -c 'failures="2"' j3.xml)" = 2
"$DELVE" review base bad --format json > j.json 2> err; rc=$?
check "  --format json without a page: exit 1, the same reasons on stderr (rc $rc)" sh -c "test $rc = 1 && cmp -s want err"

# an older delve's names: seed-00001-floor-1.png against today's
# seed-00000000000000000001-floor-01.png, paired by the catalogs' (seed, floor)
"$DELVE" shot --seeds 1-2 -o now > /dev/null 2>&1
cp -r now next
"$DELVE" shot --seed 9 --floor 1 -o next/seed-00000000000000000002-floor-02.png > /dev/null  # changed
sed -i 's/^1\t3\trooms\t8/1\t3\trooms\t9/' next/catalog.tsv                                # a cell
cp -r now old
for f in old/seed-*.png; do
  s=${f#old/seed-}; s=${s%%-*}; fl=${f##*-floor-}; fl=${fl%.png}
  mv "$f" "$(printf 'old/seed-%05d-floor-%d.png' $((10#$s)) $((10#$fl)))"
done
check "  the older names are in place" test -f old/seed-00002-floor-2.png -a ! -e old/seed-00000000000000000002-floor-02.png
"$DELVE" review now next -o rn > out.now; rc_now=$?
"$DELVE" review old next -o ro > out.old; rc_old=$?
check "older names: the same exit as today's names ($rc_old, $rc_now)" test $rc_old = 1 -a $rc_now = 1
check "  the same summary ($(tail -n 1 out.old))" test "$(sed 's/ro.index/rn\/index/' out.old)" = "$(cat out.now)" \
  -a "$(tail -n 1 out.now)" = "review: 1 changed, 0 added, 0 removed, 5 same; catalog: 1 line changed; report: rn/index.html"
strip() { grep -v -e '"folder":' -e '"file":' -e '"base_name":' "$1"; }  # folder, file: BASE's folder
check "  the same review.json but for BASE's folder (and catalog file) and base_name" cmp -s <(strip rn/review.json) <(strip ro/review.json)
check "  base_name names BASE's file, once per pair: 6" test "$(grep -c '"base_name":.*"seed-0000[12]-floor-[123].png"' ro/review.json)" = 6
check "  the same diff image" cmp -s rn/diff/seed-00000000000000000002-floor-02.png ro/diff/seed-00000000000000000002-floor-02.png
check "  the page links BASE's image by its older name" grep -q 'src="../old/seed-00002-floor-2.png"' ro/index.html
rm old/catalog.tsv
"$DELVE" review old next -o rx > out 2> /dev/null
check "  without both catalogs: paired by path ($(tail -n 1 out))" \
  test "$(tail -n 1 out)" = "review: 0 changed, 6 added, 6 removed, 0 same; catalog: 0 lines changed, 6 added, 0 removed; report: rx/index.html"
finish
