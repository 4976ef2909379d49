#!/usr/bin/env python3
"""Runs each client program against the failing server in each failure mode,
counts the attempts, and compares them with what ampcheck reports.

  tests/conformance/run.py [--ampcheck build/ampcheck] [--only NAME] [--table FILE]

A client program is a directory clients/<language>/<name>/ with its source and
case.json: {"rule": rule id, "package": {"debian": name} or {"npm": name},
"program": argv run in the staged directory ({conformance} is this
directory), "modes": [...] (default all), "expect_no_layer": true for a shape
ampcheck reads as no retry layer (one try), "env": {...} set for the program,
"server": "grpc" for a gRPC client (grpc_failing_server.py), "slow_hold_s":
seconds the slow server holds on (default 5) for a longer default timeout}. Go programs are
built after the scan (go_programs.py).
It is staged as service `checkout` of fleet/deploy.yaml, calling `orders`
through the URL in ORDERS_URL (its in-code default names orders; the run sets
the failing server's). An ingress-nginx case (clients/ingress-nginx/) is an
Ingress routing to orders, whose call from the ingress-nginx controller is
compared, and the nginx.conf the controller renders for it, which nginx runs
and ampcheck does not read. Expected attempts for a mode: the product, over the
call's retrying layers, of the layer's tries when its retry_on covers the mode,
else 1 (RETRIED_MODES). An unbounded layer must reach the server's cap. In the
slow mode the measured hold time must lie between (tries - 1) x per-try
timeout and ampcheck's worst_case_hold_ms. A mismatch names the rule, the library version
and the failure mode; the exit code is 1.
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import yaml

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
from failing_server import MODES, SLOW_HOLD_S, FailingServer  # noqa: E402
import go_programs  # noqa: E402
import java_programs  # noqa: E402
from grpc_failing_server import GrpcFailingServer  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
import gen_libraries_doc  # noqa: E402

MAX_ATTEMPTS = 30  # the server's cap: an unbounded client is stopped here
PROGRAM_TIMEOUT_S = 20
# Hold-time slack: process scheduling on a loaded 2-core machine.
HOLD_SLACK_S = 0.4
# The worst case may exceed the measured hold by this factor (+ the slack):
# the back-off's longest waits against the ones a run drew.
OVERESTIMATE_FACTOR = 1.25

# What each retry_on word of the rules (rules/*/*.yaml) retries among the
# failure modes. A layer without retry_on retries every failure its call
# raises; the client programs raise on a 5xx status, as real code does
# (raise_for_status). status_forcelist: the conformance programs list 500 and
# 503, which ampcheck does not read.
RETRIED_MODES = {
    "connect": {"refused"},
    "read": {"reset", "slow"},
    "status_forcelist": {"500", "503"},
    "any-exception": set(MODES),
    "transient-errors": set(MODES),
    "network-error": {"refused", "reset"},
    "network-errors": {"refused", "reset"},
    "idempotent-5xx": {"500", "503"},
    "5xx": {"500", "503"},
    "timeout": {"slow"},
    "error": {"refused", "reset"},  # nginx proxy_next_upstream
    "http_500": {"500"},
    "http_503": {"503"},
    "500": {"500"},
    "503": {"503"},
    # Go rules; gRPC status codes, against grpc_failing_server's modes. A
    # refused connection also fails a gRPC call UNAVAILABLE, but its retries
    # fail fast on the channel, which reconnects on its own backoff (1 s
    # first): the server sees one connection attempt.
    "any-error": set(MODES),
    "connection-error": {"refused", "reset"},
    "UNAVAILABLE": {"unavailable", "reset"},
    # Java rules. Every java.net failure is an IOException (a word no rule
    # should use alone); Apache HttpClient's retry handlers leave out
    # ConnectException and timeouts (InterruptedIOException) and retry a reset
    # or a connection closed with no answer. OkHttp retries a failure on a
    # pooled connection (the stale mode, whose programs warm the pool with a
    # first call), or on the host's next address: a run calls one address.
    "IOException": {"refused", "reset", "slow"},
    "connect-failure": {"refused"},
    "connection-reset": {"reset"},
    "no-response": set(),
    "reused-connection-failure": {"stale"},
    "next-route": set(),
}
# Layers read by built-in readers, not rule files: their origin (an
# ingress-nginx layer's names its Ingress: the cases' is shop/orders).
BUILT_IN_LIBRARIES = {"nginx-proxy-next-upstream": "nginx proxy_next_upstream",
                      "grpc-service-config": "gRPC service config",
                      "ingress-nginx": "ingress-nginx Ingress shop/orders"}
# Readers that are in no table of docs/libraries.md: the versions they are
# proven on, each of which their page must say.
READER_PROVEN = {"ingress-nginx": (ROOT / "docs" / "semantics.md",
                                   ["libnginx-mod-http-lua 1:0.10.23-1+deb12u1"])}
# The service whose call to orders a case's layers are on: the client
# program, checkout; for an Ingress, the node standing for the ingress-nginx
# controller, which is not in the inputs.
CALLERS = {"ingress-nginx": "ingress-nginx-controller"}
# Files staged after the scan, which ampcheck must not read: the nginx.conf
# the ingress-nginx controller renders in its pod, never in a repository.
AFTER_SCAN = {"ingress-nginx": ["nginx.conf"]}
MARKERS = {"nginx": ("Dockerfile", "FROM nginx:1.22\n"),
           "python": ("requirements.txt", "requests\n"),
           "javascript": ("package.json", '{"name": "checkout"}\n'),
           "go": ("go.mod", "module checkout\n\ngo 1.19\n"),
           "java": ("pom.xml", "<project><artifactId>checkout</artifactId></project>\n"),
           "kotlin": ("build.gradle.kts", 'rootProject.name = "checkout"\n')}


def package_version(package):
    if "debian" in package:
        out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package["debian"]],
                             capture_output=True, text=True)
        if out.returncode != 0 or not out.stdout:
            raise SystemExit(f"Debian package {package['debian']} is not installed: "
                             "run tests/conformance/setup.sh")
        return f"{package['debian']} {out.stdout}"
    manifest = HERE / "js" / "node_modules" / package["npm"] / "package.json"
    if not manifest.exists():
        raise SystemExit(f"npm package {package['npm']} is not installed: "
                         "run tests/conformance/setup.sh")
    return f"{package['npm']} {json.loads(manifest.read_text())['version']}"


def load_rule(rules_dir, rule_id):
    for path in pathlib.Path(rules_dir).glob(f"*/{rule_id}.yaml"):
        return yaml.safe_load(path.read_text())
    raise SystemExit(f"no rule {rule_id} in {rules_dir}")


def rule_library(rules_dir, rule_id):
    if rule_id in BUILT_IN_LIBRARIES:
        return BUILT_IN_LIBRARIES[rule_id]
    return load_rule(rules_dir, rule_id)["library"]


def recorded_proven(rules_dir, rule_id):
    if rule_id in READER_PROVEN:
        return READER_PROVEN[rule_id][1]
    if rule_id in BUILT_IN_LIBRARIES:
        return gen_libraries_doc.BUILT_IN_PROVEN.get(rule_id, [])
    return load_rule(rules_dir, rule_id).get("proven", [])


def proven_mismatches(rules_dir, ran, whole_suite):
    """The rules' proven records against the versions the suite ran."""
    failures = []
    for rule_id, versions in sorted(ran.items()):
        recorded = recorded_proven(rules_dir, rule_id)
        for version in sorted(versions - set(recorded)):
            failures.append(f"rule {rule_id} ran on {version}, which its proven "
                            f"field does not record")
    if whole_suite:
        recorded = {path.stem: yaml.safe_load(path.read_text()).get("proven", [])
                    for path in pathlib.Path(rules_dir).glob("*/*.yaml")}
        recorded.update(gen_libraries_doc.BUILT_IN_PROVEN)
        recorded.update({rule_id: versions for rule_id, (_, versions)
                         in READER_PROVEN.items()})
        for rule_id, versions in sorted(recorded.items()):
            for version in versions:
                if version not in ran.get(rule_id, set()):
                    failures.append(f"rule {rule_id} records proven on {version}, "
                                    f"which no client program ran")
    for rule_id, (page, versions) in sorted(READER_PROVEN.items()):
        for version in versions:
            if version not in page.read_text():
                failures.append(f"rule {rule_id} records proven on {version}, "
                                f"which {page.relative_to(ROOT)} does not say")
    return failures


def stage(case_dir, language, into, env=None):
    service = into / "checkout"
    shutil.copytree(case_dir, service, ignore=shutil.ignore_patterns(
        "case.json", *AFTER_SCAN.get(language, [])))
    marker, text = MARKERS.get(language, (None, None))
    if marker and not (service / marker).exists():
        (service / marker).write_text(text)
    deploy = (HERE / "fleet" / "deploy.yaml").read_text()
    if env:
        # What the program runs with is the checkout Deployment's env, so
        # that ampcheck reads the same switches (GRPC_GO_RETRY).
        image = "image: registry.example.com/shop/checkout:1.0.0\n"
        lines = "".join(f"        - {{name: {k}, value: {json.dumps(v)}}}\n"
                        for k, v in sorted(env.items()))
        deploy = deploy.replace(image, image + "        env:\n" + lines, 1)
    (into / "deploy.yaml").write_text(deploy)
    return service


def scan(ampcheck, staged, caller="checkout"):
    # From inside the staged fleet, so that paths print relative to it.
    program = os.path.abspath(ampcheck) if os.sep in ampcheck else ampcheck
    out = subprocess.run([program, "scan", ".", "--format", "json"],
                         cwd=staged, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise SystemExit(f"ampcheck scan {staged} exited {out.returncode}: {out.stderr}")
    report = json.loads(out.stdout)
    calls = [c for c in report["calls"] if c["from"] == caller and c["to"] == "orders"]
    return (calls[0] if calls else None), report


def retries_mode(layer, mode):
    words = layer.get("retry_on")
    if not words:
        return True
    return any(mode in RETRIED_MODES.get(word, set()) for word in words)


def expected_attempts(call, mode):
    """(attempts, unbounded): the product of the retrying layers' tries."""
    product = 1
    for layer in call["layers"]:
        if layer.get("timeout_only") or not retries_mode(layer, mode):
            continue
        if layer["tries"] == "unbounded":
            return MAX_ATTEMPTS, True
        product *= layer["tries"]
    return product, False


def per_try_timeout_s(call):
    """The timeout of each try: a per-try timeout, or a client timeout's."""
    timeouts = [layer["per_try_timeout_ms"] for layer in call["layers"]
                if "per_try_timeout_ms" in layer]
    timeouts += [layer["timeout_ms"] for layer in call["layers"]
                 if layer.get("timeout_only") and "timeout_ms" in layer]
    return min(timeouts) / 1000 if timeouts else None


def run_program(argv, cwd, url, extra_env=None):
    env = dict(os.environ, ORDERS_URL=url, NO_PROXY="*", no_proxy="*", **(extra_env or {}))
    start = time.monotonic()
    # Debian python3-* packages are installed for the Debian interpreter.
    argv = ["/usr/bin/python3" if argv[0] == "python3" else argv[0]] + [
        a.replace("{conformance}", str(HERE)) for a in argv[1:]]
    out = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True,
                         timeout=PROGRAM_TIMEOUT_S)
    return out, time.monotonic() - start


def failing_server(case, mode):
    """The server for a mode: a gRPC one for a gRPC client program (case
    "server": "grpc"), except when refused, where nothing listens."""
    if case.get("server") == "grpc" and mode != "refused":
        return GrpcFailingServer(go_programs.build_grpc_server(), mode,
                                 max_attempts=MAX_ATTEMPTS)
    return FailingServer(mode, max_attempts=MAX_ATTEMPTS,
                         slow_hold_s=case.get("slow_hold_s", SLOW_HOLD_S))


def check_case(name, case, case_dir, language, args):
    version = package_version(case["package"])
    library = rule_library(args.rules_dir, case["rule"])
    rows, failures = [], []
    with tempfile.TemporaryDirectory(prefix="ampcheck-conformance-") as tmp:
        service = stage(case_dir, language, pathlib.Path(tmp), case.get("env"))
        caller = CALLERS.get(language, "checkout")
        call, report = scan(args.ampcheck, pathlib.Path(tmp), caller)
        for after in AFTER_SCAN.get(language, []):
            shutil.copy(case_dir / after, service / after)
        if language == "javascript":  # after the scan, which must not read it
            (service / "node_modules").symlink_to(HERE / "js" / "node_modules")
        if language == "go":  # after the scan too: a copy to build and the binary
            error = go_programs.build_client(service, pathlib.Path(tmp))
            if error:
                failures.append(f"{name}: {error}")
                return rows, failures
        if language in ("java", "kotlin"):  # after the scan: the classes beside the source
            error = java_programs.build_client(service, case["program"])
            if error:
                failures.append(f"{name}: {error}")
                return rows, failures
        where = f"{name}: rule {case['rule']} on {version}"
        if call is None:
            failures.append(f"{where}: ampcheck found no call {caller}->orders "
                            f"(diagnostics: {report['diagnostics']})")
            return rows, failures
        if case.get("expect_no_layer"):
            if any(layer["origin"] == library for layer in call["layers"]):
                failures.append(f"{where}: a layer of {library!r} on the call "
                                f"({call['arithmetic']}); this shape has none")
        elif not any(layer["origin"] == library for layer in call["layers"]):
            failures.append(f"{where}: no layer of {library!r} on the call "
                            f"({call['arithmetic']})")
            return rows, failures
        if case.get("timeout_rule"):
            # The client timeout whose per-try bound the slow mode measures.
            timeout_library = rule_library(args.rules_dir, case["timeout_rule"])
            if not any(layer["origin"] == timeout_library and layer.get("timeout_only")
                       for layer in call["layers"]):
                failures.append(f"{where}: no {case['timeout_rule']} timeout on the "
                                f"call ({call['arithmetic']})")
                return rows, failures
        for mode in case.get("modes", MODES):
            expected, unbounded = expected_attempts(call, mode)
            with failing_server(case, mode) as server:
                try:
                    out, _ = run_program(case["program"], service, server.url, case.get("env"))
                except subprocess.TimeoutExpired:
                    failures.append(f"{where}, failure mode {mode}: the program did not "
                                    f"finish in {PROGRAM_TIMEOUT_S}s")
                    continue
                time.sleep(0.05)  # the last attempt's end
                measured, hold = server.attempts(), server.hold_time_s()
            said = "unbounded" if unbounded else expected
            row = {"case": name, "rule": case["rule"], "version": version, "mode": mode,
                   "measured": measured, "ampcheck": said, "hold_s": round(hold, 3),
                   "timeouts": [layer["origin"] for layer in call["layers"]
                                if layer.get("timeout_only")]}
            rows.append(row)
            if out.returncode != 0 and not unbounded:
                failures.append(f"{where}, failure mode {mode}: the program failed "
                                f"({out.returncode}): {out.stderr.strip()[-400:]}")
            if measured != expected:
                failures.append(f"{where}, failure mode {mode}: measured {measured} "
                                f"attempts, ampcheck says {said} ({call['arithmetic']})")
            per_try = per_try_timeout_s(call)
            if mode == "slow" and per_try and not unbounded:
                # The first try's timer also runs while the client sets up
                # (fetch, DNS, the socket), so only the later tries count whole.
                low = (expected - 1) * per_try * 0.9 - HOLD_SLACK_S
                high_ms = call.get("worst_case_hold_ms")
                row["worst_case_hold_s"] = high_ms / 1000 if high_ms is not None else None
                if high_ms is None:
                    failures.append(f"{where}, failure mode slow: ampcheck reports no "
                                    f"worst-case hold time; measured {hold:.3f}s")
                elif not low <= hold <= high_ms / 1000 * 1.1 + HOLD_SLACK_S:
                    failures.append(f"{where}, failure mode slow: held {hold:.3f}s, "
                                    f"ampcheck's worst case is {high_ms / 1000:.3f}s "
                                    f"({expected} x {per_try:.3f}s per try)")
                elif (high_ms / 1000 > hold * OVERESTIMATE_FACTOR + HOLD_SLACK_S
                      and not case.get("hold_over")):
                    # A worst case far above what the client held is a timeout
                    # nested on the wrong side of a retry, or a back-off the
                    # program sets and ampcheck does not read.
                    failures.append(f"{where}, failure mode slow: ampcheck's worst case "
                                    f"{high_ms / 1000:.3f}s overestimates the {hold:.3f}s "
                                    f"held (more than {OVERESTIMATE_FACTOR} x + "
                                    f"{HOLD_SLACK_S}s); a case whose worst case another "
                                    f"mode or a random back-off reaches says why in "
                                    f"\"hold_over\"")
    return rows, failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ampcheck", default=str(ROOT / "build" / "ampcheck"))
    parser.add_argument("--rules-dir", default=os.environ.get("AMPCHECK_RULES_DIR",
                                                            str(ROOT / "rules")))
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--table", help="write the measurements as JSON")
    parser.add_argument("--jobs", type=int, default=3, help="client programs at a time")
    args = parser.parse_args()
    os.environ["AMPCHECK_RULES_DIR"] = args.rules_dir
    cases = sorted((HERE / "clients").glob("*/*/case.json"))
    if args.only:
        cases = [c for c in cases if c.parent.name in args.only]
    if not cases:
        raise SystemExit("no client programs matched")

    def run_case(path):
        case = json.loads(path.read_text())
        name = f"{path.parent.parent.name}/{path.parent.name}"
        return case, check_case(name, case, path.parent, path.parent.parent.name, args)

    # Client programs mostly wait (timeouts, backoff): a few at a time, each
    # with its own server and port.
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(run_case, cases))
    # A program whose tries are cut short by a loaded machine (a 1 s timeout
    # that fires before its request is read) is run again alone; only a
    # mismatch it shows again is one. Each re-run is said.
    for i, (case, (rows, failures)) in enumerate(results):
        if not failures:
            continue
        again = run_case(cases[i])
        print(f"RERUN {again[0]['rule']} ({cases[i].parent.name}) alone after: "
              f"{failures[0]}; {'mismatched again' if again[1][1] else 'matched'}",
              flush=True)
        results[i] = again
    all_rows, all_failures, ran = [], [], {}
    for case, (rows, failures) in results:
        for row in rows:
            worst = row.get("worst_case_hold_s")
            print("{case:40} {mode:8} measured {measured!s:>3}  ampcheck {ampcheck!s:>9}  "
                  "hold {hold_s:.3f}s{worst}  ({version})".format(
                      worst=f" (worst case {worst:.3f}s)" if worst is not None else "", **row),
                  flush=True)
        for failure in failures:
            print("MISMATCH " + failure, flush=True)
        all_rows += rows
        all_failures += failures
        ran.setdefault(case["rule"], set()).update(row["version"] for row in rows)
        if case.get("timeout_rule"):
            ran.setdefault(case["timeout_rule"], set()).update(
                row["version"] for row in rows if row["mode"] == "slow")
    for failure in proven_mismatches(args.rules_dir, ran, not args.only):
        print("MISMATCH " + failure, flush=True)
        all_failures.append(failure)
    if args.table:
        pathlib.Path(args.table).write_text(json.dumps(all_rows, indent=1) + "\n")
    print(f"conformance: {len(all_rows)} runs of {len(cases)} client programs, "
          f"{len(all_failures)} mismatches")
    return 1 if all_failures else 0


if __name__ == "__main__":
    sys.exit(main())
