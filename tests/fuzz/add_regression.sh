#!/usr/bin/env bash
# Makes an input a fuzzer found a regression input:
#   tests/fuzz/add_regression.sh TARGET INPUT CASE
# writes tests/fuzz/regressions/TARGET/CASE--<file name> (the file the
# input stands for, tests/fuzz/fuzz_entry.h; "--" reads as "/") and its
# .expected from the release build's replay (build/ampcheck_tests). Check
# the .expected: it is what a user sees once the bug is fixed.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 3 ] || { echo "usage: $0 TARGET INPUT CASE" >&2; exit 2; }
target=$1 input=$2 case=$3
build_dir=${BUILD_DIR:-build-fuzz}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The fuzz binary writes the decoded file; a crash there is expected.
AMPCHECK_FUZZ_SAVE_TO=$work "$build_dir/fuzz_$target" -runs=1 "$input" >/dev/null 2>&1 || true
decoded=$(ls -A "$work")
[ -n "$decoded" ] || { echo "$0: fuzz_$target wrote nothing" >&2; exit 1; }
mkdir -p "tests/fuzz/regressions/$target"
cp "$work/$decoded" "tests/fuzz/regressions/$target/$case--$decoded"
AMPCHECK_UPDATE_REGRESSIONS=1 build/ampcheck_tests -tc='*regression input*' >/dev/null || true
echo "tests/fuzz/regressions/$target/$case--$decoded"
cat "tests/fuzz/regressions/$target/$case--$decoded.expected"
