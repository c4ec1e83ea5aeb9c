#!/usr/bin/env python3
"""Benchmarks of the multicore backend against `futc c` and OpenMP C.

For every benchmark (NAME.c hand-written with OpenMP, and NAME.fut, each
in benchmarks/multicore or else in benchmarks/c, whose sequential
benchmarks carry OpenMP pragmas for this script) this compiles the Futhark
program with `futc c` and `futc multicore` and the C one with $CC
(default cc) and $CFLAGS (default `-O3 -std=c99`) plus `-fopenmp`,
generates the input with `futc dataset` (binary format, fixed seed),
runs each executable with `-b -t FILE -r N` (the multicore one with
`--num-threads T`, the OpenMP one with OMP_NUM_THREADS=T), checks that
all three give the same results (floats to a relative tolerance) and
prints the median run times in microseconds, the speedup of multicore
over `futc c` and the OpenMP time over the multicore time (above 1:
multicore is faster).

    scripts/bench-mc.py [--futc PATH] [--threads T] [--runs N] [--markdown] [NAME...]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_common import ROOT, cc_command, default_futc, make_input, run, same_results

BENCH_DIR = ROOT / "benchmarks" / "multicore"
SEQUENTIAL_DIR = ROOT / "benchmarks" / "c"

# name -> (description, `futc dataset` arguments of the input)
BENCHMARKS = {
    "sum": (
        "sum, 125M f64",
        ["--f64-bounds", "-1:1", "-g", "[125000000]f64"],
    ),
    "prefix_sum": (
        "inclusive scan, 25M i64",
        ["--i64-bounds", "-1000:1000", "-g", "[25000000]i64"],
    ),
    "histogram": (
        "256-bin histogram, 250M i32",
        ["--i32-bounds", "0:255", "-g", "[250000000]i32"],
    ),
    "matmul": (
        "matrix multiplication, 512x512 f32",
        ["--f32-bounds", "-1:1", "-g", "[512][512]f32", "-g", "[512][512]f32"],
    ),
    "nbody": (
        "n-body step, 8192 bodies",
        ["-g", "0.1f64", "--f64-bounds", "-10:10"]
        + ["-g", "[8192]f64"] * 6
        + ["--f64-bounds", "0.5:1.5", "-g", "[8192]f64"],
    ),
    "mandelbrot": (
        "mandelbrot, 1200x900, 255 iterations",
        ["-g", "255i32", "-g", "900i64", "-g", "1200i64"],
    ),
}


def source(name, suffix):
    """NAME.SUFFIX of benchmarks/multicore, or the sequential benchmarks' one."""
    own = BENCH_DIR / (name + suffix)
    return own if own.exists() else SEQUENTIAL_DIR / (name + suffix)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--futc", default=default_futc())
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("names", nargs="*", default=list(BENCHMARKS))
    args = parser.parse_args()
    for name in args.names:
        if name not in BENCHMARKS:
            parser.error(f"no benchmark {name} (there are: {', '.join(BENCHMARKS)})")
    openmp_env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
    rows = []
    failed = False
    work = Path(tempfile.mkdtemp(prefix="bench-mc-"))
    try:
        for name in args.names:
            description, dataset = BENCHMARKS[name]
            input_path = work / (name + ".in")
            make_input(args.futc, dataset, input_path)
            futhark = str(source(name, ".fut"))
            sequential = work / (name + "-c")
            multicore = work / (name + "-multicore")
            openmp = work / (name + "-openmp")
            subprocess.run([args.futc, "c", futhark, "-o", str(sequential)], check=True)
            subprocess.run([args.futc, "multicore", futhark, "-o", str(multicore)], check=True)
            subprocess.run(
                cc_command()
                + ["-fopenmp", str(source(name, ".c")), "-o", str(openmp), "-lm"],
                check=True,
            )
            c_us, c_out = run([str(sequential)], input_path, args.runs, work / "c.times")
            mc_us, mc_out = run(
                [str(multicore), "--num-threads", str(args.threads)],
                input_path,
                args.runs,
                work / "multicore.times",
            )
            omp_us, omp_out = run(
                [str(openmp)], input_path, args.runs, work / "openmp.times", env=openmp_env
            )
            for other, out in [("multicore", mc_out), ("OpenMP", omp_out)]:
                if not same_results(c_out, out):
                    print(f"{name}: the results of futc c and {other} differ", file=sys.stderr)
                    failed = True
            rows.append((name, description, c_us, mc_us, omp_us))
    finally:
        shutil.rmtree(work)
    if args.markdown:
        print(f"{args.threads} threads, median of {args.runs} runs:\n")
        print(
            "| benchmark | input | futc c (µs) | multicore (µs) | OpenMP (µs) "
            "| c / multicore | OpenMP / multicore |"
        )
        print("|---|---|---:|---:|---:|---:|---:|")
        for name, description, c_us, mc_us, omp_us in rows:
            print(
                f"| {name} | {description} | {c_us:.0f} | {mc_us:.0f} | {omp_us:.0f} "
                f"| {c_us / mc_us:.2f} | {omp_us / mc_us:.2f} |"
            )
    else:
        print(f"{args.threads} threads, median of {args.runs} runs")
        print(
            f"{'benchmark':<12} {'futc c (us)':>12} {'multicore':>12} {'OpenMP':>12} "
            f"{'c/mc':>7} {'omp/mc':>7}"
        )
        for name, _, c_us, mc_us, omp_us in rows:
            print(
                f"{name:<12} {c_us:>12.0f} {mc_us:>12.0f} {omp_us:>12.0f} "
                f"{c_us / mc_us:>7.2f} {omp_us / mc_us:>7.2f}"
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
