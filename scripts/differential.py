#!/usr/bin/env python3
"""Differential testing: random programs from `progen` run in the
interpreter and in each compiled back end, whose results must agree.

    scripts/differential.py --count 100000 --seed 1 --batch 100 --jobs 2

Programs are generated `--batch` entry points to a file (one C
compilation serves them all) and tested `--jobs` files at a time with
`futc test --backend B`, whose `auto output` runs compare with the
interpreter (floats within `futc test`'s tolerance). A count is of entry
points. Every entry point that fails (a disagreement, a run-time error, a
compiler error or crash, or a program progen made that does not type-check)
is written alone, with its input in its test block, to `--found`, and
listed at the end. Exit 0 when all agreed.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENTRY_LINE = re.compile(r"^entry (e\d+) ")
FAILED_ENTRY = re.compile(r"entry point `(e\d+)`")
ERROR_POSITION = re.compile(r"batch-\d+\.fut:(\d+):\d+")


def entry_lines(path):
    """(line number, entry name) of each entry point of a batch file."""
    entries = []
    with open(path) as source:
        for number, line in enumerate(source, 1):
            match = ENTRY_LINE.match(line)
            if match:
                entries.append((number, match.group(1)))
    return entries


def entry_at(entries, line):
    found = None
    for number, name in entries:
        if number <= line:
            found = name
    return found


def failures_by_file(stderr):
    """Each failing file's report (the indented lines under its path)."""
    reports = {}
    current = None
    for line in stderr.splitlines():
        if line.endswith(".fut:") and not line.startswith(" "):
            current = line[:-1]
            reports[current] = []
        elif current is not None:
            reports[current].append(line)
    return {path: "\n".join(lines) for path, lines in reports.items()}


def failing_entries(path, report):
    names = set(FAILED_ENTRY.findall(report))
    if "compilation failed" in report:
        entries = entry_lines(path)
        for line in ERROR_POSITION.findall(report):
            name = entry_at(entries, int(line))
            if name:
                names.add(name)
        if not names:
            # A crash without a position: every entry point is suspect.
            names = {name for _, name in entries}
    return sorted(names, key=lambda name: int(name[1:]))


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="first program index")
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--backends", default="c", help="comma-separated")
    parser.add_argument("--pass-option", action="append", default=[],
                        help="an option for the compiled programs (futc test --pass-option), "
                        "such as -pPortable for PoCL; repeatable")
    parser.add_argument("--cflags", default="-O0", help="$CFLAGS for the C compiler")
    parser.add_argument("--work", default="/tmp/progen-work")
    parser.add_argument("--found", default="/tmp/progen-found")
    parser.add_argument("--futc", default=os.path.join(ROOT, "target/release/futc"))
    parser.add_argument("--progen", default=os.path.join(ROOT, "target/release/progen"))
    args = parser.parse_args()

    env = dict(os.environ, CFLAGS=args.cflags)
    os.makedirs(args.found, exist_ok=True)
    start = time.time()
    agreed = 0
    found = []
    # Several files a job, so that a slow file does not leave a core idle.
    chunk = args.batch * args.jobs * 4
    index = args.first
    end = args.first + args.count
    while index < end:
        size = min(chunk, end - index)
        shutil.rmtree(args.work, ignore_errors=True)
        generated = run([args.progen, "--seed", str(args.seed), "--first", str(index),
                         "--count", str(size), "--batch", str(args.batch), "--out", args.work])
        if generated.returncode != 0:
            sys.exit(f"progen failed: {generated.stderr}")
        failed = set()
        for backend in args.backends.split(","):
            options = [f"--pass-option={option}" for option in args.pass_option]
            tested = run([args.futc, "test", "--backend", backend, "-j", str(args.jobs),
                          *options, args.work], env=env)
            for path, report in failures_by_file(tested.stderr).items():
                for name in failing_entries(path, report):
                    if (backend, name) in failed:
                        continue
                    failed.add((backend, name))
                    found.append(record(args, backend, name, report))
        names = {name for _, name in failed}
        agreed += size - len(names)
        elapsed = time.time() - start
        print(f"{index + size - args.first} programs, {agreed} agreed, "
              f"{len(found)} found, {elapsed:.0f} s", flush=True)
        index += size
    print(f"seed {args.seed}: {agreed} of {args.count} programs agreed "
          f"({', '.join(args.backends.split(','))}) in {time.time() - start:.0f} s")
    for line in found:
        print(line)
    sys.exit(1 if found else 0)


def record(args, backend, name, report):
    """Writes entry point `name` alone to the found directory; a line
    saying where and why."""
    index = int(name[1:])
    target = os.path.join(args.found, f"seed{args.seed}-{name}")
    shutil.rmtree(target, ignore_errors=True)
    generated = run([args.progen, "--seed", str(args.seed), "--first", str(index),
                     "--count", "1", "--batch", "1", "--out", target])
    if generated.returncode != 0:
        return f"{name}: progen failed: {generated.stderr.strip()}"
    program = os.path.join(target, f"batch-{index}.fut")
    checked = run([args.futc, "check", program])
    kind = "ill-typed (a progen bug)" if checked.returncode != 0 else f"fails with {backend}"
    with open(os.path.join(target, "report.txt"), "w") as out:
        out.write(f"{kind}\n\n{checked.stderr}\n{report}\n")
    return f"{program}: {kind}"


if __name__ == "__main__":
    main()
