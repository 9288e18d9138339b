# delve review at its edges: a changed PNG 20 folders deep is found.
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
finish
