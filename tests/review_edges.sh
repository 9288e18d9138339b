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
check "  summary ($(cat out))" test "$(cat out)" = "review: 1 changed, 0 added, 0 removed, 3 same; catalog: 0 lines changed; report: r1/index.html"
check "  its diff image where its path says" test -f "r1/diff/${deep20}x.png"

# a 250-byte name: its diff image's temporary name once passed NAME_MAX and ended the review
long=$(printf 'long-%0241d.png' 0)
mkdir lb lh
cp base/seed-00000000000000000001-floor-01.png "lb/$long"
cp base/seed-00000000000000000001-floor-02.png "lh/$long"
"$DELVE" review lb lh -o r2 > out 2> err; rc=$?
check "a ${#long}-byte name: reviewed, exit 1 (rc $rc: $(cat err))" test $rc = 1
check "  summary ($(cat out))" test "$(cat out)" = "review: 1 changed, 0 added, 0 removed, 0 same; catalog: none; report: r2/index.html"
dn=$(cd r2/diff && ls)
check "  one diff image, its name cut to 239 bytes (${#dn})" test "$(ls r2/diff | wc -l)" = 1 -a ${#dn} = 239
check "  the page links it, the before and after images by their own name" \
  test "$(grep -o '<img [^>]*src="[^"]*"' r2/index.html | grep -o 'src="[^"]*"' | sort -u | tr '\n' ' ')" = "src=\"../lb/$long\" src=\"../lh/$long\" src=\"diff/$dn\" "
check "  the same pixels as delve diff's" sh -c "'$DELVE' diff 'lb/$long' 'lh/$long' -o d.png > /dev/null; cmp -s d.png 'r2/diff/$dn'"
finish
