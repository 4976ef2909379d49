#!/usr/bin/env bash
# The release archive and its install, locally: scripts/package_release.sh
# on an existing build (twice: the same bytes), the unpacked binary's
# libraries (only glibc from the system), a scan with it, and the Action's
# install.sh downloading a version from a local HTTP server, checking its
# SHA-256, refusing a corrupt archive and reusing its cache.
# Prints "ok: ..." per check; "FAIL: ..." and non-zero otherwise.
# Usage: release_test.sh BUILD_DIR SOURCE_DIR
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

archive=$(package_build "$build_dir" "$work/dist") || fail "package_release.sh: $(cat "$work/package.err")"
name=$(basename "$archive" .tar.gz)
case $name in ampcheck-*-linux-*) ;; *) fail "archive name $name" ;; esac
[ -f "$archive.sha256" ] || fail "no $archive.sha256"
(cd "$work/dist" && sha256sum -c --status "$name.tar.gz.sha256") || fail "the .sha256 does not check"
again=$(package_build "$build_dir" "$work/dist2") || fail "second package: $(cat "$work/package.err")"
cmp -s "$archive" "$again" || fail "two packages of the same build differ"
ok "archive $name.tar.gz with its SHA-256, the same bytes twice"

mkdir -p "$work/unpacked" && tar -C "$work/unpacked" -xzf "$archive"
root=$work/unpacked/$name
[ -x "$root/bin/ampcheck" ] && [ -f "$root/share/ampcheck/rules/schema.yaml" ] &&
  [ -d "$root/share/ampcheck/docs/checks" ] || fail "archive layout: $(ls -R "$root" | head -20)"
outside=$(ldd "$root/bin/ampcheck" | awk '$2 == "=>" {print $1, $3}' |
  grep -Ev " $root/(bin/\.\./)?lib/" | grep -Ev '^(libc|libm|libpthread|libdl|librt|libresolv)\.so')
[ -z "$outside" ] || fail "libraries from the system besides glibc: $outside"
ok "bin, lib, rules and check pages; every library but glibc's from the archive"

env -i PATH=/usr/bin:/bin "$root/bin/ampcheck" scan "$source_dir/fixtures/example-fleet" \
  --fail-on never >"$work/scan.txt" 2>&1 || fail "scan with the archive's binary: $(cat "$work/scan.txt")"
grep -q "tries" "$work/scan.txt" || fail "scan printed no tries: $(cat "$work/scan.txt")"
ok "the archive's binary scans the example fleet with its own rules"

# The Action's install of a pinned version, from a local server.
serve "$work/dist"
port=$served_port
version=$(archive_version "$archive")
install() {
  env -u AMPCHECK PATH=/usr/bin:/bin AMPCHECK_VERSION="$1" AMPCHECK_CACHE_DIR="$work/cache" \
    AMPCHECK_RELEASE_URL="http://127.0.0.1:$port" "$source_dir/ci/github/install.sh" 2>"$work/install.err"
}
installed=$(install "v$version") || fail "install.sh: $(cat "$work/install.err")"
[ "$installed" = "$work/cache/$name/bin/ampcheck" ] || fail "installed at $installed"
"$installed" checks >/dev/null 2>&1 || fail "installed binary does not run"
ok "install.sh downloads v$version, checks its SHA-256 and installs it in the cache"

stop_serving
again=$(install "$version") || fail "cached install: $(cat "$work/install.err")"
[ "$again" = "$installed" ] || fail "cached install at $again"
ok "the next run finds the version in the cache, server gone"

# A corrupt archive is refused and nothing is installed.
rm -rf "$work/cache"
printf 'x' >>"$work/dist/$name.tar.gz"
serve "$work/dist" "$port"
if install "$version" >/dev/null; then fail "a corrupt archive was installed"; fi
grep -qF "ampcheck: $name.tar.gz does not match its SHA-256" "$work/install.err" ||
  fail "corrupt archive message: $(cat "$work/install.err")"
[ ! -e "$work/cache/$name" ] || fail "a corrupt archive left $work/cache/$name"
ok "a corrupt archive is refused with a message, nothing installed"
echo "all release checks passed"
