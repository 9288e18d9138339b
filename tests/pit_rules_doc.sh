# The pit rules the generator keeps (gen/pits.c) are written down where pits are
# (docs/dun-format.md, "Pits: the rules"): every pit kind `delve check` reports is
# named there, with the two rules a landing's way up and an unsplit walking part.
. "${0%/*}/lib.bash" "$@" || exit 2
DOC=docs/dun-format.md
kinds=$("$DELVE" check --help | tr ',: ' '\n\n\n' | grep '^pit-')
check "delve check names pit kinds ($(echo $kinds))" test -n "$kinds"
for k in $kinds; do
  check "$DOC names $k" grep -qF "\`$k\`" "$DOC"
done
check "$DOC: a pit's landing part has a way up" grep -qF "The landing's part has a way up." "$DOC"
check "$DOC: a pit does not split a walking part" grep -qF "A pit does not split a walking part." "$DOC"
finish
