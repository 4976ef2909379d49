#!/usr/bin/env python3
"""Generates a synthetic mesh fleet of SERVICES services and CALLS calls,
eight tiers deep, as Kubernetes and Istio manifests, one file per namespace
(a hundred services each): Deployments whose env names their callees,
Services, and a VirtualService with retries and a DestinationRule for a
third of the services. Seeded: the same arguments give the same bytes.
  bench/gen_mesh_fleet.py OUT-DIR SERVICES CALLS
"""
import os, random, sys
out, n, calls = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
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
