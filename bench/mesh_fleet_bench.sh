#!/usr/bin/env bash
# Mesh fleet benchmark: generates a synthetic fleet of SERVICES services and
# CALLS calls (eight tiers deep) as Kubernetes and Istio manifests (one file per namespace:
# Deployments whose env names their callees, Services, and VirtualServices
# and DestinationRules for a third of the services), then prints the time
# and peak memory of `ampcheck scan` over it.
#   bench/mesh_fleet_bench.sh [services=5000] [calls=20000] [build-dir=build]
set -euo pipefail
cd "$(dirname "$0")/.."
services=${1:-5000}
calls=${2:-20000}
build=${3:-build}
source bench/measure.sh
dir=bench/out/mesh-$services-$calls
if [ ! -f "$dir/.done" ]; then
  rm -rf "$dir" && mkdir -p "$dir"
  python3 bench/gen_mesh_fleet.py "$dir" "$services" "$calls"
  touch "$dir/.done"
fi
out=$(mktemp)
measure scan "$out" "$build/ampcheck" scan "$dir" --format json --fail-on never
python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
s = r['summary']
print(f\"scanned: {s['services']} services, {s['calls']} calls, {s['errors']} errors, {s['warnings']} warnings\")" "$out"
printf 'ampcheck scan: wall %.2f s, cpu %.2f s, peak RSS %.1f MiB (%s cores)\n' \
  "$WALL_scan" "$CPU_scan" "$(echo "$RSS_scan / 1024" | bc -l)" "$(nproc)"
rm -f "$out"
