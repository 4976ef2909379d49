#!/usr/bin/env bash
# pre-commit hook: fail only on findings the uncommitted change adds or
# worsens, compared with HEAD. Extra arguments (the hook's args:) go to
# ampcheck diff. ampcheck: find_ampcheck.sh (PATH, else the pinned release,
# cached).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/find_ampcheck.sh"
exec "$ampcheck" diff --base HEAD . "$@"
