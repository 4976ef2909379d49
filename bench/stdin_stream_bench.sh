#!/usr/bin/env bash
# Large standard input: a multi-document stream shaped like a cluster dump
# (`kubectl get deploy,svc,vs -A -o yaml` split into documents: Deployments
# with managedFields and status, Services, VirtualServices), about MB
# megabytes, piped into `ampcheck scan -` (text, then JSON); prints time and
# peak memory of each.
#   bench/stdin_stream_bench.sh [mb=50] [build-dir=build]
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-50}
build=${2:-build}
source bench/measure.sh
stream=bench/out/stream-$mb.yaml
if [ ! -f "$stream" ]; then
  mkdir -p bench/out
  python3 - "$stream" "$mb" <<'PY'
import sys
path, mb = sys.argv[1], int(sys.argv[2])
managed = "".join(
    f"    - apiVersion: apps/v1\n      fieldsType: FieldsV1\n      fieldsV1:\n"
    f"        f:metadata: {{f:labels: {{f:app: {{}}, f:tier-{k}: {{}}}}}}\n"
    f"      manager: kubectl-client-side-apply\n      operation: Update\n"
    f"      time: \"2026-11-01T10:0{k}:00Z\"\n" for k in range(6))
with open(path, "w") as out:
    size, i = 0, 0
    while size < mb * 1000 * 1000:
        ns, name, callee = f"team-{i % 200:03d}", f"svc-{i:06d}", f"svc-{(i + 1):06d}"
        doc = f"""apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
  namespace: {ns}
  labels: {{app: {name}}}
  annotations:
    deployment.kubernetes.io/revision: "3"
  managedFields:
{managed}spec:
  replicas: 2
  selector:
    matchLabels: {{app: {name}}}
  template:
    metadata:
      labels: {{app: {name}}}
    spec:
      containers:
      - name: {name}
        image: registry.example.com/{ns}/{name}:1.0.0
        env:
        - name: NEXT_URL
          value: http://{callee}.{ns}.svc.cluster.local:8080
status:
  availableReplicas: 2
  conditions:
  - {{type: Available, status: "True", reason: MinimumReplicasAvailable}}
  - {{type: Progressing, status: "True", reason: NewReplicaSetAvailable}}
---
apiVersion: v1
kind: Service
metadata: {{name: {name}, namespace: {ns}}}
spec:
  selector: {{app: {name}}}
  ports: [{{port: 8080}}]
---
"""
        if i % 3 == 0:
            doc += f"""apiVersion: networking.istio.io/v1
kind: VirtualService
metadata: {{name: {name}, namespace: {ns}}}
spec:
  hosts: [{name}]
  http:
  - route: [{{destination: {{host: {name}}}}}]
    retries: {{attempts: 2, perTryTimeout: 500ms}}
    timeout: 3s
---
"""
        out.write(doc)
        size += len(doc)
        i += 1
print(f"stream: {size / 1e6:.1f} MB, {i} Deployments")
PY
fi
out=$(mktemp)
measure text "$out" sh -c "\"$build/ampcheck\" scan - --fail-on never --max-file-size 200000000 < \"$stream\""
measure json "$out" sh -c "\"$build/ampcheck\" scan - --format json --fail-on never --max-file-size 200000000 < \"$stream\""
python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))['summary']
print(f\"scanned: {s['services']} services, {s['calls']} calls\")" "$out" || true
for format in text json; do
  w="WALL_$format" c="CPU_$format" r="RSS_$format"
  printf 'ampcheck scan - --format %s < %s (%s MB): wall %.2f s, cpu %.2f s, peak RSS %.1f MiB (%s cores)\n' \
    "$format" "$stream" "$mb" "${!w}" "${!c}" "$(echo "${!r} / 1024" | bc -l)" "$(nproc)"
done
rm -f "$out"
