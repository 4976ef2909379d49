#!/usr/bin/env bash
# The long campaign, measured in CPU time rather than wall time: runs each
# target in turn until the fuzzer process has used FUZZ_CPU_SECONDS of CPU
# (default 3600, one CPU-hour), so a machine shared with builds still gives
# every target its full hour. New inputs are kept in build-fuzz/campaign/<t>/
# (the next campaign starts from them); figures go to
# build-fuzz/logs/campaign-<t>.log, with the CPU seconds used on the last
# line; failing inputs to build-fuzz/crashes/. Run it niced:
#   nice -n 19 tests/fuzz/campaign.sh               every target
#   FUZZ_CPU_SECONDS=600 tests/fuzz/campaign.sh facts baseline
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir=${BUILD_DIR:-build-fuzz}
budget=${FUZZ_CPU_SECONDS:-3600}
# FUZZ_SKIP_BUILD=1 runs the binaries already built (they may be stale).
[ -n "${FUZZ_SKIP_BUILD:-}" ] || BUILD_DIR=$build_dir tests/fuzz/setup.sh "$@" >/dev/null
tests/fuzz/seed_corpus.sh "$build_dir/corpus" >/dev/null
targets=("$@")
[ $# -gt 0 ] || for binary in "$build_dir"/fuzz_*; do targets+=("${binary##*/fuzz_}"); done
mkdir -p "$build_dir/crashes" "$build_dir/logs"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
ticks=$(getconf CLK_TCK)

dictionary() {
  case $1 in
    facts|baseline|grpc_service_config) echo -dict=tests/fuzz/json.dict ;;
    manifests|policy|app_config|rules|envoy) echo -dict=tests/fuzz/yaml.dict ;;
  esac
}

# CPU seconds (user + system) used so far by process $1 and its children
# that were waited for; 0 once it is gone.
cpu_seconds() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || { echo 0; return; }
  # Fields after the parenthesised command name: utime is 14, stime 15,
  # cutime 16, cstime 17 (proc(5)).
  set -- ${stat##*) }
  echo $(((${12} + ${13} + ${14} + ${15}) / ticks))
}

# A timeout is wall-clock time: a niced fuzzer on a busy machine, or one
# suspended, can time out on an input that is fast. Such an artifact is
# replayed; when the replay uses under a CPU-second (CPU, not wall time: the
# machine may still be busy), it is logged as not reproduced and removed,
# and the target goes on with the CPU time it has left.
reproduces() {
  local TIMEFORMAT='%3U %3S' cpu
  cpu=$({ time timeout 60 "$build_dir/fuzz_$1" -runs=1 "$2" >/dev/null 2>&1; } 2>&1) ||
    return 0
  awk -v cpu="$cpu" 'BEGIN { split(cpu, t, " "); exit !(t[1] + t[2] >= 1) }'
}

failed=0
for target in "${targets[@]}"; do
  keep=$build_dir/campaign/$target
  log=$build_dir/logs/campaign-$target.log
  mkdir -p "$keep" "$build_dir/corpus/$target"
  : >"$log"
  total=0
  status=0
  while [ "$total" -lt "$budget" ]; do
    "$build_dir/fuzz_$target" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$build_dir/crashes/$target-" $(dictionary "$target") \
      "$keep" "$build_dir/corpus/$target" >>"$log" 2>&1 &
    pid=$!
    used=0
    while kill -0 "$pid" 2>/dev/null; do
      used=$(cpu_seconds "$pid")
      [ $((total + used)) -lt "$budget" ] || { kill -INT "$pid"; break; }
      sleep 5
    done
    status=0
    wait "$pid" || status=$?
    total=$((total + used))
    # libFuzzer exits 72 when interrupted (-interrupted_exitcode); any other
    # non-zero status is a failure it found.
    [ "$status" -ne 0 ] && [ "$status" -ne 72 ] || break
    # No timeout artifact is no failure of the script (pipefail).
    stalled=$(ls -t "$build_dir/crashes/$target-timeout-"* 2>/dev/null | head -1) || true
    if [ -n "$stalled" ] && ! reproduces "$target" "$stalled"; then
      echo "timeout not reproduced (replayed in under a CPU-second): $stalled removed" >>"$log"
      rm -f "$stalled"
      status=0
      continue
    fi
    break
  done
  if [ "$status" -ne 0 ] && [ "$status" -ne 72 ]; then
    failed=1
    echo "campaign $target: FAILED (status $status, log $log)"
  else
    echo "campaign $target: ok, $total CPU-seconds, $(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{n += $2} END {print "executions: " n}')"
  fi
  echo "cpu_seconds: $total" >>"$log"
done
exit "$failed"
