#!/bin/sh
# The tools `make bench` times delve beside, installed for the bench only (never by
# `make test`): odiff's native binary from npm's odiff-bin (the @odiff/<platform> package
# it depends on) under BUILD/bench-tools. Prints the binary's path, or nothing when npm
# is missing or the install fails (the bench then says "not run").
# Usage: scripts/bench-tools.sh BUILD
set -u
dir="${1:?build dir}/bench-tools"
command -v npm > /dev/null 2>&1 || { echo "bench-tools: npm not found, odiff left out" >&2; exit 0; }
if [ ! -d "$dir/node_modules/odiff-bin" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --silent odiff-bin@4 > /dev/null 2>&1 ||
    { echo "bench-tools: npm install odiff-bin failed, odiff left out" >&2; exit 0; }
fi
bin=$(cd "$dir" && node -e 'console.log(require("odiff-bin/binary.js").findBinary())' 2> /dev/null)
[ -x "$bin" ] && echo "$bin"
exit 0
