#!/usr/bin/env python3
"""Runs the ast-grep rules of bench/astgrep over the shipped rules' fixtures
and scores each rule on its own fixture (fixtures/rules/<lang>/<id>.<ext>) as
`ampcheck test` scores the shipped rule: the lines marked `ruleid: <id>` must
match, nothing else may.
  bench/astgrep/check_fixtures.py AST_GREP_BINARY
Prints one line per rule (expected, matched, missed, extra) and the totals.
"""
import collections
import json
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
EXPECT = re.compile(r'(//|#)(?:"\s*:\s*")?\s*ruleid:\s*([a-z0-9.-]+)')


def is_comment(line):
    t = line.strip()
    return t.startswith("//") or t.startswith("#")


def expectations(path):
    """rule id -> set of 1-based lines, read as rule_fixtures.cc reads them."""
    out = collections.defaultdict(set)
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    for i, line in enumerate(lines):
        m = EXPECT.search(line)
        if not m or "todoruleid" in line:
            continue
        target = i
        before = line[: m.start()].strip()
        if before in ("", '"'):
            target = i + 1
            while target < len(lines) and (not lines[target].strip() or is_comment(lines[target])):
                target += 1
        out[m.group(2)].add(target + 1)
    return out


def main():
    astgrep = sys.argv[1]
    config = os.path.join(ROOT, "bench", "astgrep", "sgconfig.yml")
    fixtures = os.path.join(ROOT, "fixtures", "rules")
    run = subprocess.run([astgrep, "scan", "-c", config, fixtures, "--json=stream"],
                         capture_output=True, text=True, check=True)
    matched = collections.defaultdict(set)  # (id, file) -> lines
    ids = set()
    for line in run.stdout.splitlines():
        d = json.loads(line)
        base = d["ruleId"].removesuffix("@ts").removesuffix("@tsx")
        matched[(base, os.path.normpath(d["file"]))].add(d["range"]["start"]["line"] + 1)
    rules_dir = os.path.join(ROOT, "bench", "astgrep", "rules")
    for name in os.listdir(rules_dir):
        for m in re.finditer(r"^id: (\S+)", open(os.path.join(rules_dir, name)).read(), re.M):
            ids.add(m.group(1).removesuffix("@ts").removesuffix("@tsx"))
    totals = collections.Counter()
    print(f"{'rule':45} {'expected':>8} {'matched':>8} {'missed':>7} {'extra':>6}")
    for rid in sorted(ids):
        lang_dir = [d for d in os.listdir(fixtures) if os.path.isdir(os.path.join(fixtures, d))]
        paths = [os.path.join(fixtures, d, f) for d in lang_dir
                 for f in os.listdir(os.path.join(fixtures, d)) if os.path.splitext(f)[0] == rid]
        if not paths:
            print(f"{rid:45} no fixture")
            continue
        path = os.path.normpath(os.path.relpath(paths[0]))
        want = expectations(paths[0]).get(rid, set())
        got = matched.get((rid, path), set()) | matched.get((rid, os.path.normpath(paths[0])), set())
        row = (len(want), len(got & want), len(want - got), len(got - want))
        totals.update(dict(zip(("expected", "matched", "missed", "extra"), row)))
        totals["rules"] += 1
        totals["exact"] += row[2] == 0 and row[3] == 0
        print(f"{rid:45} {row[0]:8} {row[1]:8} {row[2]:7} {row[3]:6}")
        for line in sorted(want - got):
            print(f"  missed {path}:{line}")
        for line in sorted(got - want):
            print(f"  extra  {path}:{line}")
    print(f"{'total (' + str(totals['rules']) + ' rules, ' + str(totals['exact']) + ' exact)':45} "
          f"{totals['expected']:8} {totals['matched']:8} {totals['missed']:7} {totals['extra']:6}")


if __name__ == "__main__":
    main()
