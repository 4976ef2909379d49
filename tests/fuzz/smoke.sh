#!/usr/bin/env bash
# Smoke fuzz for CI: builds the fuzz targets (tests/fuzz/setup.sh, in
# build-fuzz/), their seed corpora from the fixtures, and runs each target
# from its seeds for FUZZ_SECONDS (default 20) with the dictionary of its
# format, JOBS targets at a time (default: the number of cores). Fails if any
# target crashes, leaks, breaks a property, or spends over 10 s on one input;
# the input is left in build-fuzz/crashes/ (tests/fuzz/add_regression.sh
# makes it a regression input). The inputs found are thrown away unless
# FUZZ_KEEP=DIR keeps them in DIR/<target>/, which the next run starts from
# (the long campaign, docs/reliability.md). FUZZ_SEED (default 1, the same
# mutations each CI run; 0 = a random one) seeds libFuzzer.
#   tests/fuzz/smoke.sh                 every target
#   tests/fuzz/smoke.sh manifests rules these
#   FUZZ_SECONDS=3600 JOBS=1 FUZZ_SEED=0 FUZZ_KEEP=build-fuzz/campaign tests/fuzz/smoke.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir=${BUILD_DIR:-build-fuzz}
seconds=${FUZZ_SECONDS:-20}
jobs=${JOBS:-$(nproc)}
BUILD_DIR=$build_dir tests/fuzz/setup.sh "$@" >/dev/null
tests/fuzz/seed_corpus.sh "$build_dir/corpus" >/dev/null
targets=("$@")
[ $# -gt 0 ] || for binary in "$build_dir"/fuzz_*; do targets+=("${binary##*/fuzz_}"); done
rm -rf "$build_dir/crashes"
mkdir -p "$build_dir/crashes" "$build_dir/logs"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

# The dictionary of the format a target reads, if any.
dictionary() {
  case $1 in
    facts|baseline|grpc_service_config) echo -dict=tests/fuzz/json.dict ;;
    manifests|policy|app_config|rules|envoy) echo -dict=tests/fuzz/yaml.dict ;;
  esac
}

run() {
  local target=$1 scratch
  if [ -n "${FUZZ_KEEP:-}" ]; then scratch=$FUZZ_KEEP/$target; else scratch=$(mktemp -d); fi
  mkdir -p "$scratch" "$build_dir/corpus/$target"
  # New inputs go to the scratch directory; the seeds stay as built.
  if "$build_dir/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -seed="${FUZZ_SEED:-1}" -print_final_stats=1 -artifact_prefix="$build_dir/crashes/$target-" $(dictionary "$target") \
      "$scratch" "$build_dir/corpus/$target" >"$build_dir/logs/$target.log" 2>&1; then
    echo "fuzz $target: ok, $(grep -o '#[0-9]*.*DONE.*' "$build_dir/logs/$target.log" | tail -1 | tr -s ' ')"
  else
    echo "fuzz $target: FAILED (log $build_dir/logs/$target.log)"
    touch "$build_dir/crashes/$target.failed"
    grep -E 'ERROR|SUMMARY|fuzz_[a-z_]*:' "$build_dir/logs/$target.log" | head -5
  fi
  [ -n "${FUZZ_KEEP:-}" ] || rm -rf "$scratch"
}

start=$SECONDS
running=0
for target in "${targets[@]}"; do
  run "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait
! ls "$build_dir"/crashes/* >/dev/null 2>&1 || {
  echo "smoke fuzz: inputs that failed, in $build_dir/crashes/:" >&2
  ls "$build_dir"/crashes >&2
  exit 1
}
echo "smoke fuzz: ${#targets[@]} targets, ${seconds}s each, $((SECONDS - start))s"
