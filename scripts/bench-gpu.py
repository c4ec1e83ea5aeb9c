#!/usr/bin/env python3
"""Benchmarks of the OpenCL back end against memory bandwidth and peers.

For every program in benchmarks/gpu this compiles it with `futc opencl`,
generates its input with `futc dataset` (binary format, fixed seed; 2^N
elements, N = --log2 (default 28), and a 2^(N/2) x 2^(N/2) matrix for
the transposition), runs the executable with `-t FILE -r R` (its first
run is a warm-up that builds the kernels; the median of the others is
reported) and prints the median time and the bytes the workload must
move per second (a read of each input element and a write of each
output element; for the reduction and the histogram only the input).

`copy` is the copy-bandwidth probe in Futhark; with `--peers PATH` (the
project's peer script, ../shared/bench/peers.py, copied to a folder that
travels to the device) the same command also runs PyTorch's copy probe
and workloads, and the table gives each of ours as a fraction of
PyTorch's copy bandwidth and against PyTorch's own figure.

    scripts/bench-gpu.py [--futc PATH] [--runs R] [--log2 N] [--peers PATH] [NAME...]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_common import ROOT, default_futc, make_input

BENCH_DIR = ROOT / "benchmarks" / "gpu"


def workloads(log2):
    """name -> (`futc dataset` arguments, bytes moved, peers.py's name)."""
    n = 1 << log2
    side = 1 << (log2 // 2)
    return {
        "copy": (["-g", f"[{n}]f32"], 8 * n, "copy"),
        "saxpy": (["-g", "2f32", "-g", f"[{n}]f32", "-g", f"[{n}]f32"], 12 * n, "saxpy"),
        "reduce": (["-g", f"[{n}]f32"], 4 * n, "reduce"),
        "scan": (["--i32-bounds", "0:9", "-g", f"[{n}]i32"], 8 * n, "scan"),
        "histogram": (["--i32-bounds", "0:255", "-g", f"[{n}]i32"], 4 * n, "hist"),
        "transpose": (["-g", f"[{side}][{side}]f32"], 8 * side * side, "transpose"),
    }


def time_runs(executable, input_path, runs, timing):
    """The median of the run times in microseconds, the first run left
    out."""
    with open(input_path, "rb") as stdin:
        subprocess.run(
            [executable, "-b", "-t", str(timing), "-r", str(runs + 1)],
            stdin=stdin,
            stdout=subprocess.DEVNULL,
            check=True,
        )
    times = [int(line) for line in Path(timing).read_text().split()]
    return statistics.median(times[1:])


def peer_figures(peers, runs, work):
    """PyTorch's GB/s per workload (peers.py's names), from its JSON."""
    out = work / "peers"
    out.mkdir()
    env = dict(os.environ, OUT=str(out), RUNS=str(runs), PYTHONUNBUFFERED="1")
    subprocess.run([sys.executable, peers, "torch"], env=env, check=True,
                   stdout=sys.stderr)
    rows = json.loads((out / "peers.json").read_text())
    rows = rows["results"] if isinstance(rows, dict) else rows
    return {r["name"]: r["GBps"] for r in rows if r.get("impl") == "torch" and "GBps" in r}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--futc", default=default_futc())
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--log2", type=int, default=28)
    parser.add_argument("--peers", help="path of peers.py, run for PyTorch's figures")
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    table = workloads(args.log2)
    names = args.names or list(table)
    for name in names:
        if name not in table:
            parser.error(f"no benchmark {name} (there are: {', '.join(table)})")
    work = Path(tempfile.mkdtemp(prefix="bench-gpu-"))
    rows = []
    try:
        peers = peer_figures(args.peers, args.runs, work) if args.peers else {}
        for name in names:
            dataset, moved, peer_name = table[name]
            input_path = work / (name + ".in")
            make_input(args.futc, dataset, input_path)
            executable = work / name
            subprocess.run(
                [args.futc, "opencl", str(BENCH_DIR / (name + ".fut")), "-o", str(executable)],
                check=True,
            )
            us = time_runs(str(executable), input_path, args.runs, work / "times")
            input_path.unlink()
            rows.append((name, us, moved / us / 1e3, peers.get(peer_name)))
    finally:
        shutil.rmtree(work)
    copy = peers.get("copy")
    print(f"2^{args.log2} elements, median of {args.runs} runs after a warm-up")
    print(f"{'benchmark':<10} {'time (us)':>10} {'GB/s':>8} {'of copy':>8} {'torch GB/s':>11} {'of torch':>9}")
    for name, us, gbps, peer in rows:
        of_copy = f"{gbps / copy:8.2f}" if copy else f"{'-':>8}"
        torch = f"{peer:11.0f}" if peer else f"{'-':>11}"
        of_torch = f"{gbps / peer:9.2f}" if peer else f"{'-':>9}"
        print(f"{name:<10} {us:>10.0f} {gbps:>8.1f} {of_copy} {torch} {of_torch}")
    if copy:
        print(f"PyTorch's copy probe: {copy:.0f} GB/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
