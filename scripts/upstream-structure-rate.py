#!/usr/bin/env python3
"""Measures the `structure` blocks of one pipeline (the default, SOACS,
unless --pipeline names another: seq-mem, mc-mem, ...) in a Futhark test
directory (such as upstream's tests/): for each program with such blocks,
`futc dev --metrics --pipeline P` gives the metrics of its core IR at the
end of the pipeline, and a block matches when every count it expects is
the one measured (a path that does not occur counts 0), as `futc test`
checks it. Reports the matching blocks per directory and in all, then
which paths differ most often, whether we have more or fewer than
expected, with examples. Blocks naming other pipelines are left out.

Usage: scripts/upstream-structure-rate.py TESTS_DIR [FUTC] [--jobs N]
       [--pipeline P] [--timeout S] [--examples N] [--details FILE]
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys

PIPELINES = ("gpu-mem", "gpu", "mc-mem", "mc", "seq-mem", "internalised")
STRUCTURE = re.compile(r"\bstructure\s+(?:([a-z-]+)\s*)?\{([^}]*)\}")


def test_blocks(text):
    """The text of each `-- ==` block, continuation lines joined."""
    lines = text.splitlines()
    blocks = []
    index = 0
    while index < len(lines):
        if lines[index].startswith("-- =="):
            parts = [lines[index][len("-- =="):]]
            index += 1
            while index < len(lines) and lines[index].startswith("--"):
                parts.append(lines[index][2:])
                index += 1
            blocks.append("\n".join(parts))
        else:
            index += 1
    return blocks


def structures(text, wanted):
    """The expected counts of each structure block of the pipeline
    `wanted` (None: the default), as dicts from path to count (the last
    count of a path written twice)."""
    found = []
    for block in test_blocks(text):
        for match in STRUCTURE.finditer(block):
            pipeline = match.group(1)
            if pipeline not in PIPELINES:
                pipeline = None
            if pipeline != wanted:
                continue
            words = match.group(2).split()
            found.append(dict(zip(words[0::2], map(int, words[1::2]))))
    return found


def metrics(futc, path, pipeline, timeout):
    """The program's metrics, or the reason there are none."""
    try:
        result = subprocess.run([futc, "dev", "--metrics", "--pipeline", pipeline or "soacs",
                                 path],
                                capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if result.returncode != 0:
        return None, result.stderr.strip().splitlines()[0] if result.stderr.strip() else "failed"
    return json.loads(result.stdout), None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tests")
    parser.add_argument("futc", nargs="?", default="target/release/futc")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--examples", type=int, default=4,
                        help="examples shown per differing path")
    parser.add_argument("--details", help="write every mismatch to this file")
    parser.add_argument("--pipeline", choices=PIPELINES,
                        help="measure this pipeline's blocks instead of the default's")
    args = parser.parse_args()
    programs = []
    for root, _, files in os.walk(args.tests):
        for name in sorted(files):
            if name.endswith(".fut"):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    blocks = structures(f.read(), args.pipeline)
                if blocks:
                    programs.append((path, blocks))
    programs.sort()
    totals = collections.defaultdict(lambda: [0, 0])
    # path -> direction ("more"/"fewer") -> [(program, expected, actual)]
    differing = collections.defaultdict(lambda: collections.defaultdict(list))
    uncompiled = []
    details = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        measured = pool.map(lambda p: metrics(args.futc, p[0], args.pipeline, args.timeout),
                            programs)
        for (path, blocks), (actual, error) in zip(programs, measured):
            rel = os.path.relpath(path, args.tests)
            directory = rel.split(os.sep)[0] if os.sep in rel else "."
            for expected in blocks:
                if actual is None:
                    totals[directory][1] += 1
                    uncompiled.append((rel, error))
                    details.append(f"{rel}: does not compile: {error}")
                    continue
                wrong = {k: (v, actual.get(k, 0)) for k, v in expected.items()
                         if actual.get(k, 0) != v}
                if not wrong:
                    totals[directory][0] += 1
                    continue
                totals[directory][1] += 1
                for key, (want, got) in sorted(wrong.items()):
                    direction = "more" if got > want else "fewer"
                    differing[key][direction].append((rel, want, got))
                shown = ", ".join(f"{k} {w}->{g}" for k, (w, g) in sorted(wrong.items()))
                details.append(f"{rel}: {shown}")
    print(f"{'directory':<28} {'match':>6} {'differ':>7} {'rate':>7}")
    overall = [0, 0]
    for directory in sorted(totals):
        good, bad = totals[directory]
        overall[0] += good
        overall[1] += bad
        print(f"{directory:<28} {good:>6} {bad:>7} {100 * good / max(1, good + bad):>6.1f}%")
    good, bad = overall
    print(f"{'all':<28} {good:>6} {bad:>7} {100 * good / max(1, good + bad):>6.1f}%")
    if uncompiled:
        print(f"\n{len(uncompiled)} block(s) of programs that do not compile:")
        for rel, error in uncompiled:
            print(f"  {rel}: {error}")
    print("\nPaths whose count differs (blocks; `more`: we have more than expected):")
    ranked = sorted(differing.items(),
                    key=lambda item: -sum(len(v) for v in item[1].values()))
    for key, directions in ranked:
        for direction in ("more", "fewer"):
            cases = directions.get(direction)
            if not cases:
                continue
            print(f"  {key} ({direction}): {len(cases)}")
            for rel, want, got in cases[:args.examples]:
                print(f"      {rel}: expected {want}, got {got}")
    if args.details:
        with open(args.details, "w", encoding="utf-8") as f:
            f.write("\n".join(details) + "\n")


if __name__ == "__main__":
    sys.exit(main())
