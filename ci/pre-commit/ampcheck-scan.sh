#!/usr/bin/env bash
# pre-commit hook: scan the repository, subtracting .ampcheck-baseline.json
# when it exists. Extra arguments (the hook's args:) go to ampcheck scan.
# ampcheck: find_ampcheck.sh (PATH, else the pinned release, cached).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/find_ampcheck.sh"
baseline_args=()
if [ -f .ampcheck-baseline.json ]; then baseline_args=(--baseline .ampcheck-baseline.json); fi
exec "$ampcheck" scan . "${baseline_args[@]}" "$@"
