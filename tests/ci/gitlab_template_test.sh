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
api=
source "$source_dir/tests/ci/local_release.sh"
cleanup() {
  [ -z "$api" ] || kill "$api" 2>/dev/null
  stop_serving
  rm -rf "$work"
}
trap cleanup EXIT
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

# GitLab's notes API, faked.
: >"$work/api.log"
python3 "$source_dir/tests/ci/fake_gitlab_api.py" "$work/api.log" test-token >"$work/port" &
api=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")
[ -n "$port" ] || fail "fake API did not start"

# run_job REPO [BASE_SHA [MR_IID]] -> $status; the job runs under POSIX sh
# (dash), as the template promises. JOB_PATH overrides PATH (no ampcheck).
run_job() {
  (cd "$1" && env PATH="${JOB_PATH:-$work/bin:$PATH}" AMPCHECK_PATHS=. AMPCHECK_FAIL_ON=error \
    AMPCHECK_BASELINE=.ampcheck-baseline.json AMPCHECK_ARGS= \
    AMPCHECK_VERSION="${JOB_VERSION:-0.1.0}" AMPCHECK_RELEASE_URL="${JOB_RELEASE_URL:-http://127.0.0.1:9/none}" \
    CI_MERGE_REQUEST_DIFF_BASE_SHA="${2:-}" CI_MERGE_REQUEST_IID="${3:-}" \
    CI_API_V4_URL="http://127.0.0.1:$port/api/v4" CI_PROJECT_ID=42 \
    AMPCHECK_GITLAB_TOKEN="${JOB_TOKEN-test-token}" \
    sh -e "$job_script") >"$work/log" 2>&1
  status=$?
}

make_repo "$work/retry" app-retry-on-mesh
run_job "$work/retry" "$(git -C "$work/retry" rev-parse HEAD~1)" 5
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
[ "$(grep -c '"method": "POST"' "$work/api.log")" = 1 ] || fail "want one POST: $(cat "$work/api.log")"
grep -q '"method": "POST", "path": "/api/v4/projects/42/merge_requests/5/notes", "token": "test-token", "body": "<!-- ampcheck -->' "$work/api.log" ||
  fail "note not posted with the comment and the token: $(cat "$work/api.log")"
grep -qF 'ampcheck: posted a merge request note' "$work/log" || fail "log: $(cat "$work/log")"
ok "merge request note posted, with the token, beside somebody else's note"

run_job "$work/retry" "$(git -C "$work/retry" rev-parse HEAD~1)" 5
[ "$status" = 1 ] || fail "second push: exit $status"
[ "$(grep -c '"method": "POST"' "$work/api.log")" = 1 ] || fail "second push posted again: $(cat "$work/api.log")"
grep -q '"method": "PUT", "path": "/api/v4/projects/42/merge_requests/5/notes/200"' "$work/api.log" ||
  fail "second push did not update note 200: $(cat "$work/api.log")"
ok "the next push updates note 200 in place (found through GitLab's escaped JSON)"

JOB_TOKEN= run_job "$work/retry" "$(git -C "$work/retry" rev-parse HEAD~1)" 6
[ "$status" = 1 ] || fail "no token: exit $status"
grep -qF 'ampcheck: no AMPCHECK_GITLAB_TOKEN: merge request note not posted' "$work/log" ||
  fail "no token: $(cat "$work/log")"
ok "without a token the note is skipped, and the job says so"

# No ampcheck on PATH: the release archive of AMPCHECK_VERSION, its SHA-256
# checked, cached for the next job.
archive=$(package_build "$(dirname "$binary")" "$work/dist") || fail "package: $(cat "$work/package.err")"
version=$(archive_version "$archive")
serve "$work/dist"
JOB_PATH=/usr/bin:/bin JOB_VERSION=$version JOB_RELEASE_URL="http://127.0.0.1:$served_port" \
  run_job "$work/retry"
stop_serving
[ "$status" = 1 ] || fail "released binary: exit $status, want 1: $(cat "$work/log")"
[ -x "$work/retry/.ampcheck-cache/$(basename "$archive" .tar.gz)/bin/ampcheck" ] || fail "no cached binary"
JOB_PATH=/usr/bin:/bin JOB_VERSION=$version run_job "$work/retry"
[ "$status" = 1 ] || fail "cached binary, server gone: exit $status: $(cat "$work/log")"
ok "no ampcheck in the image: the release archive, checked and cached"
rm -rf "$work/retry/.ampcheck-cache"

run_job "$work/retry"
[ "$status" = 1 ] || fail "branch pipeline: exit $status, want 1 (scan)"
(cd "$work/retry" && "$binary" baseline . 2>/dev/null)
run_job "$work/retry"
[ "$status" = 0 ] || fail "branch pipeline with baseline: exit $status: $(cat "$work/log")"
ok "branch pipeline: scan exit code, baseline subtracted"

make_repo "$work/unrelated" unrelated-change
(cd "$work/unrelated" && "$binary" baseline . 2>/dev/null && git_ add -A && git_ commit -qm baseline)
run_job "$work/unrelated" "$(git -C "$work/unrelated" rev-parse HEAD~2)" 8
[ "$status" = 0 ] || fail "unrelated change: exit $status: $(cat "$work/log")"
grep -qF 'no change to retry amplification' "$work/unrelated/ampcheck-comment.md" || fail "no all-clear"
grep -qF 'ampcheck: nothing changed and no merge request note to update' "$work/log" || fail "log: $(cat "$work/log")"
! grep -q 'merge_requests/8/notes", "token": "test-token", "body": "<' "$work/api.log" ||
  fail "an all-clear opened a note: $(cat "$work/api.log")"
ok "merge request touching unrelated files: all-clear, exit 0, no note opened"
run_job "$work/unrelated" "$(git -C "$work/unrelated" rev-parse HEAD~2)" 5
grep -q '"method": "PUT", "path": "/api/v4/projects/42/merge_requests/5/notes/200"' "$work/api.log" ||
  fail "all-clear did not update note 200"
ok "an all-clear updates the note posted earlier"
echo "all GitLab template checks passed"
