#!/bin/sh
# Runs libFuzzer targets one after another (`make fuzz`): each for SECONDS (and at most
# FUZZ_RUNS executions when set), starting from the committed corpus
# tests/fuzz/corpus/NAME and the local one BUILD/corpus/NAME, where new inputs go (not
# committed). Crashes go to BUILD/crashes/NAME/, each target's log to BUILD/logs/NAME.log.
# Prints per target: executions, exec/s, cov, ft, corpus size, crashes. Exit 1 when a
# target crashed.
# Usage: tests/fuzz/run.sh BUILD SECONDS NAME...   (env FUZZ_RUNS, FUZZ_ARGS: more flags)
set -u
build=$1 seconds=$2
shift 2
src=$(cd "$(dirname "$0")" && pwd)
failed=0
stat_of() { sed -n "s/^stat::$1: *//p" "$log" | tail -n 1; }
printf '%-8s %12s %8s %6s %6s %6s %8s\n' target execs exec/s cov ft corpus crashes
for name in "$@"; do
  local_corpus="$build/corpus/$name" crashes="$build/crashes/$name" log="$build/logs/$name.log"
  mkdir -p "$local_corpus" "$crashes" "$build/logs"
  before=$(ls "$crashes" | wc -l)
  # film and sav: each input's energy scaled by its speed, so the slow ones (long Shoals
  # waits, new dungeons: the simulation's time, not the readers') are mutated less often
  case $name in film|sav) speed=-entropic_scale_per_exec_time=1 ;; *) speed= ;; esac
  # shellcheck disable=SC2086
  "$build/tests/fuzz/fuzz-$name" -max_total_time="$seconds" -runs="${FUZZ_RUNS:--1}" \
    -dict="$src/$name.dict" -artifact_prefix="$crashes/" -timeout=25 -rss_limit_mb=2560 \
    -print_final_stats=1 $speed ${FUZZ_ARGS:-} "$local_corpus" "$src/corpus/$name" > "$log" 2>&1
  rc=$?
  done_line=$(grep -E '^#[0-9]+[[:space:]]+(DONE|NEW|REDUCE|pulse|INITED)' "$log" | tail -n 1)
  cov=$(echo "$done_line" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$done_line" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  corp=$(echo "$done_line" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
  new=$(( $(ls "$crashes" | wc -l) - before ))
  printf '%-8s %12s %8s %6s %6s %6s %8s\n' "$name" "$(stat_of number_of_executed_units)" \
    "$(stat_of average_exec_per_sec)" "$cov" "$ft" "$corp" "$new"
  if [ "$rc" != 0 ] || [ "$new" != 0 ]; then
    echo "fuzz: $name stopped (exit $rc): see $log and $crashes/" >&2
    failed=1
  fi
done
exit $failed
