#!/usr/bin/env bash
# Runs the GitHub Action's script (ci/github/ampcheck_action.sh) as a pull
# request run would: a temporary git repository with two commits (a fixture
# fleet's base and head), a simulated pull_request event payload, and a fake
# GitHub API for the review comment. Prints "ok: ..." per check; exits
# non-zero with "FAIL: ..." on the first failure.
# ampcheck is installed first as action.yml does, from the release archive of
# AMPCHECK_BINARY's build served locally.
# Usage: github_action_test.sh AMPCHECK_BINARY SOURCE_DIR
set -uo pipefail
binary=$1
source_dir=$2
work=$(mktemp -d)
server_pid=
source "$source_dir/tests/ci/local_release.sh"
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; fi
  stop_serving
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
ok() { echo "ok: $*"; }

git_() { git -c user.name=ci -c user.email=ci@example.com -c commit.gpgsign=false "$@"; }

# make_repo DIR FIXTURE: commit FIXTURE/base, then FIXTURE/head on top.
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

event() {  # event FILE BASE_SHA [NUMBER] [HEAD_REPO]
  local number=${3:-7} head_repo=${4:-shop/fleet}
  cat >"$1" <<JSON
{"action": "synchronize", "number": $number,
 "pull_request": {"number": $number,
                  "base": {"ref": "main", "sha": "$2", "repo": {"full_name": "shop/fleet"}},
                  "head": {"ref": "feature", "sha": "unused", "repo": {"full_name": "$head_repo"}}}}
JSON
}

# No ampcheck installed beforehand: the Action's install step (action.yml
# runs ci/github/install.sh with the version input) fetches the release
# archive of the build under test from a local server, as from GitHub.
archive=$(package_build "$(dirname "$binary")" "$work/dist") || fail "package: $(cat "$work/package.err")"
version=$(archive_version "$archive")
serve "$work/dist"
binary=$(env -u AMPCHECK PATH=/usr/bin:/bin AMPCHECK_VERSION=$version RUNNER_TOOL_CACHE="$work/tool-cache" \
  AMPCHECK_RELEASE_URL="http://127.0.0.1:$served_port" "$source_dir/ci/github/install.sh" 2>"$work/install.err") ||
  fail "install step: $(cat "$work/install.err")"
stop_serving
case $binary in "$work/tool-cache/"*) ;; *) fail "installed at $binary, not in the tool cache" ;; esac
ok "install step: release $version from the tool cache ($binary)"

python3 "$source_dir/tests/ci/fake_github_api.py" "$work/api.log" >"$work/port" &
server_pid=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")
[ -n "$port" ] || fail "fake API did not start"

run_action() {  # run_action REPO EVENT_NAME -> status in $status
  local repo=$1
  (cd "$repo" && env AMPCHECK="$binary" AMPCHECK_PATHS=. \
    AMPCHECK_SARIF="$work/out.sarif" AMPCHECK_COMMENT_FILE="$work/comment.md" \
    AMPCHECK_DIFF_JSON="$work/diff.json" \
    GITHUB_EVENT_NAME="$2" GITHUB_EVENT_PATH="$work/event.json" \
    GITHUB_OUTPUT="$work/output" GITHUB_STEP_SUMMARY="$work/summary.md" \
    GITHUB_TOKEN=test-token GITHUB_REPOSITORY=shop/fleet \
    GITHUB_API_URL="http://127.0.0.1:$port" \
    "$source_dir/ci/github/ampcheck_action.sh") >"$work/stdout" 2>"$work/stderr"
  status=$?
}

# 1. The head adds an application retry on top of the mesh default.
make_repo "$work/retry" app-retry-on-mesh
event "$work/event.json" "$(git -C "$work/retry" rev-parse HEAD~1)"
run_action "$work/retry" pull_request
[ "$status" = 1 ] || fail "added retry: exit $status, want 1; stderr: $(cat "$work/stderr")"
ok "added retry on a pull request exits 1"
grep -qF '**`checkout` → `pricing`: 3 → 9 tries per request**: client retries added at checkout/client.go:41' "$work/comment.md" ||
  fail "comment lacks the path's before and after: $(cat "$work/comment.md")"
grep -qF -- '- after: 3 (client: hashicorp/go-retryablehttp, `checkout/client.go:41`) × 3 (mesh: Istio default, no VirtualService for pricing) = **9**' "$work/comment.md" ||
  fail "comment lacks the arithmetic: $(cat "$work/comment.md")"
ok "comment states 3 -> 9 with the arithmetic"
grep -q '"ruleId": "undocumented-amplification"' "$work/out.sarif" || fail "SARIF lacks the finding"
grep -qx "sarif=$work/out.sarif" "$work/output" || fail "no sarif output: $(cat "$work/output")"
grep -qx "comment=$work/comment.md" "$work/output" || fail "no comment output"
grep -qx "upload=true" "$work/output" || fail "same-repository pull request: upload not true: $(cat "$work/output")"
! grep -q '^::error' "$work/stdout" || fail "annotations printed although SARIF is uploaded"
cmp -s "$work/comment.md" "$work/summary.md" || fail "step summary differs from the comment"
grep -qx "findings_added=2" "$work/output" || fail "want findings_added=2: $(cat "$work/output")"
grep -qx "findings_worsened=0" "$work/output" || fail "want findings_worsened=0: $(cat "$work/output")"
grep -qx "worst_tries=9" "$work/output" || fail "want worst_tries=9: $(cat "$work/output")"
ok "SARIF written, outputs and step summary set"
[ "$(grep -c '"method": "POST"' "$work/api.log")" = 1 ] || fail "want one POST: $(cat "$work/api.log")"
grep -q '"auth": "Bearer test-token"' "$work/api.log" || fail "token not sent"
grep -qF 'created review comment 100' "$work/stdout" || fail "stdout: $(cat "$work/stdout")"
ok "review comment created"

# 2. The next push updates the same comment instead of adding one.
run_action "$work/retry" pull_request
[ "$status" = 1 ] || fail "second run: exit $status"
[ "$(grep -c '"method": "POST"' "$work/api.log")" = 1 ] || fail "second run posted again"
grep -q '"method": "PATCH", "path": "/repos/shop/fleet/issues/comments/100"' "$work/api.log" ||
  fail "second run did not update comment 100: $(cat "$work/api.log")"
ok "second run updates comment 100"

# 3. A head that only touches unrelated files: all-clear, exit 0, and no
# comment opened for it (pull request 8 has none).
make_repo "$work/unrelated" unrelated-change
event "$work/event.json" "$(git -C "$work/unrelated" rev-parse HEAD~1)" 8
: >"$work/api.log"
run_action "$work/unrelated" pull_request
[ "$status" = 0 ] || fail "unrelated change: exit $status, want 0; $(cat "$work/stderr")"
grep -qF '### ampcheck: no change to retry amplification :white_check_mark:' "$work/comment.md" ||
  fail "no all-clear: $(cat "$work/comment.md")"
! grep -q '"method": "POST"' "$work/api.log" || fail "an all-clear opened a comment: $(cat "$work/api.log")"
grep -qF 'nothing changed and no review comment to update' "$work/stdout" || fail "stdout: $(cat "$work/stdout")"
ok "unrelated change exits 0 with an all-clear, and opens no comment"

# 3b. On pull request 7, which has a comment, an all-clear updates it: the
# comment says the change no longer affects anything.
event "$work/event.json" "$(git -C "$work/unrelated" rev-parse HEAD~1)" 7
run_action "$work/unrelated" pull_request
[ "$status" = 0 ] || fail "all-clear on 7: exit $status"
grep -q '"method": "PATCH", "path": "/repos/shop/fleet/issues/comments/100"' "$work/api.log" ||
  fail "all-clear did not update comment 100: $(cat "$work/api.log")"
ok "an all-clear updates the comment posted earlier"

# 3c. A pull request from a fork: no SARIF upload, annotations instead.
event "$work/event.json" "$(git -C "$work/retry" rev-parse HEAD~1)" 9 someone/fleet
: >"$work/output"
run_action "$work/retry" pull_request
[ "$status" = 1 ] || fail "fork: exit $status, want 1"
grep -qx "upload=false" "$work/output" || fail "fork: upload not false: $(cat "$work/output")"
grep -q '^::error file=checkout/client.go,line=41,title=ampcheck undocumented-amplification::path checkout -> pricing: 9 tries' "$work/stdout" ||
  fail "fork: no annotation: $(cat "$work/stdout")"
ok "fork pull request: annotations, no upload"

# 3c'. A repository without code scanning (the API answers 403): no
# upload, which would fail the job; annotations instead, and a notice.
: >"$work/output"
(cd "$work/retry" && env AMPCHECK="$binary" AMPCHECK_SARIF="$work/out.sarif" AMPCHECK_COMMENT=false \
  GITHUB_EVENT_NAME=push GITHUB_OUTPUT="$work/output" GITHUB_TOKEN=test-token \
  GITHUB_REPOSITORY=shop/private GITHUB_API_URL="http://127.0.0.1:$port" \
  "$source_dir/ci/github/ampcheck_action.sh") >"$work/stdout" 2>"$work/stderr"
grep -qx "upload=false" "$work/output" || fail "no code scanning: upload not false: $(cat "$work/output")"
grep -qF '::notice title=ampcheck::code scanning is not available for shop/private (HTTP 403)' "$work/stdout" ||
  fail "no notice: $(cat "$work/stdout")"
grep -q '^::error file=checkout/client.go,line=41' "$work/stdout" || fail "no annotations: $(cat "$work/stdout")"
ok "no code scanning (403): annotations and a notice, no upload"

# 3d. Options for one command only: --sarif-uri-prefix is scan's, diff
# would refuse it.
event "$work/event.json" "$(git -C "$work/retry" rev-parse HEAD~1)" 7
(cd "$work/retry" && env AMPCHECK_SCAN_ARGS="--sarif-uri-prefix deploy/" AMPCHECK="$binary" \
  AMPCHECK_SARIF="$work/out.sarif" AMPCHECK_COMMENT=false AMPCHECK_COMMENT_FILE="$work/comment.md" \
  GITHUB_EVENT_NAME=pull_request GITHUB_EVENT_PATH="$work/event.json" GITHUB_OUTPUT="$work/output" \
  "$source_dir/ci/github/ampcheck_action.sh") >"$work/stdout" 2>"$work/stderr"
status=$?
[ "$status" = 1 ] || fail "scan-args: exit $status, want 1; $(cat "$work/stderr")"
grep -q '"uri": "deploy/checkout/client.go"' "$work/out.sarif" || fail "scan-args not applied to scan"
ok "scan-args reach scan only"

# 3e. A change for the worse: the outputs count the worsened findings and
# give the head's worst path.
make_repo "$work/worse" worsened-path
event "$work/event.json" "$(git -C "$work/worse" rev-parse HEAD~1)" 7
: >"$work/output"
run_action "$work/worse" pull_request
[ "$status" = 1 ] || fail "worsened: exit $status, want 1; $(cat "$work/stderr")"
grep -qx "findings_added=0" "$work/output" || fail "worsened: want findings_added=0: $(cat "$work/output")"
grep -qx "findings_worsened=2" "$work/output" || fail "want findings_worsened=2: $(cat "$work/output")"
grep -qx "worst_tries=36" "$work/output" || fail "want worst_tries=36: $(cat "$work/output")"
ok "worsened change: findings_worsened=2, worst_tries=36"

# 4. A push (no pull request): the scan's exit code, no comment; a baseline
# taken on the fleet makes it pass.
: >"$work/api.log"
: >"$work/output"
run_action "$work/retry" push
[ "$status" = 1 ] || fail "push without baseline: exit $status, want 1"
! grep -q '^findings_added=' "$work/output" || fail "push: findings_added set: $(cat "$work/output")"
(cd "$work/retry" && "$binary" baseline . 2>/dev/null) || fail "baseline failed"
run_action "$work/retry" push
[ "$status" = 0 ] || fail "push with baseline: exit $status, want 0; $(cat "$work/stderr")"
! grep -q '/issues/' "$work/api.log" || fail "push run touched a comment: $(cat "$work/api.log")"
ok "push: scan exit code, baseline subtracted, no comment"
echo "all GitHub Action checks passed"
