# scripts/review-change: usage and refusals, quick (a real run builds two revisions, a
# minute or two: docs/review.md's example). Run from the source dir, a git checkout.
. "${0%/*}/lib.bash" "$@" || exit 2
if ! needs "scripts/review-change in a git checkout" git || ! git rev-parse --git-dir > /dev/null 2>&1; then
  finish; exit
fi
sh scripts/review-change > /dev/null 2> "$TMP/err"; rc=$?
check "no revision: usage on stderr, exit 2 (rc $rc)" sh -c "test $rc = 2 && grep -q '^Usage: scripts/review-change REV_A' '$TMP/err'"
sh scripts/review-change no-such-revision-here HEAD > /dev/null 2> "$TMP/err"; rc=$?
check "an unknown revision: exit 2 naming it (rc $rc)" sh -c "test $rc = 2 && grep -q \"'no-such-revision-here' is not a revision\" '$TMP/err'"
sh scripts/review-change HEAD HEAD > /dev/null 2> "$TMP/err"; rc=$?
check "A and B the same commit: exit 2, nothing built (rc $rc)" sh -c "test $rc = 2 && grep -q 'HEAD and HEAD are the same commit' '$TMP/err'"
sh scripts/review-change HEAD --no-such-option > /dev/null 2> "$TMP/err"; rc=$?
check "an unknown option: exit 2 naming it (rc $rc)" sh -c "test $rc = 2 && grep -q \"unknown option '--no-such-option'\" '$TMP/err'"
sh scripts/review-change HEAD --draw-cap > /dev/null 2> "$TMP/err"; rc=$?
check "--draw-cap without N: exit 2 (rc $rc)" sh -c "test $rc = 2 && grep -q 'draw-cap needs N' '$TMP/err'"
before=$(git status --porcelain | md5sum)
sh scripts/review-change HEAD nope-either > /dev/null 2>&1
check "the checkout is left as it was" test "$(git status --porcelain | md5sum)" = "$before"
finish
