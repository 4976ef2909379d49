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
  python3 - "$dir" "$services" "$calls" <<'PY'
import os, random, sys
out, n, calls = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(5)
namespaces = max(1, n // 100)
ns_of = lambda i: f"team-{i % namespaces:03d}"
callees = {i: set() for i in range(n)}
while sum(len(c) for c in callees.values()) < calls:
    # Eight tiers (edge, BFF, domain, ..., data): calls go one tier down.
    a = rng.randrange(n - n // 8)
    b = (rng.randrange(n // 8) * 8 + a % 8 + 1) % n
    if b != a and b % 8 == a % 8 + 1:
        callees[a].add(b)
files = {}
for i in range(n):
    name, ns = f"svc-{i:05d}", ns_of(i)
    env = "".join(
        f"        - name: DEP_{k}_URL\n          value: http://svc-{c:05d}.{ns_of(c)}.svc.cluster.local:8080\n"
        for k, c in enumerate(sorted(callees[i])))
    doc = f"""apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
  namespace: {ns}
spec:
  selector:
    matchLabels: {{app: {name}}}
  template:
    metadata:
      labels: {{app: {name}}}
    spec:
      containers:
      - name: {name}
        image: registry.example.com/{ns}/{name}:1.0.0
""" + (f"        env:\n{env}" if env else "") + f"""---
apiVersion: v1
kind: Service
metadata:
  name: {name}
  namespace: {ns}
spec:
  selector: {{app: {name}}}
  ports:
  - port: 8080
"""
    if i % 3 == 0:
        doc += f"""---
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: {name}
  namespace: {ns}
spec:
  hosts: [{name}]
  http:
  - route:
    - destination: {{host: {name}}}
    retries: {{attempts: {rng.choice([0, 1, 2, 3])}, perTryTimeout: 500ms}}
    timeout: 3s
---
apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata:
  name: {name}
  namespace: {ns}
spec:
  host: {name}
  trafficPolicy:
    connectionPool:
      http: {{maxRetries: 10}}
"""
    files.setdefault(ns, []).append(doc)
for ns, docs in files.items():
    with open(os.path.join(out, f"{ns}.yaml"), "w") as f:
        f.write(f"apiVersion: v1\nkind: Namespace\nmetadata:\n  name: {ns}\n  labels:\n    istio-injection: enabled\n---\n")
        f.write("---\n".join(docs))
print(f"fleet: {n} services, {sum(len(c) for c in callees.values())} calls, {len(files)} namespaces")
PY
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
