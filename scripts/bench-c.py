#!/usr/bin/env python3
"""Benchmarks of the sequential C backend against hand-written C.

For every program in benchmarks/c (NAME.fut beside NAME.c) this compiles
ours with `futc c` and the hand-written one with $CC (default cc), both
with $CFLAGS (default `-O3 -std=c99`), generates the input with `futc
dataset` (binary format, fixed seed), runs each executable with
`-b -t FILE -r N`, checks that both give the same results (floats to a
relative tolerance) and prints the median run times in microseconds and
the ratio ours / hand-written.

    scripts/bench-c.py [--futc PATH] [--runs N] [--markdown] [NAME...]
"""

import argparse
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DIR = ROOT / "benchmarks" / "c"

# name -> (description, `futc dataset` arguments of the input)
BENCHMARKS = {
    "dotprod": (
        "dot product, 10M f32",
        ["--f32-bounds", "-1:1", "-g", "[10000000]f32", "-g", "[10000000]f32"],
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

ELEMENTS = {
    b" i8": "b", b" i16": "h", b" i32": "i", b" i64": "q",
    b"  u8": "B", b" u16": "H", b" u32": "I", b" u64": "Q",
    b" f32": "f", b" f64": "d", b"bool": "?",
}


def default_futc():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return str(target / "release" / "futc")


def read_values(data):
    """The values of a file in the binary data format, as (shape, list)."""
    values = []
    pos = 0
    while pos < len(data):
        if data[pos : pos + 1].isspace():
            pos += 1
            continue
        if data[pos : pos + 2] != b"b\x02":
            raise ValueError("not the binary data format")
        rank = data[pos + 2]
        code = ELEMENTS[data[pos + 3 : pos + 7]]
        pos += 7
        shape = struct.unpack_from(f"<{rank}q", data, pos)
        pos += 8 * rank
        count = 1
        for d in shape:
            count *= d
        items = struct.unpack_from(f"<{count}{code}", data, pos)
        pos += count * struct.calcsize(code)
        values.append((shape, items))
    return values


def same_results(ours, theirs):
    if len(ours) != len(theirs):
        return False
    for (shape_a, a), (shape_b, b) in zip(ours, theirs):
        if shape_a != shape_b:
            return False
        for x, y in zip(a, b):
            if x != y and abs(x - y) > 1e-4 * max(abs(x), abs(y), 1.0):
                return False
    return True


def run(exe, input_path, runs, work):
    timing = work / (exe.name + ".times")
    with open(input_path, "rb") as stdin:
        out = subprocess.run(
            [str(exe), "-b", "-t", str(timing), "-r", str(runs)],
            stdin=stdin,
            capture_output=True,
            check=True,
        ).stdout
    times = [int(line) for line in timing.read_text().split()]
    return statistics.median(times), read_values(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--futc", default=default_futc())
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("names", nargs="*", default=list(BENCHMARKS))
    args = parser.parse_args()
    cc = os.environ.get("CC", "cc")
    cflags = os.environ.get("CFLAGS", "-O3 -std=c99").split()
    rows = []
    failed = False
    work = Path(tempfile.mkdtemp(prefix="bench-c-"))
    try:
        for name in args.names:
            description, dataset = BENCHMARKS[name]
            input_path = work / (name + ".in")
            with open(input_path, "wb") as f:
                subprocess.run(
                    [args.futc, "dataset", "-b"] + dataset, stdout=f, check=True
                )
            ours = work / name
            hand = work / (name + "-hand")
            subprocess.run(
                [args.futc, "c", str(BENCH_DIR / (name + ".fut")), "-o", str(ours)],
                check=True,
            )
            subprocess.run(
                [cc] + cflags + [str(BENCH_DIR / (name + ".c")), "-o", str(hand), "-lm"],
                check=True,
            )
            ours_us, ours_out = run(ours, input_path, args.runs, work)
            hand_us, hand_out = run(hand, input_path, args.runs, work)
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
