"""Builds the Go client programs and the gRPC failing server offline, from
the Debian-packaged sources (golang-*-dev under /usr/share/gocode), in
GOPATH mode: no module download. Go's build cache (GOCACHE) keeps the
compiled libraries, so only the first build compiles grpc-go (~20 s).

A client program is built from a copy under its own GOPATH entry
(gopath/src/checkout) with its go.mod beside it: that is what lets an import
like github.com/cenkalti/backoff/v4 resolve to the Debian tree
github.com/cenkalti/backoff, whose go.mod names the /v4 module (the go
command's minimal module compatibility, which only applies inside GOPATH).
"""
import atexit
import os
import pathlib
import shutil
import subprocess
import tempfile
import threading

HERE = pathlib.Path(__file__).resolve().parent
DEBIAN_GOPATH = "/usr/share/gocode"
BUILD_TIMEOUT_S = 300

_server_lock = threading.Lock()
_server_binary = None


def go_env(gopath=None):
    env = dict(os.environ, GO111MODULE="off", GOFLAGS="", GOPROXY="off", CGO_ENABLED="0",
               GOPATH=os.pathsep.join(str(p) for p in (gopath, DEBIAN_GOPATH) if p))
    if not env.get("GOCACHE") and not env.get("HOME") and not env.get("XDG_CACHE_HOME"):
        env["GOCACHE"] = os.path.join(tempfile.gettempdir(), "ampcheck-conformance-go-build")
    return env


def _go_build(source_dir, output, gopath=None):
    """None, or what went wrong."""
    if shutil.which("go") is None:
        return "no go command: run tests/conformance/setup.sh (golang-go)"
    out = subprocess.run(["go", "build", "-o", str(output), "."], cwd=source_dir,
                         env=go_env(gopath), capture_output=True, text=True,
                         timeout=BUILD_TIMEOUT_S)
    if out.returncode != 0:
        return f"go build in {source_dir} failed: {out.stderr.strip()[-600:]}"
    return None


def build_client(service, work):
    """Builds the staged program in `service` to `service`/checkout, after
    the scan (which must not read the copy or the binary); None or an error."""
    source = pathlib.Path(work) / "gopath" / "src" / "checkout"
    shutil.copytree(service, source)
    return _go_build(source, pathlib.Path(service) / "checkout", source.parent.parent)


def build_grpc_server():
    """The path of grpc_failing_server, built once per run."""
    global _server_binary
    with _server_lock:
        if _server_binary is None:
            out_dir = pathlib.Path(tempfile.mkdtemp(prefix="ampcheck-conformance-grpc-"))
            atexit.register(shutil.rmtree, out_dir, True)
            error = _go_build(HERE / "grpc_failing_server", out_dir / "grpc_failing_server")
            if error:
                raise SystemExit(error)
            _server_binary = out_dir / "grpc_failing_server"
        return _server_binary
