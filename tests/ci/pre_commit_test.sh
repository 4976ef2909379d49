#!/usr/bin/env bash
# The pre-commit hooks through Debian's pre-commit (`pre-commit try-repo`
# with this source tree as the hook repository), in a temporary repository
# on a machine without ampcheck on PATH: the hook downloads the release
# archive of its version from a local HTTP server once and caches it; a
# staged change that adds a retry fails ampcheck-diff, a staged change to a
# file that cannot change the answer skips both hooks.
# Prints "ok: ..." per check; "FAIL: ..." and non-zero otherwise.
# Usage: pre_commit_test.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build_dir=$1
source_dir=$2
work=$(mktemp -d)
source "$source_dir/tests/ci/local_release.sh"
cleanup() {
  stop_serving
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
ok() { echo "ok: $*"; }
command -v pre-commit >/dev/null || fail "pre-commit is not installed (scripts/test.sh installs Debian's)"
export GIT_AUTHOR_NAME=ci GIT_AUTHOR_EMAIL=ci@example.com GIT_COMMITTER_NAME=ci \
  GIT_COMMITTER_EMAIL=ci@example.com GIT_CONFIG_GLOBAL=/dev/null
export PRE_COMMIT_HOME=$work/pre-commit-home

package_build "$build_dir" "$work/dist" >/dev/null || fail "package: $(cat "$work/package.err")"
serve "$work/dist"
port=$served_port

repo=$work/fleet
fixture=$source_dir/fixtures/diff/app-retry-on-mesh
mkdir -p "$repo" && git -C "$repo" init -q -b main
cp -R "$fixture/base/." "$repo/" && git -C "$repo" add -A && git -C "$repo" commit -qm base
hook() {  # hook ID -> $status, output in $work/out
  (cd "$repo" && env -u AMPCHECK PATH=/usr/bin:/bin AMPCHECK_CACHE_DIR="$work/cache" \
    AMPCHECK_RELEASE_URL="http://127.0.0.1:$port" pre-commit try-repo "$source_dir" "$1") \
    >"$work/out" 2>&1
  status=$?
}

cp -R "$fixture/head/." "$repo/" && git -C "$repo" add -A
hook ampcheck-diff
[ "$status" = 1 ] || fail "a staged retry: exit $status, want 1: $(cat "$work/out")"
grep -qF '1 path changed tries, 2 findings added' "$work/out" || fail "no diff in the output: $(cat "$work/out")"
ls "$work"/cache/ampcheck-*/bin/ampcheck >/dev/null 2>&1 || fail "the release was not cached"
ok "ampcheck-diff fails a staged retry, with the release downloaded and cached"

stop_serving
hook ampcheck
[ "$status" = 1 ] || fail "ampcheck scan hook: exit $status, want 1: $(cat "$work/out")"
grep -q 'undocumented-amplification' "$work/out" || fail "scan hook output: $(cat "$work/out")"
ok "ampcheck (scan) fails too, from the cache with the server gone"

git -C "$repo" commit -qm head
echo "a note" >>"$repo/README.md" && git -C "$repo" add README.md
hook ampcheck-diff
[ "$status" = 0 ] || fail "a README change: exit $status: $(cat "$work/out")"
grep -q 'ampcheck diff.*(no files to check)Skipped' "$work/out" || fail "not skipped: $(cat "$work/out")"
ok "a staged README change skips the hook"
echo "all pre-commit checks passed"
