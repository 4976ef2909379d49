#!/usr/bin/env bash
# Retry-site search on a corpus of repositories, one command. Times on the
# same warm page cache, each REPEAT times (default 3, the median is kept):
#   ampcheck audit CORPUS     the fleet inventory as JSON (each top-level
#                             directory of CORPUS is a repository)
#   rg -f GREP_LIST CORPUS    the retry grep list an audit replaces
#   ast-grep scan CORPUS      bench/astgrep: one rule per shipped retry rule
# and prints wall time, CPU time, peak RSS, retry sites and the ratios
# against the targets (ampcheck at most 1.0x rg, ast-grep at least 5x
# ampcheck).
#   bench/real_corpus_bench.sh [corpus=/tmp/realcorpus/c0] [build-dir=build]
# The real corpus (never committed) is built from fetched bare mirrors:
#   ../shared/bench/make_corpus.sh MIRROR_ROOT /tmp/realcorpus
# GREP_LIST overrides the grep list (default ../shared/bench/grep-list.txt);
# the generated corpus works too: bench/real_corpus_bench.sh bench/out/fleet-210
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-/tmp/realcorpus/c0}
build=${2:-build}
grep_list=${GREP_LIST:-../shared/bench/grep-list.txt}
ampcheck=$build/ampcheck
[ -x "$ampcheck" ] || { echo "build first: scripts/setup.sh" >&2; exit 1; }
[ -d "$corpus" ] || { echo "no corpus at $corpus: ../shared/bench/make_corpus.sh MIRROR_ROOT /tmp/realcorpus" >&2; exit 1; }
[ -f "$grep_list" ] || { echo "no grep list at $grep_list (GREP_LIST=...)" >&2; exit 1; }
source bench/measure.sh

install_compared_tools

# Warm the page cache for every tool alike.
find "$corpus" -type f -print0 | xargs -0 cat >/dev/null
files=$(find "$corpus" -type f | wc -l)
size=$(du -sh "$corpus" | cut -f1)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# --no-render: rg and ast-grep run no helm or kubectl either. RENDER=1 also
# times the default, which builds each kustomize root and renders each Helm
# chart when kubectl, kustomize or helm is on PATH.
measure3 ampcheck "$out/ampcheck.json" "$ampcheck" audit "$corpus" --format json --fail-on never --no-render
if [ "${RENDER:-}" = 1 ]; then
  measure3 render "$out/render.json" "$ampcheck" audit "$corpus" --format json --fail-on never
fi
measure3 rg "$out/rg.txt" rg -n --no-heading -f "$grep_list" "$corpus"
measure3 astgrep "$out/astgrep.json" "$astgrep" scan -c bench/astgrep/sgconfig.yml "$corpus" --json=stream

# Retry sites. ampcheck: the retrying layers (tries other than 1) its
# inventory puts on calls, written in a file (source or config), plus the
# layers it found on no call (the inventory gives those without tries, so
# client timeouts are among them); implicit mesh defaults are counted apart.
# Tests and vendored code are not read. rg: the lines it prints. ast-grep:
# its matches (and those outside test and vendored paths).
read -r sites_ampcheck ampcheck_detail < <(python3 -c '
import json, re, sys
r = json.load(open(sys.argv[1]))
layers = [l for s in r["services"] for l in s.get("layers", [])]
sites = {(l["file"], l["line"], l["origin"]) for l in layers if "file" in l and l.get("tries") != 1}
code = [s for s in sites if re.search(r"\.(go|java|kt|py|[cm]?[jt]sx?|cs)$", s[0])]
implicit = sum(1 for l in layers if "file" not in l)
loose = {(l["file"], l["line"], l["origin"]) for l in r.get("unattributed_layers", [])}
print(f"{len(sites)}+{len(loose)} {len(sites)} retrying layers on calls written in files "
      f"({len(code)} in code), {len(loose)} layers on no call, {implicit} implicit mesh defaults")
' "$out/ampcheck.json")
sites_rg=$(wc -l <"$out/rg.txt")
sites_astgrep=$(wc -l <"$out/astgrep.json")
test_paths='/(vendor|node_modules|tests?|__tests__|testdata)/|_test\.(go|py)"|(Tests?|IT)\.(java|kt|cs)"|\.(spec|test)\.[jt]sx?"|/test_[^/]*\.py"'
sites_astgrep_service=$(grep -c -v -E "$test_paths" "$out/astgrep.json" || true)

echo "corpus: $corpus ($files files, $size); grep list: $grep_list ($(grep -c . "$grep_list") patterns)"
echo "load before: $(uptime | sed 's/.*load average/load average/'); median of ${REPEAT:-3} runs"
printf '%-36s %9s %9s %10s %16s\n' "tool ($(nproc) cores)" "wall s" "cpu s" "peak MiB" "sites"
row ampcheck "ampcheck audit --no-render" "$sites_ampcheck"
[ -z "${WALL_render:-}" ] || row render "ampcheck audit, rendering" ""
row rg "rg -f grep-list" "$sites_rg"
row astgrep "ast-grep scan, equivalent rules" "$sites_astgrep"
echo "ampcheck: $ampcheck_detail"
echo "ast-grep matches outside test and vendored paths: $sites_astgrep_service"
echo "ampcheck / rg wall:        $(ratio "$WALL_ampcheck" "$WALL_rg")x   (target <= 1.0)"
echo "ampcheck / rg cpu:         $(ratio "$CPU_ampcheck" "$CPU_rg")x"
echo "ast-grep / ampcheck wall:  $(ratio "$WALL_astgrep" "$WALL_ampcheck")x   (target >= 5)"
echo "ast-grep / ampcheck cpu:   $(ratio "$CPU_astgrep" "$CPU_ampcheck")x"
