# scripts/review-change --generator: a change to another program's generator, in its own
# git repository (examples/gen_rooms.py, one more room a floor), reviewed from two
# commits as delve's own generators are: digest first, the verdict naming the measure
# that moved, the stats table, both sides shot from their own worktree.
. "${0%/*}/lib.bash" "$@" || exit 2
needs "python3 (the example generator)" python3 || finish
needs git git || finish
repo="$TMP/my gen"
mkdir "$repo" && cp examples/gen_rooms.py "$repo/" || exit 2
git -C "$repo" init -q && git -C "$repo" add . &&
  git -C "$repo" -c user.email=t@t -c user.name=t commit -qm base || exit 2
sed -i 's/^ROOMS_PER_FLOOR = 6 /ROOMS_PER_FLOOR = 7 /' "$repo/gen_rooms.py"
check "the change: ROOMS_PER_FLOOR 6 -> 7" grep -q '^ROOMS_PER_FLOOR = 7 ' "$repo/gen_rooms.py"
git -C "$repo" -c user.email=t@t -c user.name=t commit -qam "one more room" || exit 2

out="$TMP/rc"
DELVE="$DELVE" REVIEW_CHANGE_DIR="$out" sh scripts/review-change --repo "$repo" \
  --build 'python3 -m py_compile gen_rooms.py' \
  --generator 'python3 gen_rooms.py --seed {seed} --floors {floors}' HEAD~1 HEAD \
  -- --seeds 1-30 --floors 2 --zoom 4 > "$TMP/rc.out" 2> "$TMP/rc.err"; rc=$?
check "a change found: exit 1 (rc $rc: $(tail -n 1 "$TMP/rc.err"))" test $rc = 1
check "the verdict first names the measure: rooms per floor rose from 6 to 7" \
  sh -c "head -n 1 '$TMP/rc.out' | grep -q '^Rooms per floor rose from 6 to 7 (0 floors down, 60 up)'"
check "the review's line: 60 floors changed" grep -q '^review: 60 changed, 0 added, 0 removed, 0 same' "$TMP/rc.out"
check "the stats table flags rooms" grep -qE '^  rooms +60 +60 +6\.000 .* FLAG$' "$TMP/rc.out"
pair=$(ls -d "$out/my gen"/*-* 2> /dev/null | grep -v '/src-' | head -n 1)
check "the report and both sets under REVIEW_CHANGE_DIR/REPO/A-B" \
  sh -c "test -s '$pair/report/index.html' && test -s '$pair/a/catalog.tsv' && test -s '$pair/b/catalog.tsv'"
check "each catalog records the generator" grep -q "^# generator: --generator 'python3 gen_rooms.py --seed {seed} --floors {floors}'" "$pair/a/catalog.tsv"
check "revisions.tsv names the generator and the repository" \
  sh -c "grep -q '^generator' '$pair/revisions.tsv' && grep -qF '$repo' '$pair/revisions.tsv'"
# the same commit twice is refused; a bad repository is said plainly
DELVE="$DELVE" REVIEW_CHANGE_DIR="$out" sh scripts/review-change --repo "$TMP" \
  --generator 'python3 gen_rooms.py --seed {seed}' HEAD > /dev/null 2> "$TMP/e"; rc=$?
check "--repo not a git repository: exit 2 (rc $rc: $(cat "$TMP/e"))" sh -c "test $rc = 2 && grep -q 'is not in a git repository' '$TMP/e'"
DELVE="$DELVE" REVIEW_CHANGE_DIR="$out" sh scripts/review-change --repo "$repo" --build 'false' \
  --generator 'python3 gen_rooms.py --seed {seed}' HEAD~1 HEAD > /dev/null 2> "$TMP/e"; rc=$?
check "a build command that fails: exit 2 (rc $rc)" sh -c "test $rc = 2 && grep -q 'the build failed' '$TMP/e'"
# a change that breaks seed 2: said first, each side's failed floors counted
python3 - "$repo/gen_rooms.py" << 'PY'
import sys
p = sys.argv[1]
s = open(p).read().replace("def main():\n", "def main():\n    if sys.argv[sys.argv.index('--seed') + 1] == '2':\n        sys.exit('no room for seed 2')\n", 1)
open(p, 'w').write(s)
PY
DELVE="$DELVE" REVIEW_CHANGE_DIR="$out" sh scripts/review-change --repo "$repo" \
  --generator 'python3 gen_rooms.py --seed {seed} --floors {floors}' HEAD \
  -- --seeds 1-3 --floors 2 --zoom 4 > "$TMP/rc3.out" 2> "$TMP/rc3.err"; rc=$?
check "seed 2 failing on B's side: said before the verdict (rc $rc)" \
  sh -c "head -n 1 '$TMP/rc3.out' | grep -q '^review-change: B: 2 of 6 floors failed to generate (their lines in the catalog); the first: gen_rooms.py seed 2: exited with code 1'"
# a bad template: the shot set's own message, not a log that is gone
DELVE="$DELVE" REVIEW_CHANGE_DIR="$out" sh scripts/review-change --repo "$repo" \
  --generator 'python3 gen_rooms.py --seed {sed}' HEAD~1 HEAD > /dev/null 2> "$TMP/e"; rc=$?
check "a bad template: exit 2 with the shot set's message (rc $rc)" \
  sh -c "test $rc = 2 && grep -q 'unknown placeholder {sed}' '$TMP/e'"
finish
