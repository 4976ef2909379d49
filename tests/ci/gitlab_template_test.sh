#!/usr/bin/env bash
# Runs the GitLab template's job script (extracted from
# ci/gitlab/ampcheck.gitlab-ci.yml by the caller) as a merge request pipeline
# would: a temporary git repository with two commits and GitLab's predefined
# variables. Prints "ok: ..." per check; "FAIL: ..." and non-zero otherwise.
# Usage: gitlab_template_test.sh AMPCHECK_BINARY SOURCE_DIR JOB_SCRIPT
set -uo pipefail
binary=$1
source_dir=$2
job_script=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
ok() { echo "ok: $*"; }
git_() { git -c user.name=ci -c user.email=ci@example.com -c commit.gpgsign=false "$@"; }

make_repo() {
  local dir=$1 fixture=$source_dir/fixtures/diff/$2
  mkdir -p "$dir"
  git_ -C "$dir" init -q -b main
  cp -R "$fixture/base/." "$dir/"
  git_ -C "$dir" add -A && git_ -C "$dir" commit -qm base
  find "$dir" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
  cp -R "$fixture/head/." "$dir/"
  git_ -C "$dir" add -A && git_ -C "$dir" commit -qm head
}

# The job's image has ampcheck on PATH.
mkdir -p "$work/bin" && ln -s "$binary" "$work/bin/ampcheck"

run_job() {  # run_job REPO [BASE_SHA] -> $status
  (cd "$1" && env PATH="$work/bin:$PATH" AMPCHECK_PATHS=. AMPCHECK_FAIL_ON=error \
    AMPCHECK_BASELINE=.ampcheck-baseline.json AMPCHECK_ARGS= \
    CI_MERGE_REQUEST_DIFF_BASE_SHA="${2:-}" bash -e "$job_script") >"$work/log" 2>&1
  status=$?
}

make_repo "$work/retry" app-retry-on-mesh
run_job "$work/retry" "$(git -C "$work/retry" rev-parse HEAD~1)"
[ "$status" = 1 ] || fail "merge request adding a retry: exit $status, want 1: $(cat "$work/log")"
python3 - "$work/retry/gl-code-quality-report.json" <<'PY' || fail "Code Quality report"
import json, sys
issues = json.load(open(sys.argv[1]))
names = sorted(i["check_name"] for i in issues)
assert names == ["implicit-mesh-retry", "retry-without-budget", "retry-without-jitter", "undocumented-amplification"], names
issue = next(i for i in issues if i["check_name"] == "undocumented-amplification")
assert issue["severity"] == "major", issue
assert issue["location"] == {"path": "checkout/client.go", "lines": {"begin": 41}}, issue
assert len(issue["fingerprint"]) == 32, issue
PY
ok "Code Quality report: 4 issues, undocumented-amplification at checkout/client.go:41"
grep -qF '3 → 9 tries per request' "$work/retry/ampcheck-comment.md" || fail "no diff comment"
grep -qF '3 → 9 tries per request' "$work/log" || fail "diff not in the job log"
ok "merge request: diff comment artifact and log, exit 1"

run_job "$work/retry"
[ "$status" = 1 ] || fail "branch pipeline: exit $status, want 1 (scan)"
(cd "$work/retry" && "$binary" baseline . 2>/dev/null)
run_job "$work/retry"
[ "$status" = 0 ] || fail "branch pipeline with baseline: exit $status: $(cat "$work/log")"
ok "branch pipeline: scan exit code, baseline subtracted"

make_repo "$work/unrelated" unrelated-change
(cd "$work/unrelated" && "$binary" baseline . 2>/dev/null && git_ add -A && git_ commit -qm baseline)
run_job "$work/unrelated" "$(git -C "$work/unrelated" rev-parse HEAD~2)"
[ "$status" = 0 ] || fail "unrelated change: exit $status: $(cat "$work/log")"
grep -qF 'no change to retry amplification' "$work/unrelated/ampcheck-comment.md" || fail "no all-clear"
ok "merge request touching unrelated files: all-clear, exit 0"
echo "all GitLab template checks passed"
