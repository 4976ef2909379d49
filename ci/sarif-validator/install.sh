#!/usr/bin/env bash
# Installs Microsoft's SARIF validator, pinned by package-lock.json, for
# tests/sarif_ci_validate_test.cc. Scripts are not run on install; the one
# the Linux package has (chmod of its binary) is done here.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
chmod u+x node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 \
  node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool --version | head -1
