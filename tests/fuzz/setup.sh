#!/usr/bin/env bash
# Installs clang and its libFuzzer/sanitizer runtimes (Debian bookworm,
# pinned) and builds the fuzz targets, tests/fuzz/fuzz_target.cc once per
# target, into build-fuzz/ (BUILD_DIR to change it). Idempotent.
#   tests/fuzz/setup.sh                 every target
#   tests/fuzz/setup.sh manifests rules these (build-fuzz/fuzz_manifests, ...)
set -euo pipefail
cd "$(dirname "$0")/../.."

packages=(clang=1:14.0-55.7~deb12u1 clang-14=1:14.0.6-12 libclang-rt-14-dev=1:14.0.6-12)
missing=()
for p in "${packages[@]}"; do
  [ "$(dpkg-query -W -f='${Version}' "${p%%=*}" 2>/dev/null)" = "${p#*=}" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fuzz setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The release build's dependencies (libraries, grammars) come from the
# project's own setup; only its packages and grammars are needed here.
SETUP_ONLY=1 scripts/setup.sh

build_dir=${BUILD_DIR:-build-fuzz}
# -O1 keeps stacks readable and the build short; assertions stay on.
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_C_FLAGS_DEBUG="-O1 -g" -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" \
  -DAMPCHECK_FUZZ=ON >/dev/null
targets=(fuzz)
[ $# -eq 0 ] || targets=("${@/#/fuzz_}")
cmake --build "$build_dir" -j"${JOBS:-$(nproc)}" --target "${targets[@]}"
