"""Compiles the Java client programs with javac, and the Kotlin ones with
kotlinc (Debian kotlin), against the Debian jars in /usr/share/java, once per
source: the classes are kept in a cache outside the repository (the temporary
directory), keyed by the sources, the jars and the compiler's version, and
copied next to the staged program after the scan.

A Java program's case.json names its classpath in its own command,
["java", ..., "-cp", ".:/usr/share/java/okhttp.jar:...", "OrdersClient"]:
the compiler uses the same jars ("." is the staged program's directory); a
Kotlin program's also names /usr/share/java/kotlin-stdlib.jar, which it runs
with.
"""
import functools
import hashlib
import os
import pathlib
import shutil
import subprocess
import tempfile

CACHE = pathlib.Path(tempfile.gettempdir()) / "ampcheck-conformance-java-classes"
COMPILE_TIMEOUT_S = 240


def _classpath(argv):
    for flag in ("-cp", "-classpath", "--class-path"):
        if flag in argv[:-1]:
            return [p for p in argv[argv.index(flag) + 1].split(os.pathsep) if p != "."]
    return []


@functools.lru_cache(maxsize=None)
def _compiler_version(compiler):
    out = subprocess.run([compiler, "-version"], capture_output=True, text=True)
    return out.stdout + out.stderr


def _key(compiler, sources, jars):
    digest = hashlib.sha256()
    digest.update(_compiler_version(compiler).encode())
    for source in sources:
        digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    for jar in jars:
        real = os.path.realpath(jar)
        stat = os.stat(real)
        digest.update(f"{real} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:20]


def build_client(service, argv):
    """Compiles the staged *.java or *.kt in `service` (cached) and copies
    the classes there, after the scan; None or what went wrong."""
    service = pathlib.Path(service)
    sources = sorted(service.glob("*.kt"))
    compiler, package = ("kotlinc", "kotlin") if sources else ("javac", "default-jdk-headless")
    sources = sources or sorted(service.glob("*.java"))
    if shutil.which(compiler) is None:
        return f"no {compiler}: run tests/conformance/setup.sh ({package})"
    jars = _classpath(argv)
    missing = [jar for jar in jars if not os.path.exists(jar)]
    if missing:
        return f"missing {', '.join(missing)}: run tests/conformance/setup.sh"
    classes = CACHE / _key(compiler, sources, jars)
    if not classes.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        build = pathlib.Path(tempfile.mkdtemp(prefix="build-", dir=CACHE))
        out = subprocess.run([compiler, "-nowarn", "-d", str(build), "-cp", os.pathsep.join(jars)]
                             + [str(s) for s in sources],
                             capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S)
        if out.returncode != 0:
            shutil.rmtree(build, ignore_errors=True)
            return f"{compiler} in {service} failed: {out.stderr.strip()[-600:]}"
        try:
            build.rename(classes)
        except OSError:  # compiled meanwhile by another run
            shutil.rmtree(build, ignore_errors=True)
    shutil.copytree(classes, service, dirs_exist_ok=True)
    return None
