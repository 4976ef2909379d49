#!/usr/bin/env bash
# Makes ampcheck available to the Action: an ampcheck already on PATH (or
# AMPCHECK given) is used as is; otherwise it is built from the Action's own
# checkout with scripts/setup.sh (Debian/Ubuntu packages and pinned grammars
# from npm) and installed (cmake --install: bin/ampcheck and
# share/ampcheck/rules, found by the binary relative to itself). Prints the
# installed binary's path.
set -euo pipefail
if [ -n "${AMPCHECK:-}" ]; then echo "$AMPCHECK"; exit 0; fi
if command -v ampcheck >/dev/null 2>&1; then command -v ampcheck; exit 0; fi
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
build_dir=${AMPCHECK_BUILD_DIR:-${RUNNER_TEMP:-/tmp}/ampcheck-build}
# setup.sh installs missing packages with apt-get; hosted runners need sudo.
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then
  sudo -n apt-get update -qq >&2
  sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    g++ cmake ninja-build pkg-config libyaml-dev libtree-sitter-dev nlohmann-json3-dev \
    libfmt-dev doctest-dev libcli11-dev libre2-dev libgit2-dev libssl-dev >&2
fi
(cd "$source_dir" && BUILD_DIR="$build_dir" scripts/setup.sh >&2)
prefix=${AMPCHECK_PREFIX:-${RUNNER_TEMP:-/tmp}/ampcheck}
cmake --build "$build_dir" --target ampcheck >&2
cmake --install "$build_dir" --prefix "$prefix" >&2
echo "$prefix/bin/ampcheck"
