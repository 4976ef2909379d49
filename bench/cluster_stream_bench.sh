#!/usr/bin/env bash
# A whole cluster on standard input: the mesh fleet of gen_mesh_fleet.py
# (SERVICES services, CALLS calls, Istio retries on a third of them) as one
# multi-document stream, as `kubectl get deploy,svc,vs,dr -A -o yaml` would
# give it, piped into `ampcheck scan - --format json`; then the same for a
# fleet twice as large. Prints wall time, CPU, peak memory and findings per
# service of each, and the ratio of the two. DATAPLANE is the generator's:
# sidecar (Istio), ambient, linkerd or kuma, each optionally +routes (a
# Gateway API route per Service).
#   bench/cluster_stream_bench.sh [services=20000] [calls=50000] [build-dir=build] [dataplane=sidecar]
set -euo pipefail
cd "$(dirname "$0")/.."
services=${1:-20000}
calls=${2:-50000}
build=${3:-build}
dataplane=${4:-sidecar}
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

run() {
  local label=$1 input; input=$(stream "$2" "$3")
  local out; out=$(mktemp)
  measure "$label" "$out" "$build/ampcheck" scan - --format json --fail-on never \
    --max-file-size 2000000000 <"$input"
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
  rm -f "$out"
}

run single "$services" "$calls"
run double $((services * 2)) $((calls * 2))
printf 'single: wall %.2f s, cpu %.2f s, peak RSS %.1f MiB\n' "$WALL_single" "$CPU_single" \
  "$(echo "$RSS_single / 1024" | bc -l)"
printf 'double: wall %.2f s, cpu %.2f s, peak RSS %.1f MiB\n' "$WALL_double" "$CPU_double" \
  "$(echo "$RSS_double / 1024" | bc -l)"
echo "twice the fleet costs: $(ratio "$WALL_double" "$WALL_single")x the wall time," \
  "$(ratio "$CPU_double" "$CPU_single")x the CPU, $(ratio "$RSS_double" "$RSS_single")x the memory" \
  "($(nproc) cores)"
