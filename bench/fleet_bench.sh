#!/usr/bin/env bash
# Fleet benchmark, one command: generates a corpus of >= 1M lines of source
# and config (Go, Java, Kotlin, Python, TypeScript, JavaScript, C# and
# Kubernetes manifests, with vendored trees, tests, docs and binaries as
# noise) and times side by side on the same warm page cache:
#   ampcheck audit      the whole pipeline, inventory as JSON
#   rg                  7 retry keywords, and the full grep list it replaces
#                       (GREP_LIST, default ../shared/bench/grep-list.txt)
#   ast-grep            one rule per shipped retry rule (bench/astgrep)
# (these three: median of REPEAT runs, default 3)
# then ampcheck audit on a fleet twice the size, and a cached re-run.
# Prints wall time, CPU time, peak RSS, retry sites found, and the ratios.
#   bench/fleet_bench.sh [repos=210] [build-dir=build]
set -euo pipefail
cd "$(dirname "$0")/.."
repos=${1:-210}
build=${2:-build}
grep_list=${GREP_LIST:-../shared/bench/grep-list.txt}
ampcheck=$build/ampcheck
[ -x "$ampcheck" ] || { echo "build first: scripts/setup.sh" >&2; exit 1; }
source bench/measure.sh

install_compared_tools

gen() {  # gen DIR REPOS
  if [ ! -f "$1/.done" ]; then
    rm -rf "$1"
    python3 bench/gen_fleet_corpus.py "$1" "$2" >"$1.summary"
    touch "$1/.done"
  fi
  cat "$1.summary"
}
one=bench/out/fleet-$repos
two=bench/out/fleet-$((repos * 2))
mkdir -p bench/out
gen "$one" "$repos"
gen "$two" $((repos * 2))
# Warm the page cache for every tool alike.
cat $(find "$one" "$two" -type f) >/dev/null

keywords=(-e retry -e retries -e backoff -e maxAttempts -e RetryMax -e stop_after_attempt -e Polly)
out=$(mktemp -d)
measure3 ampcheck "$out/ampcheck.json" "$ampcheck" audit "$one" --format json --fail-on never
measure3 rg "$out/rg.txt" rg -n -i "${keywords[@]}" "$one"
if [ -f "$grep_list" ]; then
  measure3 rglist "$out/rglist.txt" rg -n --no-heading -f "$grep_list" "$one"
fi
measure3 astgrep "$out/astgrep.json" "$astgrep" scan -c bench/astgrep/sgconfig.yml "$one" --json=stream
measure ampcheck2 "$out/ampcheck2.json" "$ampcheck" audit "$two" --format json --fail-on never
rm -rf "$out/cache"
measure cold "$out/cold.json" "$ampcheck" audit "$one" --format json --fail-on never --cache "$out/cache"
measure warm "$out/warm.json" "$ampcheck" audit "$one" --format json --fail-on never --cache "$out/cache"
cmp -s "$out/cold.json" "$out/warm.json" || echo "warning: cached re-run differs" >&2

# Retry sites: layers ampcheck extracted (tests and vendored code excluded),
# lines rg matched, matches ast-grep reported.
"$ampcheck" extract "$one" >"$out/facts.json"
sites_ampcheck=$(grep -o '"rule_id":"' "$out/facts.json" | wc -l)
# The floor under any tree-sitter tool: parsing only the files that hold the
# retry sites ampcheck found, on one thread.
python3 -c '
import json, sys
facts = json.load(open(sys.argv[1]))["facts"]
print("\n".join(sorted({f["file"] for f in facts if f.get("layers")})))
' "$out/facts.json" >"$out/parse-list.txt"
parse_floor=$(AMPCHECK_BENCH_PARSE_ROOT="$one" AMPCHECK_BENCH_PARSE_LIST="$out/parse-list.txt" \
  "$build/ampcheck_tests" -tc="parse floor benchmark" -s 2>&1 | grep -o 'bench: parse only.*' || true)
sites_rg=$(wc -l <"$out/rg.txt")
sites_astgrep=$(wc -l <"$out/astgrep.json")
sites_astgrep_service=$(grep -v -e '/vendor/' -e '/node_modules/' -e '/test/' "$out/astgrep.json" | wc -l)

echo
printf '%-34s %9s %9s %10s %8s\n' "tool ($(nproc) cores)" "wall s" "cpu s" "peak MiB" "sites"
row ampcheck "ampcheck audit" "$sites_ampcheck"
row rg "rg, 7 retry keywords" "$sites_rg"
[ -z "${WALL_rglist:-}" ] || row rglist "rg -f grep-list ($(grep -c . "$grep_list"))" "$(wc -l <"$out/rglist.txt")"
row astgrep "ast-grep scan, equivalent rules" "$sites_astgrep"
row ampcheck2 "ampcheck audit, fleet x2" ""
row cold "ampcheck audit --cache, cold" ""
row warm "ampcheck audit --cache, re-run" ""
echo
echo "ast-grep matches outside vendored trees and tests: $sites_astgrep_service"
echo "ampcheck / rg wall:        $(ratio "$WALL_ampcheck" "$WALL_rg")x   (target <= 3)"
[ -z "${WALL_rglist:-}" ] || echo "ampcheck / rg -f grep-list wall: $(ratio "$WALL_ampcheck" "$WALL_rglist")x   (target <= 1.0)"
echo "ast-grep / ampcheck wall:  $(ratio "$WALL_astgrep" "$WALL_ampcheck")x   (target >= 5)"
echo "fleet x2 / fleet wall:     $(ratio "$WALL_ampcheck2" "$WALL_ampcheck")x   (target <= 2.1)"
echo "fleet x2 / fleet cpu:      $(ratio "$CPU_ampcheck2" "$CPU_ampcheck")x"
if [ -n "$parse_floor" ]; then
  floor_s=$(echo "$parse_floor" | grep -o '[0-9.]* s on one thread' | cut -d' ' -f1)
  echo "${parse_floor#bench: }"
  echo "  that parse alone on $(nproc) cores / rg wall: $(ratio "$(echo "$floor_s / $(nproc)" | bc -l)" "$WALL_rg")x"
fi
echo "ampcheck peak RSS:         $(echo "$RSS_ampcheck / 1024" | bc) MiB (target < 1024)"
rm -rf "$out"
