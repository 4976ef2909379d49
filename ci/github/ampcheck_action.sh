#!/usr/bin/env bash
# The GitHub Action's work (action.yml runs it): scan for code scanning
# (SARIF), and on a pull request diff against the base and create or update
# one review comment. Exit code: ampcheck's (docs/exit-codes.md): on a pull
# request the diff's, which fails only on findings the change adds; otherwise
# the scan's, with the baseline subtracted when there is one.
#
# Environment: AMPCHECK (binary), AMPCHECK_PATHS (space-separated, default .),
# AMPCHECK_FAIL_ON, AMPCHECK_BASELINE, AMPCHECK_SARIF (output file),
# AMPCHECK_COMMENT (true|false), AMPCHECK_UPLOAD_SARIF (true|false),
# AMPCHECK_ARGS (options for both commands), AMPCHECK_SCAN_ARGS and
# AMPCHECK_DIFF_ARGS (for one only), and GitHub's GITHUB_EVENT_NAME,
# GITHUB_EVENT_PATH, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_TOKEN,
# GITHUB_API_URL, GITHUB_REPOSITORY.
#
# Outputs: sarif, upload (whether the SARIF can be uploaded: not on a pull
# request from a fork, whose token cannot write code scanning results, nor
# where code scanning is off; then the findings are printed as annotations
# instead), comment; on a pull
# request also findings_added, findings_worsened and worst_tries (the head's
# worst path, a number or "unbounded"), from the diff's JSON report
# (AMPCHECK_DIFF_JSON, default ampcheck-diff.json).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ampcheck=${AMPCHECK:-ampcheck}
read -r -a paths <<<"${AMPCHECK_PATHS:-.}"
read -r -a extra <<<"${AMPCHECK_ARGS:-}"
read -r -a scan_extra <<<"${AMPCHECK_SCAN_ARGS:-}"
read -r -a diff_extra <<<"${AMPCHECK_DIFF_ARGS:-}"
output() { echo "$1" >>"${GITHUB_OUTPUT:-/dev/null}"; }
fail_on=${AMPCHECK_FAIL_ON:-error}
sarif=${AMPCHECK_SARIF:-ampcheck.sarif}
baseline=${AMPCHECK_BASELINE:-.ampcheck-baseline.json}
comment_file=${AMPCHECK_COMMENT_FILE:-ampcheck-comment.md}
diff_json=${AMPCHECK_DIFF_JSON:-ampcheck-diff.json}

baseline_args=()
if [ -n "$baseline" ] && [ -f "$baseline" ]; then
  baseline_args=(--baseline "$baseline")
fi
"$ampcheck" scan "${paths[@]}" "${extra[@]}" "${scan_extra[@]}" "${baseline_args[@]}" \
  --format sarif --fail-on "$fail_on" -o "$sarif"
scan_status=$?
if [ "$scan_status" -ge 2 ]; then exit "$scan_status"; fi
output "sarif=$sarif"

pull_request=false
case "${GITHUB_EVENT_NAME:-}" in
  pull_request | pull_request_target) pull_request=true ;;
esac
# A pull request from a fork gets a read-only token: code scanning refuses
# its upload, so its findings become annotations.
fork=false
if [ "$pull_request" = true ]; then
  fork=$(python3 -c 'import json, os
pr = json.load(open(os.environ["GITHUB_EVENT_PATH"]))["pull_request"]
head = (pr.get("head") or {}).get("repo") or {}
base = (pr.get("base") or {}).get("repo") or {}
print("true" if head.get("full_name") and head.get("full_name") != base.get("full_name") else "false")') || fork=false
fi
# Code scanning off (a private repository without it): GitHub answers the
# analyses list 403 or 404, and an upload would fail the job. Any other
# answer, or none, leaves the upload on.
code_scanning=true
if [ "${AMPCHECK_UPLOAD_SARIF:-true}" = true ] && [ "$fork" = false ] &&
  [ -n "${GITHUB_TOKEN:-}" ] && [ -n "${GITHUB_REPOSITORY:-}" ]; then
  answer=$(python3 -c 'import os, urllib.error, urllib.request
api = os.environ.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")
request = urllib.request.Request(
    api + "/repos/" + os.environ["GITHUB_REPOSITORY"] + "/code-scanning/analyses?per_page=1",
    headers={"Authorization": "Bearer " + os.environ["GITHUB_TOKEN"],
             "Accept": "application/vnd.github+json"})
try:
    print(urllib.request.urlopen(request, timeout=20).status)
except urllib.error.HTTPError as error:
    print(error.code)
except OSError:
    print(0)') || answer=0
  case $answer in
    403 | 404)
      code_scanning=false
      echo "::notice title=ampcheck::code scanning is not available for $GITHUB_REPOSITORY (HTTP $answer): findings are annotations, SARIF not uploaded"
      ;;
  esac
fi
if [ "${AMPCHECK_UPLOAD_SARIF:-true}" = true ] && [ "$fork" = false ] && [ "$code_scanning" = true ]; then
  output "upload=true"
else
  output "upload=false"
  "$ampcheck" scan "${paths[@]}" "${extra[@]}" "${scan_extra[@]}" "${baseline_args[@]}" \
    --format github --fail-on never
fi

if [ "$pull_request" = false ]; then exit "$scan_status"; fi

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
"$ampcheck" diff --base "$base" "${paths[@]}" "${extra[@]}" "${diff_extra[@]}" \
  --format markdown --fail-on "$fail_on" -o "$comment_file" --json-output "$diff_json"
diff_status=$?
if [ "$diff_status" -ge 2 ]; then exit "$diff_status"; fi
output "comment=$comment_file"
python3 - "$diff_json" >>"${GITHUB_OUTPUT:-/dev/null}" <<'PY' || {
import json, sys
diff = json.load(open(sys.argv[1]))
print(f"findings_added={len(diff['added'])}")
print(f"findings_worsened={len(diff['worsened'])}")
print(f"worst_tries={diff.get('head_worst_path', {}).get('tries', 1)}")
PY
  echo "ampcheck: cannot read the diff's JSON report $diff_json" >&2
  exit 2
}
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$comment_file" >>"$GITHUB_STEP_SUMMARY"; fi
if [ "${AMPCHECK_COMMENT:-true}" = true ]; then
  # An all-clear only updates a comment posted earlier (the change no longer
  # affects anything); it never opens one.
  only_update=()
  if grep -qF 'no change to retry amplification' "$comment_file"; then only_update=(--only-update); fi
  python3 "$here/post_comment.py" "${only_update[@]}" "$comment_file"
fi
exit "$diff_status"
