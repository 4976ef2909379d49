# Sourced by the integration tests, which set $work and $source_dir: the
# build under test as a release archive, and a local HTTP server standing for
# the release download, so each test starts from no installed ampcheck.

# package_build BUILD_DIR DIST: packages the binary of BUILD_DIR as it is
# into DIST and prints the archive's path; its stderr is $work/package.err.
package_build() {
  DIST_DIR=$2 BUILD_DIR=$1 PACKAGE_SKIP_BUILD=1 "$source_dir/scripts/package_release.sh" \
    2>"$work/package.err"
}

# archive_version ARCHIVE: the version in ampcheck-<version>-linux-<arch>.tar.gz.
archive_version() {
  local version
  version=$(basename "$1" .tar.gz)
  version=${version#ampcheck-}
  echo "${version%-linux-*}"
}

# serve DIR [PORT]: serves DIR on 127.0.0.1 (a free port unless given) and
# waits until it answers; sets served_port and served_pid. Not in a subshell.
served_pid=
serve() {
  served_port=${2:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
  (cd "$1" && exec python3 -m http.server "$served_port" --bind 127.0.0.1) >/dev/null 2>&1 &
  served_pid=$!
  for _ in $(seq 50); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $served_port))" 2>/dev/null && break
    sleep 0.1
  done
}

# stop_serving: stops the server serve started, if any.
stop_serving() {
  [ -n "$served_pid" ] || return 0
  kill "$served_pid" 2>/dev/null
  wait "$served_pid" 2>/dev/null
  served_pid=
}
