#!/usr/bin/env bash
# Installs what the conformance suite runs, pinned: the Debian packages in
# debian-packages.txt (name=version, for /usr/bin/python3) and the npm
# packages in js/package-lock.json (into js/node_modules, never committed).
set -euo pipefail
cd "$(dirname "$0")"
missing=()
while IFS= read -r pinned; do
  [ -n "$pinned" ] || continue
  name=${pinned%%=*} version=${pinned#*=}
  [ "$(dpkg-query -W -f '${Version}' "$name" 2>/dev/null)" = "$version" ] || missing+=("$pinned")
done < debian-packages.txt
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ -f js/package-lock.json ] && [ ! -f js/node_modules/.package-lock.json ]; then
  (cd js && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
fi
