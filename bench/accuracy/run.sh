#!/bin/bash
# Re-run the accuracy comparison of docs/accuracy.md from fetched copies.
# Usage: bench/accuracy/run.sh MIRROR_ROOT [compare.py options: --ampcheck BIN, --only SCENARIO, --keep DIR]
# MIRROR_ROOT holds owner+name/repo git dirs (as fetched) or exported trees named owner+name.
set -euo pipefail
if [[ $# -lt 1 ]]; then
  echo "usage: $0 MIRROR_ROOT [--ampcheck BIN] [--only SCENARIO]... [--keep DIR]" >&2
  exit 2
fi
exec python3 "$(dirname "$0")/compare.py" "$@"
