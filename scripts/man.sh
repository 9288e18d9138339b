#!/bin/bash
# The man pages, made from the text they document so they cannot drift from it:
#   delve.1       README's opening, `delve --help`, every `delve CMD --help` (the built
#                 delve's own words), the exit codes of docs/outputs.md
#   delve-film.5  films/README.md, the .film format
#   delve-dun.5   docs/dun-format.md, the .dun format
# Markdown assembled here, then `pandoc -s -t man` with scripts/man-filter.lua (images
# dropped, links as their text, long tables as definition lists) and gzip -n.
# Usage: scripts/man.sh DELVE_BIN OUT_DIR   (from the source tree; pandoc: Debian's pandoc)
set -euo pipefail
DELVE=${1:?delve binary}
OUT=${2:?output folder}
SRC=$(cd "${0%/*}/.." && pwd)
command -v pandoc > /dev/null || { echo "man.sh: pandoc is not installed (Debian: apt-get install pandoc)" >&2; exit 2; }
mkdir -p "$OUT"
VERSION=$("$DELVE" --version | sed -n 's/^delve \([^ ]*\).*/\1/p')

# Markdown of a help text on stdin: prose lines joined into paragraphs (escaped, so
# --seed stays --seed), "  --opt ARG   text" lines as a definition list, the usage block,
# examples and every other indented line verbatim.
help_md() {
  awk '
    function esc(s) { gsub(/[][\\`*_{}<>#|~^$@&!+-]/, "\\\\&", s); return s }
    function close_block() {
      if (mode == "prose") print para "\n"
      else if (mode == "code") print "```\n"
      else if (mode == "def") print "\n"
      mode = ""; para = ""
    }
    function code(line) {
      if (mode != "code") { close_block(); print "```"; mode = "code" }
      print line
    }
    /^$/ { close_block(); verbatim = 0; next }
    /^(usage:|example:)/ { verbatim = 1 }
    verbatim { code($0); next }
    # an option and its text, after a run of 2+ spaces or at the column of the last
    /^  -[^ ]/ && (match($0, /^  -[^ ]*( [^ ]+)*  +/) ||
                   (mode == "def" && substr($0, col, 1) == " " && substr($0, col + 1, 1) != " ")) {
      if (RSTART == 1 && RLENGTH > 0) col = RLENGTH
      term = substr($0, 3, col - 2); sub(/ +$/, "", term)
      text = substr($0, col + 1)
      if (mode != "def") close_block()
      printf "\n\n**%s**\n:   %s", esc(term), esc(text)
      mode = "def"; RSTART = 0; next
    }
    mode == "def" && /^  +[^ ]/ && match($0, /^ +/) && RLENGTH >= col { sub(/^ +/, ""); printf " %s", esc($0); next }
    /^ / { sub(/^  /, ""); code($0); next } # the page indents it
    { if (mode != "prose") { close_block(); mode = "prose" } para = para (para == "" ? "" : "\n") esc($0) }
    END { close_block() }
  '
}

# The first paragraph of README.md after its title: what delve is.
readme_intro() {
  awk 'NR > 1 && /^$/ && seen { exit } NR > 1 && /^[^#]/ { seen = 1; print }' "$SRC/README.md"
}

# docs/outputs.md's "Exit codes" section without its heading.
exit_codes() {
  awk '/^## Exit codes/ { on = 1; next } /^## / { on = 0 } on' "$SRC/docs/outputs.md"
}

delve_1() {
  printf -- '---\ntitle: DELVE\nsection: 1\nheader: delve manual\nfooter: delve %s\n---\n\n' "$VERSION"
  printf '# NAME\n\ndelve - %s\n\n' "$("$DELVE" --help | sed -n '1s/^delve [^:]*: //p')"
  printf '# SYNOPSIS\n\n**delve** *COMMAND* \\[*options*\\]\\\n**delve** *COMMAND* **\\-\\-help**\\\n'
  printf '**delve** **\\-\\-help** | **\\-\\-version**\n\n'
  printf '# DESCRIPTION\n\n'
  readme_intro
  printf '\nThe commands (each is described in full under COMMANDS below):\n\n'
  "$DELVE" --help | awk '/^  [a-z]/ { n = $1; sub(/^  [a-z]+ +/, ""); printf "**%s**\n:   %s\n\n", n, $0 }'
  printf '# COMMANDS\n\n'
  local cmd
  for cmd in $("$DELVE" --help | awk '/^  [a-z]/ { print $1 }'); do
    printf '## delve %s\n\n' "$cmd"
    "$DELVE" "$cmd" --help | help_md
  done
  printf '# EXIT STATUS\n\n'
  exit_codes
  printf '\n# FILES\n\n'
  cat << 'EOF'
*PREFIX*/share/delve/films/scripts/
:   the film scripts; **delve film** without a script plays
    *pits-and-stations.film* from here when the folder it runs in has no
    *films/scripts/* of its own.

*PREFIX*/share/delve/assets/rooms/
:   the stored rooms, for **\-\-rooms**.

*PREFIX*/share/doc/delve/
:   README.md, CHANGELOG.md and LICENSE.

delve reads its data from *share/delve* of the prefix it was built for, else from
*share/delve* beside the *bin/* it runs from (installed under another prefix), else from
the source tree it was built in; **delve film \-\-help** names the default film it found.

EOF
  printf '# SEE ALSO\n\n**delve-film**(5), **delve-dun**(5), **ffmpeg**(1)\n\n'
  printf '*PREFIX*/share/doc/delve/README.md, and *PREFIX*/share/doc/delve/docs/: every command\n'
  printf 'in depth, the films, the viewer, reviews, your own generator and every file format\n'
  printf '(the docs/PAGE.md that help texts name).\n'
}

# A format page: TITLE NAME-LINE FILE, the file's sections as the page's, its "Files"
# section (the source files) left out.
format_5() {
  printf -- '---\ntitle: %s\nsection: 5\nheader: delve manual\nfooter: delve %s\n---\n\n' "$1" "$VERSION"
  printf '# NAME\n\n%s\n\n# DESCRIPTION\n\n' "$2"
  awk 'NR == 1 { next }
       /^```/ { fence = !fence }
       !fence && /^## Files$/ { skip = 1; next }
       !fence && /^## / { skip = 0; sub(/^## /, ""); print "# " toupper($0); next }
       !fence && /^### / { sub(/^### /, "## ") }
       !skip' "$3"
}

# page NAME.SECTION: markdown on stdin into OUT/NAME.SECTION and its .gz. A verbatim
# block is indented as the text around it, not more (pandoc's .IP before its .nf): help
# texts are 80 columns wide already. No hyphenation (.nh): options, paths and file names
# are not words to split.
page() {
  pandoc -f markdown-smart -s -t man --lua-filter "$SRC/scripts/man-filter.lua" |
    sed -e '/^\.IP$/{N;s/^\.IP\n\.nf$/.PP\n.nf/}' -e '/^\.hy$/d' -e '/^\.TH /a .nh\n.ds AD l\n.ad l' > "$OUT/$1"
  gzip -n -9 -c "$OUT/$1" > "$OUT/$1.gz"
}

delve_1 | page delve.1
format_5 DELVE-FILM 'delve-film - the .film script format of delve film and delve view' \
  "$SRC/films/README.md" | page delve-film.5
format_5 DELVE-DUN 'delve-dun - the .dun dungeon file of delve' \
  "$SRC/docs/dun-format.md" | page delve-dun.5
