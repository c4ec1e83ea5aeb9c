#!/usr/bin/env python3
"""Runs `futc check` over a Futhark test directory (such as upstream's
tests/) and reports, per directory, how many programs are accepted or
rejected as their test block expects.

A program is expected to fail compilation when its `-- ==` block has an
`error:` expectation before any `input`; errors after an input are run-time
errors and do not count. Expected errors about uniqueness, consumption or
aliasing are reported separately (they belong to the uniqueness checker).

Usage: scripts/upstream-check-rate.py TESTS_DIR [FUTC] [--failures FILE]
"""
import collections
import os
import re
import subprocess
import sys

UNIQUENESS = re.compile(r"consum|uniq|alias|in-place|self-aliased", re.I)


def expected_compile_error(text):
    """The compile-error regex of a test program, or None."""
    lines = text.splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if re.match(r"^--\s*==\s*$", l))
    except StopIteration:
        return None
    for line in lines[start + 1:]:
        if not line.startswith("--"):
            break
        body = line[2:].strip()
        if not body:
            continue
        match = re.match(r"^error:\s*(.*)$", body)
        if match:
            return match.group(1)
        # Header lines; anything else (`input`, or `compiled`, `random`,
        # `script`, `nobench` before one) starts a run case.
        if re.match(r"^(tags|entry:|no_|notest)", body):
            continue
        break
    return None


def message_matches(expected, stderr):
    """Whether a rejection's messages match the test's `error:` regex, as
    `futc test` and upstream's test runner match it (a search in which `.`
    also matches line breaks; an empty regex matches)."""
    try:
        return re.search(expected, stderr, re.DOTALL) is not None
    except re.error:
        return False


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    failures_path = None
    if "--failures" in sys.argv:
        failures_path = sys.argv[sys.argv.index("--failures") + 1]
        args = [a for a in args if a != failures_path]
    root = args[0]
    futc = args[1] if len(args) > 1 else "target/release/futc"
    stats = collections.defaultdict(lambda: [0, 0, 0, 0, 0, 0, 0])
    failures = []
    for dirpath, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if not name.endswith(".fut"):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            expected = expected_compile_error(text)
            rel = os.path.relpath(dirpath, root)
            group = rel.split(os.sep)[0] if rel != "." else "."
            result = subprocess.run([futc, "check", path], capture_output=True, text=True)
            if result.returncode not in (0, 2):
                failures.append(f"CRASH {path} (exit {result.returncode})\n{result.stderr[-2000:]}")
            s = stats[group]
            if expected is None:
                s[0] += 1
                if result.returncode == 0:
                    s[1] += 1
                else:
                    failures.append(f"REJECTED {path}\n{result.stderr[:1500]}")
            elif UNIQUENESS.search(expected):
                s[4] += 1
                if result.returncode == 2:
                    s[5] += 1
            else:
                s[2] += 1
                if result.returncode == 2:
                    s[3] += 1
                    if message_matches(expected, result.stderr):
                        s[6] += 1
                    else:
                        failures.append(f"MESSAGE {path} (expected: {expected})\n{result.stderr[:600]}")
                else:
                    failures.append(f"ACCEPTED {path} (expected: {expected})")
    total = [sum(s[i] for s in stats.values()) for i in range(7)]
    print(f"{'directory':<24} {'accepted':>14} {'rejected':>14} {'uniqueness':>12} {'message':>10}")
    for group in sorted(stats):
        s = stats[group]
        print(f"{group:<24} {s[1]:>6}/{s[0]:<7} {s[3]:>6}/{s[2]:<7} {s[5]:>5}/{s[4]:<6} {s[6]:>5}/{s[3]:<5}")
    print(f"{'total':<24} {total[1]:>6}/{total[0]:<7} {total[3]:>6}/{total[2]:<7} {total[5]:>5}/{total[4]:<6} {total[6]:>5}/{total[3]:<5}")
    if failures_path:
        with open(failures_path, "w") as f:
            f.write("\n".join(failures))


if __name__ == "__main__":
    main()
