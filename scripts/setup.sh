#!/usr/bin/env bash
# Installs what is missing (Debian packages, pinned grammar packages and
# dagre from the npm registry) and builds build/ampcheck. Idempotent.
#   scripts/setup.sh            release build in build/
#   BUILD_DIR=build-asan AMPCHECK_SANITIZE=ON scripts/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake ninja-build pkg-config libyaml-dev libtree-sitter-dev nlohmann-json3-dev
          libfmt-dev doctest-dev libcli11-dev libre2-dev libgit2-dev libssl-dev libjemalloc-dev nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then :; else
    missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
  fi
  read -r -a missing <<<"${missing[*]}"
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

if [ -f grammars/package-lock.json ] && [ ! -f grammars/node_modules/.package-lock.json ]; then
  echo "setup: installing pinned grammars (npm ci)" >&2
  (cd grammars && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
fi

if [ -f graph_layout/package-lock.json ] && [ ! -f graph_layout/node_modules/.package-lock.json ]; then
  echo "setup: installing pinned dagre (npm ci)" >&2
  (cd graph_layout && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
fi

# SETUP_ONLY=1: dependencies only (tests/fuzz/setup.sh builds elsewhere).
[ "${SETUP_ONLY:-}" != 1 ] || exit 0

build_dir=${BUILD_DIR:-build}
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-RelWithDebInfo} \
  -DAMPCHECK_SANITIZE=${AMPCHECK_SANITIZE:-OFF} >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
