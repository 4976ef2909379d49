#!/usr/bin/env bash
# Builds the release archive of ampcheck for this machine's architecture:
#   dist/ampcheck-<version>-linux-<arch>.tar.gz   bin/ampcheck, lib/ (the
#       shared libraries it needs beyond glibc, found through its RPATH
#       $ORIGIN/../lib), share/ampcheck/rules and docs/checks, README.md
#   dist/ampcheck-<version>-linux-<arch>.tar.gz.sha256   its SHA-256, as
#       `sha256sum -c` reads it
# The archive is byte-for-byte reproducible from the same build (sorted
# names, mtime 0, owner 0). It runs on a glibc at least as new as the build
# machine's (Debian 12: 2.36).
#   scripts/package_release.sh              release build in build-release/
#   BUILD_DIR=build scripts/package_release.sh   package an existing build
#   DIST_DIR=out ...                        write the archive there (default dist/)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build-release}
dist=${DIST_DIR:-dist}
if [ ! -x "$build_dir/ampcheck" ]; then
  BUILD_DIR=$build_dir BUILD_TYPE=Release scripts/setup.sh >&2
fi
# PACKAGE_SKIP_BUILD=1 packages the binary as it is (the tests do, while
# their own build is in use).
[ -n "${PACKAGE_SKIP_BUILD:-}" ] || cmake --build "$build_dir" --target ampcheck >&2
version=$(scripts/project_version.sh)
name=ampcheck-$version-linux-$(uname -m)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/$name
cmake --install "$build_dir" --prefix "$root" --strip >/dev/null
mkdir -p "$root/lib"
# Every library the loader resolves, except glibc's own (the target's glibc
# must match the kernel interface it was built against anyway).
ldd "$root/bin/ampcheck" | while read -r soname arrow path _; do
  [ "$arrow" = "=>" ] && [ -f "$path" ] || continue
  case $soname in
    libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | libresolv.so.* | \
      ld-linux*) continue ;;
  esac
  cp -L "$path" "$root/lib/$soname"
done
cp README.md "$root/"
mkdir -p "$dist"
archive=$dist/$name.tar.gz
tar -C "$stage" --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
  -cf - "$name" | gzip -n >"$archive"
(cd "$dist" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "$archive"
