#!/usr/bin/env bash
# Extraction benchmark: generates a large source tree (bench/out/tree, git-ignored)
# and runs the source extractors over it through the test binary, printing
# files/s, MB/s (one thread, then [jobs] threads) and how much the prefilter
# let through.
#   bench/extract_bench.sh [files-per-language=2000] [build-dir=build] [jobs=nproc]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-2000}
build=${2:-build}
jobs=${3:-$(nproc)}
tree=bench/out/tree
if [ ! -f "$tree/.done-v2-$n" ]; then
  rm -rf "$tree" && mkdir -p "$tree"
  python3 - "$tree" "$n" <<'PY'
import os, sys, random
root, n = sys.argv[1], int(sys.argv[2])
random.seed(7)
filler = "\n".join(f"// line {i}: ordinary business logic, no retries here" for i in range(120))
samples = {
  "go": ("go", 'package svc\nimport "github.com/hashicorp/go-retryablehttp"\nfunc newClient() { c := retryablehttp.NewClient(); c.RetryMax = 5 }\n', 'package svc\nfunc add(a, b int) int { return a + b }\n'),
  "java": ("java", 'import org.springframework.retry.annotation.Retryable;\nclass PricingService { @Retryable(maxAttempts = 4) void f() {} }\n', 'class Plain { int add(int a, int b) { return a + b; } }\n'),
  "python": ("py", 'from tenacity import retry, stop_after_attempt\n@retry(stop=stop_after_attempt(5))\ndef f():\n    pass\n', 'def add(a, b):\n    return a + b\n'),
  "js": ("ts", "import pRetry from 'p-retry';\nawait pRetry(run, { retries: 5 });\n", "export const add = (a: number, b: number) => a + b;\n"),
  "kt": ("kt", 'import io.ktor.client.plugins.HttpRequestRetry\nfun c() = HttpClient(CIO) { install(HttpRequestRetry) { retryOnServerErrors(maxRetries = 5) } }\n', 'fun add(a: Int, b: Int) = a + b\n'),
  "cs": ("cs", "using Polly;\nclass C { void F() { Policy.Handle<E>().RetryAsync(3); } }\n", "class P { int Add(int a, int b) => a + b; }\n"),
}
for lang, (ext, hit, miss) in samples.items():
  d = os.path.join(root, lang)
  os.makedirs(d, exist_ok=True)
  for i in range(n):
    body = hit if random.random() < 0.1 else miss
    comment = "#" if ext == "py" else "//"
    with open(os.path.join(d, f"f{i}.{ext}"), "w") as f:
      f.write(body + filler.replace("//", comment) + "\n")
PY
  touch "$tree/.done-v2-$n"
fi
AMPCHECK_BENCH_JOBS="$jobs" AMPCHECK_BENCH_TREE="$PWD/$tree" "$build/ampcheck_tests" -tc="extraction benchmark" -s 2>&1 | grep -E "bench:" || {
  echo "benchmark test failed" >&2; exit 1; }
