#!/usr/bin/env bash
# The GitHub Action's work (action.yml runs it): scan for code scanning
# (SARIF), and on a pull request diff against the base and create or update
# one review comment. Exit code: ampcheck's (docs/exit-codes.md): on a pull
# request the diff's, which fails only on findings the change adds; otherwise
# the scan's, with the baseline subtracted when there is one.
#
# Environment: AMPCHECK (binary), AMPCHECK_PATHS (space-separated, default .),
# AMPCHECK_FAIL_ON, AMPCHECK_BASELINE, AMPCHECK_SARIF (output file),
# AMPCHECK_COMMENT (true|false), AMPCHECK_ARGS (extra pipeline options), and
# GitHub's GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_OUTPUT,
# GITHUB_STEP_SUMMARY, GITHUB_TOKEN, GITHUB_API_URL, GITHUB_REPOSITORY.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ampcheck=${AMPCHECK:-ampcheck}
read -r -a paths <<<"${AMPCHECK_PATHS:-.}"
read -r -a extra <<<"${AMPCHECK_ARGS:-}"
fail_on=${AMPCHECK_FAIL_ON:-error}
sarif=${AMPCHECK_SARIF:-ampcheck.sarif}
baseline=${AMPCHECK_BASELINE:-.ampcheck-baseline.json}
comment_file=${AMPCHECK_COMMENT_FILE:-ampcheck-comment.md}

baseline_args=()
if [ -n "$baseline" ] && [ -f "$baseline" ]; then
  baseline_args=(--baseline "$baseline")
fi
"$ampcheck" scan "${paths[@]}" "${extra[@]}" "${baseline_args[@]}" \
  --format sarif --fail-on "$fail_on" -o "$sarif"
scan_status=$?
if [ "$scan_status" -ge 2 ]; then exit "$scan_status"; fi
echo "sarif=$sarif" >>"${GITHUB_OUTPUT:-/dev/null}"

case "${GITHUB_EVENT_NAME:-}" in
  pull_request | pull_request_target) ;;
  *) exit "$scan_status" ;;
esac

base=$(python3 -c 'import json, os
print(json.load(open(os.environ["GITHUB_EVENT_PATH"]))["pull_request"]["base"]["sha"])') || {
  echo "ampcheck: cannot read the pull request's base from GITHUB_EVENT_PATH" >&2
  exit 2
}
if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
  git fetch --no-tags --depth=1 origin "$base" >&2 || {
    echo "ampcheck: cannot fetch the base commit $base" >&2
    exit 2
  }
fi
"$ampcheck" diff --base "$base" "${paths[@]}" "${extra[@]}" \
  --format markdown --fail-on "$fail_on" -o "$comment_file"
diff_status=$?
if [ "$diff_status" -ge 2 ]; then exit "$diff_status"; fi
echo "comment=$comment_file" >>"${GITHUB_OUTPUT:-/dev/null}"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$comment_file" >>"$GITHUB_STEP_SUMMARY"; fi
if [ "${AMPCHECK_COMMENT:-true}" = true ]; then
  python3 "$here/post_comment.py" "$comment_file"
fi
exit "$diff_status"
