#!/usr/bin/env bash
# A whole cluster on standard input: the mesh fleet of gen_mesh_fleet.py
# (SERVICES services, CALLS calls, Istio retries on a third of them) as one
# multi-document stream, as `kubectl get deploy,svc,vs,dr -A -o yaml` would
# give it, piped into `ampcheck scan - --format json`; then the same for a
# fleet twice as large. Prints wall time, CPU, peak memory and findings per
# service of each, and the ratio of the two. DATAPLANE is the generator's:
# sidecar (Istio), ambient, linkerd or kuma, each optionally +routes (a
# Gateway API route per Service).
# The two sizes run ROUNDS times each, in turn (single, double, single, ...),
# and the figures compared are each size's medians: one run of each swings
# by more than the ratio's margin on a shared machine, and taking the two in
# turn gives both the same swings.
#   bench/cluster_stream_bench.sh [services=20000] [calls=50000] [build-dir=build] [dataplane=sidecar] [rounds=5]
set -euo pipefail
cd "$(dirname "$0")/.."
services=${1:-20000}
calls=${2:-50000}
build=${3:-build}
dataplane=${4:-sidecar}
rounds=${5:-5}
source bench/measure.sh

# stream SERVICES CALLS: the path of the fleet's stream, generated once.
stream() {
  # The sidecar fleet keeps the name it always had.
  local dir=bench/out/mesh-$1-$2
  [ "$dataplane" = sidecar ] || dir=bench/out/mesh-$1-$2-$dataplane
  if [ ! -f "$dir/.done" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    python3 bench/gen_mesh_fleet.py "$dir" "$1" "$2" "$dataplane" >/dev/null
    touch "$dir/.done"
  fi
  if [ ! -f "$dir.stream.yaml" ]; then
    for file in "$dir"/*.yaml; do cat "$file"; printf '\n---\n'; done >"$dir.stream.yaml"
  fi
  echo "$dir.stream.yaml"
}

# run LABEL SERVICES CALLS ROUND: measures one scan into WALL_/CPU_/RSS_LABEL_ROUND;
# the first round also prints what the report holds.
run() {
  local label=$1 round=$4 input; input=$(stream "$2" "$3")
  local out; out=$(mktemp)
  measure "${label}_$round" "$out" "$build/ampcheck" scan - --format json --fail-on never \
    --max-file-size 2000000000 <"$input"
  if [ "$round" = 1 ]; then
    python3 - "$out" "$input" "$label" <<'PY'
import collections, json, os, sys
report = json.load(open(sys.argv[1]))
summary = report["summary"]
by_check = collections.Counter(f["check"] for f in report["findings"])
findings = len(report["findings"])
print(f"{sys.argv[3]}: {os.path.getsize(sys.argv[2]) / 1e6:.1f} MB stream, "
      f"{summary['services']} services, {summary['calls']} calls, {findings} findings "
      f"({findings / max(1, summary['services']):.2f} per service): "
      + ", ".join(f"{check} {n}" for check, n in by_check.most_common()))
PY
  fi
  rm -f "$out"
}

for r in $(seq "$rounds"); do
  run single "$services" "$calls" "$r"
  run double $((services * 2)) $((calls * 2)) "$r"
done
for label in single double; do
  walls=() cpus=() rsss=()
  for r in $(seq "$rounds"); do
    w="WALL_${label}_$r" c="CPU_${label}_$r" m="RSS_${label}_$r"
    walls+=("${!w}") cpus+=("${!c}") rsss+=("${!m}")
  done
  printf -v "WALL_$label" '%s' "$(median "${walls[@]}")"
  printf -v "CPU_$label" '%s' "$(median "${cpus[@]}")"
  printf -v "RSS_$label" '%s' "$(median "${rsss[@]}")"
  w="WALL_$label" c="CPU_$label" m="RSS_$label"
  printf '%s: median of %d runs: wall %.2f s, cpu %.2f s, peak RSS %.1f MiB (walls: %s s)\n' \
    "$label" "$rounds" "${!w}" "${!c}" "$(echo "${!m} / 1024" | bc -l)" "${walls[*]}"
done
echo "twice the fleet costs: $(ratio "$WALL_double" "$WALL_single")x the wall time," \
  "$(ratio "$CPU_double" "$CPU_single")x the CPU, $(ratio "$RSS_double" "$RSS_single")x the memory" \
  "($(nproc) cores, medians of $rounds runs each)"
