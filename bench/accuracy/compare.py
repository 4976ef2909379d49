#!/usr/bin/env python3
"""Compare ampcheck's path products on public repositories with products computed by hand.

Usage: compare.py [--ampcheck BIN] [--only SCENARIO]... [--keep DIR] MIRROR_ROOT

MIRROR_ROOT holds one entry per repository, named owner+name (as fetched):
  owner+name/repo   a git dir (bare mirror): its HEAD tree is exported to a temp dir
  owner+name        a git dir itself, exported the same way, or an exported tree, used as is
scenarios.tsv says which repository each scenario scans and with which arguments;
expected.tsv holds the hand-computed products. Each expected path prints one line:
  SCENARIO PATH expected=N got=M match|differs (why)
A path ampcheck does not report prints got=none with the first call it lacks.
Standard library only; no network.
"""
import argparse
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def read_tsv(name):
    """Rows of a tab-separated file next to this script; '#' starts a comment line."""
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            rows.append((number, line.split("\t")))
    return rows


def is_git_dir(path):
    return os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))


def head_commit(git_dir):
    out = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"],
                         capture_output=True, text=True)
    return out.stdout.strip() if out.returncode == 0 else ""


def export_head(git_dir, out):
    """Write the HEAD tree of git_dir into out, skipping blobs a partial snapshot lacks
    (the same walk as /work/shared/bench/export_tree.py). Returns the number of files."""
    listing = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", "HEAD"],
                             capture_output=True, check=True).stdout.split(b"\0")
    entries = []
    for item in listing:
        if not item:
            continue
        meta, path = item.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob" and mode in (b"100644", b"100755"):
            entries.append((sha, path.decode("utf-8", "replace")))
    batch = subprocess.Popen(["git", "--git-dir", git_dir, "cat-file", "--batch"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    written = 0
    for sha, path in entries:
        batch.stdin.write(sha + b"\n")
        batch.stdin.flush()
        header = batch.stdout.readline().split()
        if len(header) < 3 or header[1] == b"missing":
            continue
        data = batch.stdout.read(int(header[2]))
        batch.stdout.read(1)
        dest = os.path.join(out, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(data)
        written += 1
    batch.stdin.close()
    batch.wait()
    return written


def locate(mirror_root, repo):
    """(git_dir or None, tree or None) for a repository under mirror_root."""
    base = os.path.join(mirror_root, repo)
    if is_git_dir(os.path.join(base, "repo")):
        return os.path.join(base, "repo"), None
    if is_git_dir(base):
        return base, None
    if os.path.isdir(base) and os.listdir(base):
        return None, base
    return None, None


def expand(tree, args):
    """Scan arguments relative to the tree; globs expand in sorted order."""
    out = []
    for arg in args.split():
        matches = sorted(glob.glob(os.path.join(tree, arg)))
        if not matches:
            return None, arg
        out.extend(os.path.relpath(m, tree) for m in matches)
    return out, None


def product(values):
    """Tries multiply along a path; an unbounded factor makes the product unbounded."""
    total = 1
    for v in values:
        if v == "unbounded":
            return "unbounded"
        total *= int(v)
    return total


def same_name(reported, expected):
    """A reported name is `name` or `namespace/name` when the name is in several namespaces."""
    return reported == expected or reported.endswith("/" + expected)


def reported_product(report, services):
    """What ampcheck says for the path: (tries, bounded, how) or (None, None, why not)."""
    for p in report.get("paths", []):
        names = p.get("services", [])
        if len(names) == len(services) and all(same_name(a, b) for a, b in zip(names, services)):
            return p.get("tries"), p.get("bounded_tries"), "path"
    factors, bounded, hops, missing = [], [], [], False
    for caller, callee in zip(services, services[1:]):
        calls = [c for c in report.get("calls", [])
                 if same_name(c.get("from", ""), caller) and same_name(c.get("to", ""), callee)]
        if not calls:
            hops.append(f"{caller} -> {callee}: no call")
            missing = True
            continue
        worst = max(calls, key=lambda c: float("inf") if c.get("tries") == "unbounded" else c.get("tries", 1))
        factors.append(worst.get("tries", 1))
        bounded.append(worst.get("bounded_tries", worst.get("tries", 1)))
        hops.append(f"{caller} -> {callee}: {worst.get('tries', 1)}")
    if missing:
        return None, None, "; ".join(hops)
    return product(factors), product(bounded), " x ".join(str(f) for f in factors)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mirror_root")
    parser.add_argument("--ampcheck", default=os.environ.get("AMPCHECK", os.path.join(HERE, "..", "..", "build", "ampcheck")))
    parser.add_argument("--only", action="append", default=[], help="run only this scenario (repeatable)")
    parser.add_argument("--keep", help="write each scenario's JSON report into this directory")
    opts = parser.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the run quietly
    ampcheck = os.path.abspath(opts.ampcheck)
    if not os.access(ampcheck, os.X_OK):
        print(f"error: no ampcheck binary at {ampcheck} (build it, or pass --ampcheck / AMPCHECK)", file=sys.stderr)
        return 2

    scenarios = {}
    for number, cols in read_tsv("scenarios.tsv"):
        if len(cols) != 4:
            print(f"error: scenarios.tsv:{number}: want 4 tab-separated columns, got {len(cols)}", file=sys.stderr)
            return 2
        scenarios[cols[0]] = {"repo": cols[1], "commit": cols[2], "args": cols[3]}
    unknown = [name for name in opts.only if name not in scenarios]
    if unknown:
        print(f"error: no scenario {', '.join(unknown)} in scenarios.tsv", file=sys.stderr)
        return 2
    expected = []
    for number, cols in read_tsv("expected.tsv"):
        if len(cols) != 4 or cols[0] not in scenarios:
            print(f"error: expected.tsv:{number}: want scenario, path, tries, evidence (known scenario)", file=sys.stderr)
            return 2
        expected.append((cols[0], [s.strip() for s in cols[1].split("->")], cols[2]))

    work = tempfile.mkdtemp(prefix="ampcheck-accuracy-")
    trees, ran, matched, compared = {}, 0, 0, 0
    try:
        for name, sc in scenarios.items():
            if opts.only and name not in opts.only:
                continue
            if sc["repo"] not in trees:
                trees[sc["repo"]] = prepare_tree(opts.mirror_root, sc["repo"], work)
            tree, commit, problem = trees[sc["repo"]]
            if tree is None:
                print(f"skip {name}: {problem}")
                continue
            if commit and commit != sc["commit"]:
                print(f"note {name}: {sc['repo']} is at {commit[:12]}, the expectations were computed at {sc['commit'][:12]}")
            args, missing = expand(tree, sc["args"])
            if args is None:
                print(f"skip {name}: {missing} is not in {sc['repo']}")
                continue
            ran += 1
            report = scan(ampcheck, tree, args, name, work, opts.keep)
            for _, services, want in (e for e in expected if e[0] == name):
                line, ok = compare_path(report, services, want)
                compared += 1
                matched += ok
                print(f"{name}\t{line}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if ran == 0:
        print(f"error: no scenario ran: no mirror found under {opts.mirror_root}", file=sys.stderr)
        return 1
    print(f"{matched} of {compared} paths match")
    return 0


def prepare_tree(mirror_root, repo, work):
    """(tree, HEAD commit or "", why not) for a repository: a git dir is exported into work."""
    git_dir, tree = locate(mirror_root, repo)
    if git_dir is None:
        return tree, "", None if tree else f"no mirror of {repo} under {mirror_root}"
    tree = os.path.join(work, repo)
    os.makedirs(tree)
    try:
        export_head(git_dir, tree)
    except (subprocess.CalledProcessError, OSError) as error:
        return None, "", f"cannot export {git_dir}: {error}"
    return tree, head_commit(git_dir), None


def scan(ampcheck, tree, args, name, work, keep):
    """ampcheck's JSON report for the scan, or None (after saying why)."""
    report_file = os.path.join(work, name + ".json")
    run = subprocess.run([ampcheck, "scan", *args, "--format", "json", "--fail-on", "never", "--input-errors", "warn", "-o", report_file],
                         cwd=tree, capture_output=True, text=True)
    if run.returncode not in (0, 1) or not os.path.isfile(report_file):
        print(f"error {name}: ampcheck exited {run.returncode}: {run.stderr.strip()[:300]}")
        return None
    if keep:
        os.makedirs(keep, exist_ok=True)
        shutil.copy(report_file, os.path.join(keep, name + ".json"))
    with open(report_file, encoding="utf-8") as f:
        return json.load(f)


def compare_path(report, services, want):
    """The output line for one expected path (without the scenario) and whether it matches."""
    label = " -> ".join(services)
    if report is None:
        return f"{label}\texpected={want}\tgot=error\tdiffers", False
    got, bounded, how = reported_product(report, services)
    if got is None:
        ok = want == "none"
        return f"{label}\texpected={want}\tgot=none\t{'match' if ok else 'differs'} ({how})", ok
    ok = str(got) == want
    extra = [] if how == "path" else [f"product of its calls {how}"]
    if want == "none":
        extra.append("reported for a path that does not exist")
    if bounded is not None and bounded != got:
        extra.append(f"bounded={bounded}")
    suffix = f" ({', '.join(extra)})" if extra else ""
    return f"{label}\texpected={want}\tgot={got}\t{'match' if ok else 'differs'}{suffix}", ok


if __name__ == "__main__":
    sys.exit(main())
