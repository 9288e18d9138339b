# `delve completion bash|zsh|fish`: bash completes (the function called as bash calls it,
# COMPREPLY read), zsh loads it (sourced and from $fpath, under compinit) and fish answers
# `complete -C`; every option a command's --help documents is offered, and every option
# offered is one its parser takes. zsh, fish and bash-completion come with
# scripts/deps.sh --test: a missing one fails.
. "${0%/*}/lib.bash" "$@" || exit 2
"$DELVE" completion bash > "$TMP/delve.bash"
check "delve completion bash (exit $?)" test -s "$TMP/delve.bash"
"$DELVE" completion zsh > "$TMP/_delve" && "$DELVE" completion fish > "$TMP/delve.fish"
check "delve completion zsh and fish" test -s "$TMP/_delve" -a -s "$TMP/delve.fish"
"$DELVE" completion tcsh > /dev/null 2> "$TMP/err"
check "delve completion tcsh: exit 2, naming the shells" sh -c "test $? = 2 && grep -q 'bash, zsh or fish' '$TMP/err'"
for f in delve.bash _delve delve.fish; do
  [ -f "$BUILD/completion/$f" ] && check "the build's completion/$f is delve completion's" cmp -s "$BUILD/completion/$f" "$TMP/$f"
done

# comp WORD...: what the bash function offers for the last word, one line each
comp() {
  bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _delve
           printf "%s\n" "${COMPREPLY[@]}"' comp "$TMP/delve.bash" "$@" 2>&1
}
offers() { # offers WANT WORD...: the last word completes to WANT among others
  local want=$1; shift
  local got; got=$(comp "$@")
  if grep -qxF -- "$want" <<< "$got"; then ok "bash: $* -> $want"
  else bad "bash: $* -> $want (offered: $(tr '\n' ' ' <<< "$got"))"; fi
}
offers film delve fi
offers completion delve comp
offers --type delve shot --ty
offers caves delve shot --type ca
offers --type=caves delve shot --type=ca
offers caves delve shot --type = ca
offers off delve gen --rising o
offers on delve view --single-monster ''
offers tmj delve gen --format t
offers shots delve merge sh
offers zsh delve completion z
offers -o delve diff -
offers --per-floor delve stats --per
mkdir -p "$TMP/w/sub dir" && touch "$TMP/w/a.film" "$TMP/w/b.dun" "$TMP/w/c.png" && cd "$TMP/w" || exit 2
offers a.film delve film ''
offers 'sub dir' delve film ''
check "bash: delve film offers .film scripts, not other files" sh -c "! grep -qx 'b.dun' <<EOF
$(comp delve film '')
EOF"
offers b.dun delve check ''
offers b.dun delve shot --dun ''
offers c.png delve diff ''
offers 'sub dir' delve shot --rooms ''
offers c.png delve gallery -o ''
cd "$OLDPWD" || exit 2
check "bash: no value offered for --seed" test -z "$(comp delve gen --seed '')"

# Each command's options: those its --help documents (in its usage lines, or starting a
# line: "  --floors K  ...", "--per-floor: ...") are all offered; each long option offered
# is named in its --help and taken by its parser (no "unknown option").
help_opts() {
  "$DELVE" "$1" --help | awk '/^usage:/ { u = 1 } /^$/ { u = 0 } u { print; next } /^ *-/' |
    grep -oE '(^|[ [|(])--?[a-z][a-z0-9-]*' | sed 's/^[ [|(]//' | sort -u
}
for cmd in $("$DELVE" --help | awk '/^  [a-z]/ { print $1 }'); do
  offered=$(comp delve "$cmd" - | sort -u)
  missing=$(comm -23 <(help_opts "$cmd") <(printf '%s\n' "$offered"))
  check "$cmd: every option of its --help is offered${missing:+ (not: $(echo $missing))}" test -z "$missing"
  undocumented=""; unknown=""
  case $(comp delve "$cmd" '') in *shots*) first=shots ;; *) first= ;; esac
  for o in $offered; do
    case $o in --help|--out) ;; # every command's (--out: -o's long name, cli_split_long)
      --*) "$DELVE" "$cmd" --help | grep -qE -- "(^|[^a-z-])$o([^a-z-]|$)" || undocumented="$undocumented $o" ;; esac
    (cd "$TMP" && timeout 20 "$DELVE" "$cmd" $first "$o" x --help > /dev/null 2> "$TMP/opt.err")
    grep -q "unknown option" "$TMP/opt.err" && unknown="$unknown $o"
  done
  check "$cmd: every long option offered is in its --help${undocumented:+ (not:$undocumented)}" test -z "$undocumented"
  check "$cmd: its parser takes every option offered${unknown:+ (not:$unknown)}" test -z "$unknown"
done

have() { command -v "$1" > /dev/null; }
if check "zsh is installed (scripts/deps.sh --test)" have zsh; then
  zsh -f -c "autoload -Uz compinit && compinit -u -d '$TMP/zcompdump' && source '$TMP/_delve' &&
             [[ \$_comps[delve] == _delve ]]" > "$TMP/zsh.out" 2>&1
  check "zsh: sourced after compinit, _delve completes delve, nothing said ($(head -c 200 "$TMP/zsh.out"))" \
    sh -c "test $? = 0 && ! test -s '$TMP/zsh.out'"
  mkdir -p "$TMP/fpath" && cp "$TMP/_delve" "$TMP/fpath/"
  zsh -f -c "fpath=('$TMP/fpath' \$fpath); autoload -Uz compinit && compinit -u -d '$TMP/zcompdump2' &&
             [[ \$_comps[delve] == _delve ]] && autoload +X _delve && (( \$+functions[_delve] ))" > "$TMP/zsh.out" 2>&1
  check "zsh: from \$fpath as _delve, compinit finds it and it loads ($(head -c 200 "$TMP/zsh.out"))" \
    sh -c "test $? = 0 && ! test -s '$TMP/zsh.out'"
  # zsh asked as a user asks it: an interactive zsh on a pseudo-terminal (zsh/zpty), a
  # line typed with a TAB, the line read back as zsh completed it
  cat > "$TMP/zpty.zsh" << EOF
zmodload zsh/zpty || exit 1
zpty z 'zsh -f -i'
zpty -w z 'PS1="> "; autoload -Uz compinit; compinit -u -d "$TMP/zcompdump3"; source "$TMP/_delve"; print READY-\$((6 * 7))'
zpty -r z ready '*READY-42*' # the shell reads what is typed next in its line editor
zpty -w -n z \$'delve shot --type ca\t'; sleep 1
zpty -w -n z \$'\C-udelve compl\t'; sleep 1
zpty -w -n z \$'\C-udelve gen --rooms=tests/fix\t'; sleep 1
all=
for i in {1..200}; do # until the last line is completed, or 20 s
  while zpty -rt z chunk 2> /dev/null; do all+=\$chunk; done
  [[ \$all == *fixtures* ]] && break
  sleep 0.1
done
zpty -d z
print -r -- "\$all"
EOF
  timeout 60 zsh -f "$TMP/zpty.zsh" 2> /dev/null | tr -d '\r' | sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g' > "$TMP/zpty.out"
  for want in 'delve shot --type caves' 'delve completion' 'delve gen --rooms=tests/fixtures/'; do
    check "zsh: a TAB makes the line '$want'" grep -qF -- "$want" "$TMP/zpty.out"
  done
fi
if check "fish is installed (scripts/deps.sh --test)" have fish; then
  fish_offers() { # fish_offers WANT LINE
    local got; got=$(HOME="$TMP" XDG_CONFIG_HOME="$TMP/config" XDG_DATA_HOME="$TMP/data" \
      fish --no-config -c "source '$TMP/delve.fish'; complete -C '$2'" 2>&1 | cut -f1)
    if grep -qxF -- "$1" <<< "$got"; then ok "fish: '$2' -> $1"
    else bad "fish: '$2' -> $1 (offered: $(tr '\n' ' ' <<< "$got" | head -c 300))"; fi
  }
  fish_offers film 'delve fi'
  fish_offers --type 'delve shot --ty'
  fish_offers caves 'delve shot --type '
  fish_offers on 'delve gen --rising '
  fish_offers --quiet 'delve film --q'
  fish_offers json 'delve stats --format '
fi
check "bash-completion is installed (scripts/deps.sh --test)" test -f /usr/share/bash-completion/bash_completion
finish
