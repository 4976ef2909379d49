#!/usr/bin/env bash
# pre-commit hook: scan the repository, subtracting .ampcheck-baseline.json
# when it exists. Extra arguments (the hook's args:) go to ampcheck scan.
set -euo pipefail
baseline_args=()
if [ -f .ampcheck-baseline.json ]; then baseline_args=(--baseline .ampcheck-baseline.json); fi
exec ampcheck scan . "${baseline_args[@]}" "$@"
