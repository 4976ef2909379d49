#!/usr/bin/env bash
# Synthetic graph benchmark: N services (default 100,000), four calls each,
# resolved and analyzed from facts in memory (no files), then 2N. Prints
# resolve, the graph products alone, the whole analysis with checks, the
# JSON report of it (written to a byte counter, with its size) and analysis
# plus report; checks=0 leaves the checks and the report out. With
# AMPCHECK_BENCH_PER_CHECK=1 it also prints each check's findings and time
# (see docs/performance.md).
#   bench/graph_bench.sh [services=100000] [checks=1] [build-dir=build]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100000}
checks=${2:-1}
build=${3:-build}
AMPCHECK_BENCH_CHECKS=$checks AMPCHECK_BENCH_SERVICES=$n "$build/ampcheck_tests" \
  -tc="graph benchmark: a synthetic fleet resolves whole" -s 2>&1 | grep --line-buffered "bench:" || {
  echo "benchmark test failed" >&2; exit 1; }
