#!/usr/bin/env python3
"""Generates a synthetic mesh fleet of SERVICES services and CALLS calls,
eight tiers deep, as Kubernetes and Istio manifests, one file per namespace
(a hundred services each): Deployments whose env names their callees,
Services, and a VirtualService with retries and a DestinationRule for a
third of the services. Seeded: the same arguments give the same bytes.
DATAPLANE (default sidecar) chooses the data plane and its retry policies
for that third: sidecar (Istio VirtualService and DestinationRule), ambient
(Istio ambient, a waypoint on those Services and their VirtualService),
linkerd (a ServiceProfile with a retryable route) or kuma (a MeshRetry);
with "+routes" (linkerd+routes) every Service also has a Gateway API
HTTPRoute (GAMMA) retrying twice, every other one Linkerd retry annotations,
and every fifth an XBackendTrafficPolicy retry budget.
  bench/gen_mesh_fleet.py OUT-DIR SERVICES CALLS [DATAPLANE[+routes]]
"""
import os, random, sys
out, n, calls = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
dataplane = sys.argv[4] if len(sys.argv) > 4 else "sidecar"
routes = dataplane.endswith("+routes")
dataplane = dataplane.removesuffix("+routes")
if dataplane not in ("sidecar", "ambient", "linkerd", "kuma"):
    sys.exit(f"unknown data plane {dataplane}: sidecar, ambient, linkerd or kuma")
rng = random.Random(5)
namespaces = max(1, n // 100)
ns_of = lambda i: f"team-{i % namespaces:03d}"
callees = {i: set() for i in range(n)}
made = 0
while made < calls:
    # Eight tiers (edge, BFF, domain, ..., data): calls go one tier down.
    a = rng.randrange(n - n // 8)
    b = (rng.randrange(n // 8) * 8 + a % 8 + 1) % n
    if b != a and b % 8 == a % 8 + 1 and b not in callees[a]:
        callees[a].add(b)
        made += 1
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
""" + ("  labels: {istio.io/use-waypoint: waypoint}\n"
       if dataplane == "ambient" and i % 3 == 0 else "") + f"""spec:
  selector: {{app: {name}}}
  ports:
  - port: 8080
"""
    if routes:
        annotations = ("\n  annotations: {retry.linkerd.io/http: 5xx, "
                       "retry.linkerd.io/limit: \"2\"}" if i % 2 else "")
        doc += f"""---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: {name}
  namespace: {ns}{annotations}
spec:
  parentRefs: [{{group: "", kind: Service, name: {name}, port: 8080}}]
  rules:
  - backendRefs: [{{name: {name}, port: 8080}}]
    retry: {{attempts: 2}}
"""
        if i % 5 == 0:
            doc += f"""---
apiVersion: gateway.networking.x-k8s.io/v1alpha1
kind: XBackendTrafficPolicy
metadata: {{name: {name}-budget, namespace: {ns}}}
spec:
  targetRefs: [{{group: "", kind: Service, name: {name}}}]
  retryConstraint:
    budget: {{percent: 30}}
"""
    if i % 3 == 0 and dataplane == "linkerd":
        doc += f"""---
apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: {name}.{ns}.svc.cluster.local
  namespace: {ns}
spec:
  routes:
  - name: GET /api
    condition: {{method: GET, pathRegex: /api/.*}}
    isRetryable: true
    timeout: 3s
"""
    elif i % 3 == 0 and dataplane == "kuma":
        doc += f"""---
apiVersion: kuma.io/v1alpha1
kind: MeshRetry
metadata:
  name: {name}-retry
  namespace: kuma-system
  labels: {{kuma.io/mesh: default}}
spec:
  targetRef: {{kind: Mesh}}
  to:
  - targetRef: {{kind: MeshService, name: {name}, namespace: {ns}}}
    default:
      http:
        numRetries: {rng.choice([0, 1, 2, 3])}
        perTryTimeout: 500ms
"""
    elif i % 3 == 0:
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
        marker = {"sidecar": "  labels:\n    istio-injection: enabled",
                  "ambient": "  labels:\n    istio.io/dataplane-mode: ambient",
                  "linkerd": "  annotations:\n    linkerd.io/inject: enabled",
                  "kuma": "  labels:\n    kuma.io/sidecar-injection: enabled"}[dataplane]
        f.write(f"apiVersion: v1\nkind: Namespace\nmetadata:\n  name: {ns}\n{marker}\n---\n")
        f.write("---\n".join(docs))
print(f"fleet: {n} services, {sum(len(c) for c in callees.values())} calls, {len(files)} namespaces")
