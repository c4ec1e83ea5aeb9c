#!/usr/bin/env python3
"""Measures `futc fmt` on every .fut program under the given directories.

For each program, `futc fmt --stdout` gives the formatted text, and the
script reports three rates:

  idempotent        formatting the formatted text again changes nothing;
  meaning-preserving
                    the syntax tree without trivia (node kinds, token kinds
                    and texts; `futc parse --tree` without whitespace and
                    comments) is unchanged, and the comments are the same
                    texts in the same order (trailing spaces aside);
  check unchanged   `futc check` gives the same exit status and the same
                    messages (locations aside) on the formatted program,
                    which is checked in a copy of its directory tree where
                    every program is formatted.

Programs that `futc fmt` refuses are left out of the rates only if they
have syntax errors, which `futc check` reports too; others count as
failures. Usage:

    scripts/fmt-rate.py [--futc target/release/futc] [-j N] DIR...
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

TRIVIA = re.compile(r"^\s*(WHITESPACE|COMMENT|DOC_COMMENT)@")
RANGE = re.compile(r"@\d+\.\.\d+")
COMMENT = re.compile(r'^\s*(?:COMMENT|DOC_COMMENT)@\d+\.\.\d+ (".*")$')
LOCATION = re.compile(r"[^\s:]+\.fut:\d+:\d+(?:-\d+(?::\d+)?)?:?")


def run(args, stdin=None, timeout=300):
    return subprocess.run(
        args, input=stdin, capture_output=True, timeout=timeout, text=True
    )


def tree_and_comments(futc, path):
    out = run([futc, "parse", "--tree", path]).stdout
    lines = out.splitlines()
    tree = [RANGE.sub("", l) for l in lines if not TRIVIA.match(l)]
    comments = []
    for line in lines:
        m = COMMENT.match(line)
        if m:
            comments.append(eval(m.group(1)).rstrip())
    return tree, comments


def check_outcome(futc, path, timeout):
    try:
        result = run([futc, "check", path], timeout=timeout)
    except subprocess.TimeoutExpired:
        return ("timeout",)
    messages = [
        LOCATION.sub("", l).strip()
        for l in result.stderr.splitlines()
        if l.startswith(("error", "warning"))
    ]
    return (result.returncode, tuple(messages))


def measure(futc, original, copy, timeout):
    """One program: a dict of outcomes."""
    formatted = run([futc, "fmt", "--stdout", original])
    if formatted.returncode != 0:
        syntax = run([futc, "parse", original]).returncode != 0
        check = run([futc, "check", original], timeout=timeout).returncode != 0
        return {"refused": True, "syntax_error": syntax and check}
    text = formatted.stdout
    with open(copy, "w") as f:
        f.write(text)
    again = run([futc, "fmt"], stdin=text)
    idempotent = again.returncode == 0 and again.stdout == text
    before = tree_and_comments(futc, original)
    after = tree_and_comments(futc, copy)
    return {
        "refused": False,
        "idempotent": idempotent,
        "tree": before[0] == after[0],
        "comments": before[1] == after[1],
        "copy": copy,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--futc", default="target/release/futc")
    parser.add_argument("-j", type=int, default=os.cpu_count())
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--no-check", action="store_true", help="skip `futc check`")
    args = parser.parse_args()
    futc = os.path.abspath(args.futc)

    scratch = tempfile.mkdtemp(prefix="fmt-rate-")
    jobs = []
    for i, root in enumerate(args.dirs):
        copy_root = os.path.join(scratch, str(i))
        shutil.copytree(root, copy_root)
        for dirpath, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith(".fut"):
                    original = os.path.join(dirpath, name)
                    relative = os.path.relpath(original, root)
                    jobs.append((original, os.path.join(copy_root, relative)))

    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        results = list(
            pool.map(lambda job: (job[0], measure(futc, *job, args.timeout)), jobs)
        )
        if not args.no_check:
            checked = [(o, r) for o, r in results if not r["refused"]]
            outcomes = pool.map(
                lambda item: (
                    check_outcome(futc, item[0], args.timeout),
                    check_outcome(futc, item[1]["copy"], args.timeout),
                ),
                checked,
            )
            for (_, result), (before, after) in zip(checked, outcomes):
                result["check"] = before == after
                result["rejected"] = before[0] != 0
    shutil.rmtree(scratch)

    refused = [(o, r) for o, r in results if r["refused"]]
    excluded = [o for o, r in refused if r["syntax_error"]]
    counted = [(o, r) for o, r in results if not (r["refused"] and r["syntax_error"])]
    total = len(counted)

    def rate(name, ok):
        failures = [o for o, r in counted if not ok(r)]
        passed = total - len(failures)
        print(f"{name}: {passed}/{total} ({100 * passed / max(total, 1):.2f}%)")
        for o in failures[:20]:
            print(f"  {o}")
        return failures

    print(f"programs: {len(results)}; excluded (syntax errors, also for check): {len(excluded)}")
    failures = rate("idempotent", lambda r: not r["refused"] and r["idempotent"])
    failures += rate(
        "meaning-preserving",
        lambda r: not r["refused"] and r["tree"] and r["comments"],
    )
    if not args.no_check:
        failures += rate("check unchanged", lambda r: not r["refused"] and r["check"])
        rejected = sum(1 for _, r in counted if r.get("rejected"))
        print(f"  ({rejected} of them rejected by `futc check`)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
