#!/usr/bin/env python3
"""Measures how much of the diku-dk Futhark libraries futc handles: for each
library, checks out its newest release (tag vX.Y.Z), fetches its
dependencies with `futc pkg sync`, and reports

* how many of the library's own .fut files `futc check` accepts (every .fut
  file of the checkout except the vendored lib/ directories of other
  packages), and
* how many test cases of its *_test.fut / *_tests.fut files `futc test`
  passes, per backend (the `N passed, N failed, N skipped` summary).

Not run in CI: without --mirror it clones from https://github.com.

Usage: scripts/library-rates.py [--mirror DIR] [--futc FUTC] [--work DIR]
       [--libraries a,b,...] [--backends interpreter,c] [--timeout S]
       [--jobs N] [--failures FILE]

--mirror DIR: a directory of git repositories OWNER+NAME/repo (bare or not)
standing for https://github.com/OWNER/NAME; the libraries are cloned from
there, and `futc pkg sync` is pointed there with git's url.<dir>.insteadOf
rules (in GIT_CONFIG_* variables), so nothing is fetched from the network.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

LIBRARIES = ["cpprandom", "linalg", "sorts", "segmented", "containers", "date",
             "complex", "statistics", "fft", "sparse", "autodiff"]
OWNER = "diku-dk"
SUMMARY = re.compile(r"(\d+) passed, (\d+) failed, (\d+) skipped")
VERSION_TAG = re.compile(r"^v(\d+)\.(\d+)\.(\d+)$")
TEST_FILE = re.compile(r"_tests?\.fut$")


def git_env(mirror):
    """The environment for git and futc: URL rewrites to the mirror, and no
    credential prompts."""
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0")
    if mirror is None:
        return env
    rules = []
    for entry in sorted(os.listdir(mirror)):
        owner, plus, name = entry.partition("+")
        repo = os.path.join(mirror, entry, "repo")
        if plus and os.path.isdir(repo):
            rules.append((os.path.abspath(repo), f"https://github.com/{owner}/{name}"))
    env["GIT_CONFIG_COUNT"] = str(len(rules))
    for i, (local, url) in enumerate(rules):
        env[f"GIT_CONFIG_KEY_{i}"] = f"url.{local}.insteadOf"
        env[f"GIT_CONFIG_VALUE_{i}"] = url
    return env


def run(args, cwd=None, env=None, timeout=None):
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def checkout(name, work, env):
    """Clones the library into work/NAME at its newest release; returns the
    version, or raises RuntimeError."""
    target = os.path.join(work, name)
    shutil.rmtree(target, ignore_errors=True)
    url = f"https://github.com/{OWNER}/{name}"
    result = run(["git", "clone", "-q", url, target], env=env)
    if result.returncode != 0:
        raise RuntimeError(f"git clone {url}: {result.stderr.strip()}")
    tags = run(["git", "tag"], cwd=target, env=env).stdout.split()
    versions = sorted((tuple(map(int, m.groups())), tag)
                      for tag in tags if (m := VERSION_TAG.match(tag)))
    if not versions:
        raise RuntimeError(f"{name} has no release tags")
    _, tag = versions[-1]
    result = run(["git", "checkout", "-q", tag], cwd=target, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"git checkout {tag}: {result.stderr.strip()}")
    return tag[1:]


def own_package_dir(root):
    """lib/PKGPATH of the package line of root/futhark.pkg, if any."""
    try:
        with open(os.path.join(root, "futhark.pkg"), encoding="utf-8") as f:
            match = re.search(r"^\s*package\s+(\S+)", f.read(), re.M)
    except OSError:
        return None
    if not match:
        return None
    return os.path.join("lib", *[c for c in match.group(1).split("/") if c])


def own_fut_files(root):
    """The library's own .fut files, relative to root: all of them except
    those under lib/ outside the package's own directory."""
    own = own_package_dir(root)
    files = []
    for directory, subdirs, names in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d != ".git")
        for name in sorted(names):
            if not name.endswith(".fut"):
                continue
            rel = os.path.relpath(os.path.join(directory, name), root)
            vendored = rel.startswith("lib" + os.sep) and not (
                own is not None and rel.startswith(own + os.sep))
            if not vendored:
                files.append(rel)
    return files


def check_file(futc, root, rel, timeout):
    try:
        result = run([futc, "check", rel], cwd=root, timeout=timeout)
    except subprocess.TimeoutExpired:
        return rel, False, "timeout"
    return rel, result.returncode == 0, result.stderr.strip()[:600]


def test_file(futc, root, rel, backend, timeout):
    """(passed, failed, skipped) of one test file, failed counting 1 when
    futc test did not finish or print a summary."""
    try:
        result = run([futc, "test", "--backend", backend, "-j", "1", rel], cwd=root,
                     timeout=timeout)
    except subprocess.TimeoutExpired:
        return rel, None, "timeout"
    match = SUMMARY.search(result.stdout)
    if not match:
        return rel, None, result.stderr.strip()[:600]
    return rel, tuple(map(int, match.groups())), result.stderr.strip()[:600]


def measure(name, args, env, pool, failures):
    row = {"name": name, "version": "-", "error": None,
           "checked": 0, "files": 0, "tests": {}}
    try:
        row["version"] = checkout(name, args.work, env)
    except RuntimeError as error:
        row["error"] = str(error)
        return row
    root = os.path.join(args.work, name)
    sync = run([args.futc, "pkg", "sync"], cwd=root, env=env)
    if sync.returncode != 0:
        row["error"] = "futc pkg sync: " + sync.stderr.strip()
        return row
    files = own_fut_files(root)
    row["files"] = len(files)
    for rel, ok, message in pool.map(
            lambda rel: check_file(args.futc, root, rel, args.timeout), files):
        row["checked"] += ok
        if not ok:
            failures.append(f"{name}: check {rel}: {message}")
    tests = [f for f in files if TEST_FILE.search(f)]
    for backend in args.backends:
        counts = [0, 0, 0, 0]  # passed, failed, skipped, files without a summary
        for rel, result, message in pool.map(
                lambda rel: test_file(args.futc, root, rel, backend, args.timeout), tests):
            if result is None:
                counts[3] += 1
                failures.append(f"{name}: test --backend {backend} {rel}: {message}")
                continue
            for i in range(3):
                counts[i] += result[i]
            if result[1]:
                failures.append(f"{name}: test --backend {backend} {rel}: "
                                f"{result[1]} failed\n{message}")
        row["tests"][backend] = counts
    return row


def show_tests(counts):
    passed, failed, skipped, broken = counts
    text = f"{passed}/{passed + failed} ({skipped} skipped)"
    if broken:
        text += f", {broken} files no summary"
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", help="directory of OWNER+NAME/repo git repositories")
    parser.add_argument("--futc", default="target/release/futc")
    parser.add_argument("--work", help="where to check out the libraries (default: a temporary directory)")
    parser.add_argument("--libraries", default=",".join(LIBRARIES))
    parser.add_argument("--backends", default="interpreter,c")
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds for each futc check or futc test of one file")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--failures", help="write what failed to this file")
    args = parser.parse_args()
    args.futc = os.path.abspath(args.futc)
    args.backends = [b for b in args.backends.split(",") if b]
    libraries = [l for l in args.libraries.split(",") if l]
    env = git_env(os.path.abspath(args.mirror) if args.mirror else None)
    temporary = None
    if args.work is None:
        temporary = tempfile.TemporaryDirectory(prefix="library-rates-")
        args.work = temporary.name
    os.makedirs(args.work, exist_ok=True)
    failures = []
    rows = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name in libraries:
            row = measure(name, args, env, pool, failures)
            rows.append(row)
            print(f"{name} {row['version']}: "
                  + (row["error"] or f"check {row['checked']}/{row['files']}; " + "; ".join(
                      f"{b} {show_tests(c)}" for b, c in row["tests"].items())),
                  file=sys.stderr, flush=True)

    header = ["library", "version", "check"] + [f"test ({b})" for b in args.backends]
    table = [header]
    total_check = [0, 0]
    total_tests = {b: [0, 0, 0, 0] for b in args.backends}
    for row in rows:
        if row["error"]:
            table.append([row["name"], row["version"], "error: " + row["error"].splitlines()[0]])
            continue
        total_check[0] += row["checked"]
        total_check[1] += row["files"]
        cells = [row["name"], row["version"], f"{row['checked']}/{row['files']}"]
        for backend in args.backends:
            counts = row["tests"][backend]
            total_tests[backend] = [a + b for a, b in zip(total_tests[backend], counts)]
            cells.append(show_tests(counts))
        table.append(cells)
    table.append(["total", "", f"{total_check[0]}/{total_check[1]}"]
                 + [show_tests(total_tests[b]) for b in args.backends])
    widths = [max(len(r[i]) for r in table if i < len(r)) for i in range(len(header))]
    for r in table:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    if args.failures:
        with open(args.failures, "w", encoding="utf-8") as f:
            f.write("\n\n".join(failures) + "\n")
    if temporary is not None:
        temporary.cleanup()


if __name__ == "__main__":
    main()
