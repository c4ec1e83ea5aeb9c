#!/usr/bin/env python3
"""Runs `futc test` (the interpreter, or `--backend c`, `multicore` or `opencl`)
over each program of a Futhark test directory (such as upstream's tests/)
and reports, per directory, how many of the run cases (an input with an
expected output or run-time error) pass. Programs whose test block
expects a compile-time error are not run cases and are left out, as are,
for the interpreter, runs tagged `compiled` (it skips them).

Usage: scripts/upstream-run-rate.py TESTS_DIR [FUTC] [--jobs N] [--timeout S]
       [--failures FILE] [--backend interpreter|c|multicore|opencl]
       [--shard K/N] [--progress FILE]
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys

SUMMARY = re.compile(r"(\d+) passed, (\d+) failed, (\d+) skipped")


def expects_compile_error(text):
    """Whether the first test block expects compilation to fail."""
    lines = text.splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if re.match(r"^--\s*==\s*$", l))
    except StopIteration:
        return False
    for line in lines[start + 1:]:
        if not line.startswith("--"):
            break
        body = line[2:].strip()
        if not body:
            continue
        if body.startswith("error:"):
            return True
        if re.match(r"^(tags|entry:|no_|nobench|notest|==)", body):
            continue
        break
    return False


def run(futc, path, timeout, backend):
    try:
        result = subprocess.run(
            [futc, "test", "--backend", backend, "-j", "1", path],
            capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return path, None, "timeout"
    match = SUMMARY.search(result.stdout)
    if not match:
        return path, None, result.stderr[-400:]
    passed, failed, _ = map(int, match.groups())
    return path, (passed, failed), result.stderr


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tests")
    parser.add_argument("futc", nargs="?", default="target/release/futc")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--failures")
    parser.add_argument("--backend", default="interpreter")
    parser.add_argument("--shard", default="1/1",
                        help="K/N: only every N-th program, starting with the K-th")
    parser.add_argument("--progress",
                        help="a file each program's counts are appended to as it finishes")
    args = parser.parse_args()
    shard, shards = map(int, args.shard.split("/"))
    programs = []
    for root, _, files in os.walk(args.tests):
        for name in sorted(files):
            if name.endswith(".fut"):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                if "-- ==" in text and not expects_compile_error(text):
                    programs.append(path)
    programs = sorted(programs)[shard - 1::shards]
    progress = open(args.progress, "a", encoding="utf-8") if args.progress else None
    totals = collections.defaultdict(lambda: [0, 0])
    failures = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for path, counts, stderr in pool.map(lambda p: run(args.futc, p, args.timeout, args.backend), programs):
            rel = os.path.relpath(path, args.tests)
            if progress:
                progress.write(f"{rel} {counts if counts else stderr[-200:]!r}\n")
                progress.flush()
            directory = rel.split(os.sep)[0] if os.sep in rel else "."
            if counts is None:
                # A crash or timeout fails the program's runs; count one.
                counts = (0, 1)
            totals[directory][0] += counts[0]
            totals[directory][1] += counts[1]
            if counts[1]:
                failures.append(f"{rel}\n{stderr}")
    print(f"{'directory':<28} {'passed':>7} {'failed':>7} {'rate':>7}")
    overall = [0, 0]
    outside = [0, 0]
    for directory in sorted(totals):
        p, f = totals[directory]
        overall[0] += p
        overall[1] += f
        if directory not in ("ad", "accs"):
            outside[0] += p
            outside[1] += f
        print(f"{directory:<28} {p:>7} {f:>7} {100 * p / max(1, p + f):>6.1f}%")
    for label, (p, f) in (("all", overall), ("outside ad/ and accs/", outside)):
        print(f"{label:<28} {p:>7} {f:>7} {100 * p / max(1, p + f):>6.1f}%")
    if args.failures:
        with open(args.failures, "w", encoding="utf-8") as f:
            f.write("\n".join(failures))


if __name__ == "__main__":
    sys.exit(main())
