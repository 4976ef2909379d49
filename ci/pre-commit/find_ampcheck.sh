# Sourced by the pre-commit hooks: sets $ampcheck to a binary. AMPCHECK, or
# an ampcheck on PATH, is used as is; otherwise the release archive of this
# hook repository's version (project(... VERSION) in its CMakeLists.txt, or
# AMPCHECK_VERSION) is downloaded once with ci/github/install.sh, its SHA-256
# checked, and cached in AMPCHECK_CACHE_DIR (default
# ${XDG_CACHE_HOME:-~/.cache}/ampcheck) for every later run.
hook_repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
if [ -n "${AMPCHECK:-}" ]; then
  ampcheck=$AMPCHECK
elif command -v ampcheck >/dev/null 2>&1; then
  ampcheck=$(command -v ampcheck)
else
  version=${AMPCHECK_VERSION:-$("$hook_repo/scripts/project_version.sh")}
  ampcheck=$(AMPCHECK_VERSION=$version \
    AMPCHECK_CACHE_DIR=${AMPCHECK_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ampcheck} \
    "$hook_repo/ci/github/install.sh") || {
    echo "ampcheck: no ampcheck on PATH and the release $version could not be installed;" \
      "install ampcheck (README.md) or set AMPCHECK to its path" >&2
    exit 2
  }
fi
