#!/usr/bin/env python3
"""Measures the uniqueness checker against a Futhark test directory (such
as upstream's tests/).

Two rates:

* caught: programs whose expected compile error (an `error:` line of the
  `-- ==` block, before any input) is about consumption, uniqueness or
  aliasing, and that `futc check` rejects (exit code 2) with a message
  matching the expected regex;
* accepted: programs without an expected compile error that `futc check`
  accepts (exit code 0).

A message also counts as matching when the regex matches only the file's
path in it (upstream's test runner sees the path too, and a few regexes,
such as `unique` in tests/uniqueness/, match it); the number caught with the
path removed from the messages is reported separately as "strictly".

Usage: scripts/upstream-uniqueness-rate.py TESTS_DIR [FUTC] [--failures FILE] [-j N]

The upstream tests come from `fetch github:diku-dk/futhark` and
`git --git-dir=DIR archive HEAD tests | tar -x -C /tmp/up-uniq`.
"""
import concurrent.futures
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
check_rate = __import__("upstream-check-rate")

# An expected error about uniqueness: the words upstream's messages use.
UNIQUENESS = re.compile(r"consum|uniq|alias|in-place|self-aliased", re.I)


def matches(expected, message):
    """Whether upstream's expected regex (a POSIX extended regex, matched
    anywhere in the message) matches; messages may span lines."""
    try:
        return re.search(expected, message, re.S) is not None
    except re.error:
        return expected in message


def check(futc, path):
    result = subprocess.run([futc, "check", path], capture_output=True, text=True)
    return result.returncode, result.stderr


def main():
    argv = sys.argv[1:]
    failures_path = None
    jobs = os.cpu_count() or 4
    if "--failures" in argv:
        i = argv.index("--failures")
        failures_path = argv[i + 1]
        del argv[i : i + 2]
    if "-j" in argv:
        i = argv.index("-j")
        jobs = int(argv[i + 1])
        del argv[i : i + 2]
    root = argv[0]
    futc = argv[1] if len(argv) > 1 else "target/release/futc"
    programs = []
    for dirpath, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if name.endswith(".fut"):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    programs.append((path, check_rate.expected_compile_error(f.read())))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda p: check(futc, p[0]), programs))
    caught = strict = total_uniq = accepted = total_ok = 0
    failures = []
    for (path, expected), (code, stderr) in zip(programs, results):
        if code not in (0, 2):
            failures.append(f"CRASH {path} (exit {code})\n{stderr[-2000:]}")
        if expected is None:
            total_ok += 1
            if code == 0:
                accepted += 1
            else:
                failures.append(f"REJECTED {path}\n{stderr[:1500]}")
        elif UNIQUENESS.search(expected):
            total_uniq += 1
            if code == 2 and matches(expected, stderr):
                caught += 1
                without_path = stderr.replace(path, "").replace(os.path.basename(path), "")
                if matches(expected, without_path):
                    strict += 1
                else:
                    failures.append(f"ONLY THROUGH THE PATH {path} (expected: {expected})")
            elif code == 2:
                failures.append(f"WRONG MESSAGE {path} (expected: {expected})\n{stderr[:1500]}")
            else:
                failures.append(f"MISSED {path} (expected: {expected})")
    print(
        f"uniqueness errors caught: {caught}/{total_uniq} ({100 * caught / max(total_uniq, 1):.1f}%),"
        f" strictly (path removed from the messages): {strict}/{total_uniq}"
    )
    print(f"programs without expected error accepted: {accepted}/{total_ok} ({100 * accepted / max(total_ok, 1):.1f}%)")
    if failures_path:
        with open(failures_path, "w") as f:
            f.write("\n".join(failures) + "\n")


if __name__ == "__main__":
    main()
