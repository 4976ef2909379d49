#!/usr/bin/env bash
# SHA-256 throughput: ampcheck's hash (OpenSSL EVP) next to coreutils'
# sha256sum on a file of the same size, in one run.
#   bench/hash_bench.sh [mb=256] [build-dir=build]
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-256}
build=${2:-build}
cmake --build "$build" --target ampcheck_hash_bench >/dev/null
"$build/ampcheck_hash_bench" "$mb"
file=$(mktemp)
trap 'rm -f "$file"' EXIT
head -c $((mb << 20)) /dev/urandom >"$file"
start=$(date +%s.%N)
sha256sum "$file" >/dev/null
end=$(date +%s.%N)
python3 -c "import sys; s=float(sys.argv[2])-float(sys.argv[1]); print(f'sha256sum: {sys.argv[3]} MiB in {s:.3f} s, {int(sys.argv[3])*1048576/1e6/s:.0f} MB/s (file in page cache)')" "$start" "$end" "$mb"
