#!/usr/bin/env python3
"""Benchmarks of the sequential C backend against hand-written C.

For every program in benchmarks/c (NAME.fut beside NAME.c) this compiles
ours with `futc c` and the hand-written one with $CC (default cc), both
with $CFLAGS (default `-O3 -std=c99`), generates the input with `futc
dataset` (binary format, fixed seed), runs each executable with
`-b -t FILE -r N`, checks that both give the same results (floats to a
relative tolerance) and prints the median run times in microseconds and
the ratio ours / hand-written. The two executables take turns for
`--rounds` rounds of N runs each, so that a change in the machine's load
during the measurement falls on both (a shared host drifts by 20% over
seconds); the medians are over all rounds.

    scripts/bench-c.py [--futc PATH] [--runs N] [--rounds K] [--markdown] [NAME...]
"""

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_common import ROOT, cc_command, default_futc, make_input, run_times, same_results

BENCH_DIR = ROOT / "benchmarks" / "c"

# name -> (description, `futc dataset` arguments of the input)
BENCHMARKS = {
    "dotprod": (
        "dot product, 10M f32",
        ["--f32-bounds", "-1:1", "-g", "[10000000]f32", "-g", "[10000000]f32"],
    ),
    "filter_sum": (
        "sum of squares of the positive elements, 10M f32",
        ["--f32-bounds", "-1:1", "-g", "[10000000]f32"],
    ),
    "matmul": (
        "matrix multiplication, 512x512 f32",
        ["--f32-bounds", "-1:1", "-g", "[512][512]f32", "-g", "[512][512]f32"],
    ),
    "mandelbrot": (
        "mandelbrot, 800x600, 255 iterations",
        ["-g", "255i32", "-g", "600i64", "-g", "800i64"],
    ),
    "nbody": (
        "n-body step, 4096 bodies",
        ["-g", "0.1f64", "--f64-bounds", "-10:10"]
        + ["-g", "[4096]f64"] * 6
        + ["--f64-bounds", "0.5:1.5", "-g", "[4096]f64"],
    ),
    "prefix_sum": (
        "prefix sum, 10M i64",
        ["--i64-bounds", "-1000:1000", "-g", "[10000000]i64"],
    ),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--futc", default=default_futc())
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("names", nargs="*", default=list(BENCHMARKS))
    args = parser.parse_args()
    rows = []
    failed = False
    work = Path(tempfile.mkdtemp(prefix="bench-c-"))
    try:
        for name in args.names:
            description, dataset = BENCHMARKS[name]
            input_path = work / (name + ".in")
            make_input(args.futc, dataset, input_path)
            ours = work / name
            hand = work / (name + "-hand")
            subprocess.run(
                [args.futc, "c", str(BENCH_DIR / (name + ".fut")), "-o", str(ours)],
                check=True,
            )
            subprocess.run(
                cc_command() + [str(BENCH_DIR / (name + ".c")), "-o", str(hand), "-lm"],
                check=True,
            )
            ours_times, hand_times = [], []
            for _ in range(args.rounds):
                times, ours_out = run_times([str(ours)], input_path, args.runs, work / "t")
                ours_times += times
                times, hand_out = run_times([str(hand)], input_path, args.runs, work / "t")
                hand_times += times
            ours_us = statistics.median(ours_times)
            hand_us = statistics.median(hand_times)
            if not same_results(ours_out, hand_out):
                print(f"{name}: the results differ", file=sys.stderr)
                failed = True
            rows.append((name, description, ours_us, hand_us, ours_us / hand_us))
    finally:
        shutil.rmtree(work)
    if args.markdown:
        print("| benchmark | input | futc c (µs) | hand-written (µs) | ratio |")
        print("|---|---|---:|---:|---:|")
        for name, description, ours_us, hand_us, ratio in rows:
            print(f"| {name} | {description} | {ours_us:.0f} | {hand_us:.0f} | {ratio:.2f} |")
    else:
        print(f"{'benchmark':<12} {'futc c (us)':>12} {'hand (us)':>12} {'ratio':>7}")
        for name, _, ours_us, hand_us, ratio in rows:
            print(f"{name:<12} {ours_us:>12.0f} {hand_us:>12.0f} {ratio:>7.2f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
