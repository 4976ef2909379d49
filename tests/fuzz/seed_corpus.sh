#!/usr/bin/env bash
# Builds each fuzz target's seed corpus from the repository's fixtures (and
# shipped rules) into DIR/<target>/ (default build-fuzz/corpus), one file per
# seed named by its content hash. Targets that read several kinds of file
# take the kind from the first byte (tests/fuzz/fuzz_entry.cc, KindsByTarget):
# their seeds get that byte prefixed. The facts and baseline seeds are written
# by the release binary ($AMPCHECK, default build/ampcheck) from the fleets.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-build-fuzz/corpus}
ampcheck=${AMPCHECK:-build/ampcheck}
rm -rf "$out"

# seed TARGET [KIND_BYTE] < content
seed() {
  mkdir -p "$out/$1"
  local tmp
  tmp=$(mktemp)
  { [ $# -lt 2 ] || printf "\\$(printf %03o "$2")"; cat; } >"$tmp"
  mv "$tmp" "$out/$1/$(sha1sum "$tmp" | cut -c1-16)"
}
# each TARGET [KIND_BYTE]: every file named on stdin, one a line.
each() { while IFS= read -r f; do seed "$@" <"$f"; done; }

find fixtures -type f \( -name '*.yaml' -o -name '*.yml' \) ! -name '.ampcheck.yaml' \
  ! -name 'application*' ! -name 'bootstrap*' ! -path 'fixtures/rules/*' | each manifests
find fixtures -type f -name '.ampcheck.yaml' | each policy
find fixtures -type f \( -name 'application*.y*ml' -o -name 'bootstrap*.y*ml' \) | each app_config 0
find fixtures -type f -name '*.properties' | each app_config 1
find fixtures -type f -name '*.json' -exec grep -l methodConfig {} + | each grpc_service_config
find fixtures -type f -name '*.conf' | each nginx
grep -rl --include='*.yaml' static_resources fixtures | each envoy
find rules -mindepth 2 -name '*.yaml' | each rules

# source: main.go Main.java Main.kt main.py main.js main.ts main.tsx Program.cs
kind=0
for pattern in '*.go' '*.java' '*.kt' '*.py' '*.js' '*.ts' '*.tsx' '*.cs'; do
  find fixtures -type f -name "$pattern" | each source $kind
  kind=$((kind + 1))
done
# build_markers: pom.xml package.json go.mod orders.csproj pyproject.toml setup.py
kind=0
for pattern in pom.xml package.json go.mod '*.csproj' pyproject.toml setup.py; do
  find fixtures -type f -name "$pattern" | each build_markers $kind
  kind=$((kind + 1))
done

# Machine-written files, from the fleets that carry manifests.
if [ -x "$ampcheck" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  for fleet in fixtures/fleets/*/ fixtures/example-fleet/; do
    name=$(basename "$fleet")
    "$ampcheck" extract "$fleet" -o "$work/$name.facts.json" >/dev/null 2>&1 || true
    "$ampcheck" baseline "$fleet" -o "$work/$name.baseline.json" >/dev/null 2>&1 || true
  done
  find "$work" -name '*.facts.json' -size +0 | each facts
  find "$work" -name '*.baseline.json' -size +0 | each baseline
else
  echo "seed corpus: no $ampcheck; facts and baseline start empty" >&2
fi
for target in "$out"/*/; do
  echo "$(basename "$target"): $(ls "$target" | wc -l) seeds"
done
