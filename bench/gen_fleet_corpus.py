#!/usr/bin/env python3
"""Generates a synthetic fleet for bench/fleet_bench.sh: REPOS repositories,
each a service in one of Go, Java, Kotlin, Python, TypeScript, JavaScript or
C#, with its Kubernetes manifests, application config, source files of
ordinary code and a few retrying clients, plus noise: vendored trees, tests
that retry, docs that talk about retries, and binary files.

  gen_fleet_corpus.py OUT REPOS

Prints the lines of source and config written (noise not counted) and the
retry sites planted in service code (the ones a complete tool must find).
"""
import os
import random
import sys

out, repos = sys.argv[1], int(sys.argv[2])
rng = random.Random(11)
LANGS = ["go", "java", "kotlin", "python", "typescript", "javascript", "csharp"]


def filler(lang, n, seed):
    """n lines of plausible code with no retry words."""
    lines = []
    for i in range(n):
        k = seed * 1000 + i
        if lang == "go":
            lines.append(f"func helper{k}(a int) int {{ return a*{i % 7 + 1} + {k % 13} }}")
        elif lang in ("java", "csharp"):
            lines.append(f"  static int helper{k}(int a) {{ return a * {i % 7 + 1} + {k % 13}; }}")
        elif lang == "kotlin":
            lines.append(f"fun helper{k}(a: Int): Int = a * {i % 7 + 1} + {k % 13}")
        elif lang == "python":
            lines.append(f"def helper{k}(a):\n    return a * {i % 7 + 1} + {k % 13}")
        else:
            lines.append(f"export function helper{k}(a) {{ return a * {i % 7 + 1} + {k % 13}; }}")
    return "\n".join(lines) + "\n"


def retry_code(lang, n, tries):
    """A retrying client the shipped rules know."""
    if lang == "go":
        return ('import "github.com/hashicorp/go-retryablehttp"\n'
                f"func newClient{n}() *retryablehttp.Client {{\n\tc := retryablehttp.NewClient()\n"
                f"\tc.RetryMax = {tries - 1}\n\treturn c\n}}\n")
    if lang == "java":
        return ("import org.springframework.retry.annotation.Retryable;\n"
                f"class Client{n} {{\n  @Retryable(maxAttempts = {tries})\n"
                f"  String fetch{n}() {{ return http.get(url); }}\n}}\n")
    if lang == "kotlin":
        return ("import org.springframework.retry.annotation.Retryable\n"
                f"class Client{n} {{\n  @Retryable(maxAttempts = {tries})\n"
                f"  fun fetch{n}(): String = http.get(url)\n}}\n")
    if lang == "python":
        return ("from tenacity import retry, stop_after_attempt\n\n"
                f"@retry(stop=stop_after_attempt({tries}))\ndef fetch_{n}():\n    return None\n")
    if lang == "typescript":
        return ("import pRetry from 'p-retry';\n"
                f"export async function fetch{n}() {{ return pRetry(run, {{ retries: {tries - 1} }}); }}\n")
    if lang == "javascript":
        return ("const axiosRetry = require('axios-retry');\n"
                f"axiosRetry(client{n}, {{ retries: {tries - 1} }});\n")
    return ("using Polly;\nclass Client{0} {{\n  void Configure() {{\n"
            "    Policy.Handle<HttpRequestException>().RetryAsync({1});\n  }}\n}}\n").format(n, tries - 1)


EXT = {"go": ".go", "java": ".java", "kotlin": ".kt", "python": ".py",
       "typescript": ".ts", "javascript": ".js", "csharp": ".cs"}
WRAP = {
    "go": ("package svc\n\n", ""),
    "java": ("package com.example.svc;\n\nclass Helpers{n} {{\n", "}\n"),
    "csharp": ("namespace Example.Svc {{\nclass Helpers{n} {{\n", "}\n}\n"),
    "kotlin": ("package com.example.svc\n\n", ""),
    "python": ("", ""),
    "typescript": ("", ""),
    "javascript": ("", ""),
}

lines = 0
sites = 0


def write(path, text, count=True):
    global lines
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    if count:
        lines += text.count("\n")


for r in range(repos):
    name = f"svc-{r:04d}"
    lang = LANGS[r % len(LANGS)]
    root = os.path.join(out, name)
    ext = EXT[lang]
    head, tail = WRAP[lang]
    # Source: ~30 files of ~150 lines; 2 of them retry.
    for f in range(30):
        body = filler(lang, 140, r * 100 + f)
        if lang in ("java", "csharp") and f < 2:
            body = ""  # the retrying class is the whole file
        if f < 2:
            code = retry_code(lang, f, rng.choice([2, 3, 4, 5]))
            sites += 1 if lang != "kotlin" else 1
            text = (head.format(n=f) + body + tail if body else "") + code
            if lang == "go":
                text = "package svc\n\n" + code + filler(lang, 140, r * 100 + f)
            if lang == "java":
                text = "package com.example.svc;\n\n" + code + "class More%d {\n%s}\n" % (f, filler(lang, 140, r * 100 + f))
            if lang == "csharp":
                text = code + "class More%d {\n%s}\n" % (f, filler(lang, 140, r * 100 + f))
        else:
            text = head.format(n=f) + body + tail
        write(os.path.join(root, "src", f"file{f}{ext}"), text)
    # Manifests: the service and its calls to two services of the next of
    # eight tiers (edge, BFF, domain, ..., data): a fleet's depth.
    tier = r % 8
    callees = [] if tier == 7 else [
        f"svc-{(rng.randrange(max(1, repos // 8)) * 8 + tier + 1) % repos:04d}"
        for _ in range(2)]
    env = "".join(f"        - name: DEP{k}_URL\n          value: http://{c}.fleet.svc.cluster.local:8080\n"
                  for k, c in enumerate(callees) if c != name)
    write(os.path.join(root, "deploy", "k8s.yaml"), f"""apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
  namespace: fleet
spec:
  selector:
    matchLabels: {{app: {name}}}
  template:
    metadata:
      labels: {{app: {name}}}
    spec:
      containers:
      - name: {name}
        image: registry.example.com/fleet/{name}:1.0.{r}
        env:
{env}---
apiVersion: v1
kind: Service
metadata:
  name: {name}
  namespace: fleet
spec:
  selector: {{app: {name}}}
  ports:
  - port: 8080
""")
    write(os.path.join(root, "config", "application.yml"),
          "".join(f"feature{k}:\n  enabled: true\n  limit: {k * 10}\n" for k in range(20)))
    # Noise: tests that retry, docs about retries, vendored code, binaries.
    write(os.path.join(root, "test", f"client_test{ext}"),
          head.format(n=99) + (tail if lang in ("java", "csharp") else "") + "\n" + retry_code(lang, 99, 9), count=False)
    write(os.path.join(root, "docs", "README.md"),
          "# Retries\nThis service retries failed calls; see the retry policy.\n" * 20, count=False)
    vendor = "node_modules/retry-lib" if lang in ("typescript", "javascript") else "vendor/retrylib"
    for v in range(5):
        write(os.path.join(root, vendor, f"lib{v}{ext}"),
              retry_code(lang, 200 + v, 3) + filler(lang, 100, 90000 + v), count=False)
    os.makedirs(os.path.join(root, "bin"), exist_ok=True)
    with open(os.path.join(root, "assets.bin"), "wb") as f:
        f.write(bytes(rng.getrandbits(8) for _ in range(20000)))

with open(os.path.join(out, "namespace.yaml"), "w") as f:
    f.write("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: fleet\n  labels:\n    istio-injection: enabled\n")
print(f"corpus: {repos} repositories, {lines} lines of source and config, {sites} retry sites in service code")
