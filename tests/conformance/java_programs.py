"""Compiles the Java client programs with javac against the Debian jars in
/usr/share/java, once per source: the classes are kept in a cache outside the
repository (the temporary directory), keyed by the sources, the jars and the
javac version, and copied next to the staged program after the scan.

A Java program's case.json names its classpath in its own command,
["java", ..., "-cp", ".:/usr/share/java/okhttp.jar:...", "OrdersClient"]:
javac compiles with the same jars ("." is the staged program's directory).
"""
import functools
import hashlib
import os
import pathlib
import shutil
import subprocess
import tempfile

CACHE = pathlib.Path(tempfile.gettempdir()) / "ampcheck-conformance-java-classes"
COMPILE_TIMEOUT_S = 120


def _classpath(argv):
    for flag in ("-cp", "-classpath", "--class-path"):
        if flag in argv[:-1]:
            return [p for p in argv[argv.index(flag) + 1].split(os.pathsep) if p != "."]
    return []


@functools.lru_cache(maxsize=None)
def _javac_version():
    out = subprocess.run(["javac", "-version"], capture_output=True, text=True)
    return out.stdout + out.stderr


def _key(sources, jars):
    digest = hashlib.sha256()
    digest.update(_javac_version().encode())
    for source in sources:
        digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    for jar in jars:
        real = os.path.realpath(jar)
        stat = os.stat(real)
        digest.update(f"{real} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:20]


def build_client(service, argv):
    """Compiles the staged *.java in `service` (cached) and copies the
    classes there, after the scan; None or what went wrong."""
    if shutil.which("javac") is None:
        return "no javac: run tests/conformance/setup.sh (default-jdk-headless)"
    service = pathlib.Path(service)
    sources = sorted(service.glob("*.java"))
    jars = _classpath(argv)
    missing = [jar for jar in jars if not os.path.exists(jar)]
    if missing:
        return f"missing {', '.join(missing)}: run tests/conformance/setup.sh"
    classes = CACHE / _key(sources, jars)
    if not classes.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        build = pathlib.Path(tempfile.mkdtemp(prefix="build-", dir=CACHE))
        out = subprocess.run(["javac", "-nowarn", "-d", str(build), "-cp", os.pathsep.join(jars)]
                             + [str(s) for s in sources],
                             capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S)
        if out.returncode != 0:
            shutil.rmtree(build, ignore_errors=True)
            return f"javac in {service} failed: {out.stderr.strip()[-600:]}"
        try:
            build.rename(classes)
        except OSError:  # compiled meanwhile by another run
            shutil.rmtree(build, ignore_errors=True)
    shutil.copytree(classes, service, dirs_exist_ok=True)
    return None
