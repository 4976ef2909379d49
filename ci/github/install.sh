#!/usr/bin/env bash
# Makes ampcheck available to the Action and prints the installed binary's
# path:
# - AMPCHECK given, or an ampcheck on PATH: used as is;
# - AMPCHECK_VERSION given (the Action's `version` input): the release
#   archive ampcheck-<version>-linux-<arch>.tar.gz and its .sha256 are
#   downloaded from AMPCHECK_RELEASE_URL (default the repository's GitHub
#   release v<version>), the sum checked with sha256sum, and the archive
#   unpacked into AMPCHECK_CACHE_DIR (default the runner's tool cache), where
#   the next run with the same version finds it without downloading;
# - otherwise it is built from the Action's own checkout with
#   scripts/setup.sh (Debian/Ubuntu packages and pinned grammars from npm)
#   and installed (cmake --install: bin/ampcheck and share/ampcheck/rules,
#   found by the binary relative to itself).
set -euo pipefail
if [ -n "${AMPCHECK:-}" ]; then echo "$AMPCHECK"; exit 0; fi
if [ -z "${AMPCHECK_VERSION:-}" ] && command -v ampcheck >/dev/null 2>&1; then
  command -v ampcheck
  exit 0
fi
if [ -n "${AMPCHECK_VERSION:-}" ]; then
  version=${AMPCHECK_VERSION#v}
  name=ampcheck-$version-linux-$(uname -m)
  cache=${AMPCHECK_CACHE_DIR:-${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-/tmp}}/ampcheck}
  if [ -x "$cache/$name/bin/ampcheck" ]; then
    echo "$cache/$name/bin/ampcheck"
    exit 0
  fi
  url=${AMPCHECK_RELEASE_URL:-https://github.com/${AMPCHECK_REPOSITORY:-ampcheck/ampcheck}/releases/download/v$version}
  download=$(mktemp -d)
  trap 'rm -rf "$download"' EXIT
  fetch() {  # fetch URL FILE: curl, else wget, else Python
    if command -v curl >/dev/null 2>&1; then
      curl -fsSL --retry 3 -o "$2" "$1"
    elif command -v wget >/dev/null 2>&1; then
      wget -q -O "$2" "$1"
    else
      python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$1" "$2"
    fi
  }
  for file in "$name.tar.gz" "$name.tar.gz.sha256"; do
    fetch "$url/$file" "$download/$file" || {
      echo "ampcheck: cannot download $url/$file" >&2
      exit 2
    }
  done
  (cd "$download" && sha256sum -c --status "$name.tar.gz.sha256") || {
    echo "ampcheck: $name.tar.gz does not match its SHA-256 ($url/$name.tar.gz.sha256); not installed" >&2
    exit 2
  }
  mkdir -p "$cache"
  tar -C "$download" -xzf "$download/$name.tar.gz"
  rm -rf "${cache:?}/$name"
  mv "$download/$name" "$cache/$name"
  echo "$cache/$name/bin/ampcheck"
  exit 0
fi
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
build_dir=${AMPCHECK_BUILD_DIR:-${RUNNER_TEMP:-/tmp}/ampcheck-build}
# setup.sh installs missing packages with apt-get; hosted runners need sudo.
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then
  sudo -n apt-get update -qq >&2
  sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    g++ cmake ninja-build pkg-config libyaml-dev libtree-sitter-dev nlohmann-json3-dev \
    libfmt-dev doctest-dev libcli11-dev libre2-dev libgit2-dev libssl-dev libjemalloc-dev >&2
fi
(cd "$source_dir" && BUILD_DIR="$build_dir" scripts/setup.sh >&2)
prefix=${AMPCHECK_PREFIX:-${RUNNER_TEMP:-/tmp}/ampcheck}
cmake --build "$build_dir" --target ampcheck >&2
cmake --install "$build_dir" --prefix "$prefix" >&2
echo "$prefix/bin/ampcheck"
