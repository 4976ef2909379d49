#!/usr/bin/env bash
# Prints ampcheck's version, as project(ampcheck VERSION ...) in
# CMakeLists.txt sets it (the binary's --version, the release archive's name,
# the tag a release is published under without its v).
set -euo pipefail
sed -n 's/^project(ampcheck VERSION \([0-9.]*\).*/\1/p' "$(dirname "$0")/../CMakeLists.txt"
