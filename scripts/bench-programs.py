#!/usr/bin/env python3
"""The benchmark programs against their PyTorch and JAX peers, on one GPU.

Times every program of benchmarks/programs with `futc bench --backend
opencl` (its datasets at the paper's sizes; the `nobench` cases are the
small checks CI runs), then each program's peers
(benchmarks/programs/peers/NAME.py: the same algorithm in PyTorch and in
JAX `jit`) on the same shapes: one warm-up call (JAX compiles there), then
--runs timed calls, each ended by a device synchronisation. Every peer
runs in a process of its own under --peer-timeout, so that a slow XLA
compilation or a crash costs only that peer. Prints a table (mean times
in ms, and Futhark's speed-up over each peer: above 1 is faster) and
writes it with all run times to OUT/programs.json and OUT/programs.md;
`--plot` draws the speed-ups as a PNG (needs matplotlib).

    scripts/bench-programs.py [--futc PATH] [--runs R] [--out DIR]
                              [--timeout S] [--peer-timeout S] [NAME...]
    scripts/bench-programs.py --plot OUT/programs.json PNG
"""

import argparse
import importlib.util
import json
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench_common import ROOT, default_futc

PROGRAMS = ROOT / "benchmarks" / "programs"
PEERS = PROGRAMS / "peers"


def load_peer(name):
    spec = importlib.util.spec_from_file_location(name, PEERS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def time_peer(name, dataset, framework, runs):
    """Run times in microseconds of one peer on one dataset (this runs in
    a child process)."""
    import numpy as np

    module = load_peer(name)
    inputs = module.DATASETS[dataset](np.random.default_rng(0))
    if framework == "torch":
        import torch

        device = torch.device("cuda")
        args = [torch.from_numpy(x).to(device) if isinstance(x, np.ndarray) else x for x in inputs]

        def call():
            module.torch_fn(*args)
            torch.cuda.synchronize()
    else:
        import jax

        fn = jax.jit(module.jax_fn, static_argnums=module.STATIC)
        args = [
            jax.device_put(x) if isinstance(x, np.ndarray) and i not in module.STATIC else x
            for i, x in enumerate(inputs)
        ]

        def call():
            jax.block_until_ready(fn(*args))

    call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1e6)
    return times


def run_peer(name, dataset, framework, runs, timeout):
    """The run times of a peer from a child process, or the reason it has
    none."""
    command = [sys.executable, __file__, "--peer", name, dataset, framework, "--runs", str(runs)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"no result within {timeout} s"
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        return lines[-1] if lines else f"exit code {done.returncode}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def futhark_times(futc, names, runs, timeout, out):
    """Per (program, dataset): run times in microseconds, or an error."""
    files = [str(PROGRAMS / f"{name}.fut") for name in names]
    report = out / "futc-bench.json"
    subprocess.run(
        [futc, "bench", "--backend", "opencl", "-r", str(runs), "--json", str(report), "--timeout", str(timeout)]
        + files,
        check=False,
    )
    results = {}
    for program, entry in json.loads(report.read_text()).items():
        name = Path(program.split(":")[0]).stem
        for dataset, outcome in entry["datasets"].items():
            results[(name, dataset)] = outcome["runtimes"] if isinstance(outcome, dict) else outcome
    return results


def mean_ms(times):
    return statistics.mean(times) / 1000 if isinstance(times, list) else None


def geometric_mean(values):
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def table(rows):
    lines = [
        "| program | dataset | Futhark | PyTorch | JAX | vs PyTorch | vs JAX |",
        "|---|---|---|---|---|---|---|",
    ]
    cell = lambda ms: f"{ms:.3f} ms" if ms is not None else "–"
    ratio = lambda a, b: f"{b / a:.2f}x" if a and b else "–"
    for row in rows:
        f, t, j = (mean_ms(row[k]) for k in ("futhark", "torch", "jax"))
        lines.append(
            f"| {row['program']} | {row['dataset']} | {cell(f)} | {cell(t)} | {cell(j)} "
            f"| {ratio(f, t)} | {ratio(f, j)} |"
        )
    for peer in ("torch", "jax"):
        speedups = [
            mean_ms(row[peer]) / mean_ms(row["futhark"])
            for row in rows
            if mean_ms(row["futhark"]) and mean_ms(row[peer])
        ]
        if speedups:
            lines.append(
                f"\nGeometric mean of Futhark's speed-up over {peer} ({len(speedups)} programs): "
                f"{geometric_mean(speedups):.2f}x; lowest {min(speedups):.2f}x"
            )
    return "\n".join(lines)


def plot(results_path, png):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    data = json.loads(Path(results_path).read_text())
    rows = [row for row in data["rows"] if mean_ms(row["futhark"])]
    labels = [row["program"] for row in rows]
    fig, ax = plt.subplots(figsize=(max(6, 0.6 * len(rows)), 4))
    width = 0.4
    for offset, peer, name in ((-width / 2, "torch", "PyTorch"), (width / 2, "jax", "JAX jit")):
        speedups = [
            mean_ms(row[peer]) / mean_ms(row["futhark"]) if mean_ms(row[peer]) else 0 for row in rows
        ]
        ax.bar([i + offset for i in range(len(rows))], speedups, width, label=name)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels(labels, rotation=45, ha="right")
    ax.set_ylabel("Futhark's speed-up (log scale)")
    ax.set_title(f"futc opencl vs PyTorch and JAX, {data.get('gpu', 'GPU')}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=120)


def gpu_name():
    try:
        done = subprocess.run(
            ["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"], capture_output=True, text=True
        )
        return done.stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        return "unknown GPU"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="programs (default: all of benchmarks/programs)")
    parser.add_argument("--futc", default=default_futc())
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--out", default=os.environ.get("OUT", "."))
    parser.add_argument("--timeout", type=int, default=600, help="futc bench --timeout")
    parser.add_argument("--peer-timeout", type=int, default=300)
    parser.add_argument("--peer", nargs=3, metavar=("NAME", "DATASET", "FRAMEWORK"), help=argparse.SUPPRESS)
    parser.add_argument("--plot", nargs=2, metavar=("RESULTS", "PNG"))
    args = parser.parse_args()
    if args.peer:
        print(json.dumps(time_peer(*args.peer, args.runs)))
        return
    if args.plot:
        plot(*args.plot)
        return
    names = args.names or sorted(path.stem for path in PROGRAMS.glob("*.fut"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    futhark = futhark_times(args.futc, names, args.runs, args.timeout, out)
    rows = []
    for name in names:
        datasets = load_peer(name).DATASETS if (PEERS / f"{name}.py").exists() else {}
        for dataset in sorted({d for (n, d) in futhark if n == name} | set(datasets)):
            row = {"program": name, "dataset": dataset, "futhark": futhark.get((name, dataset), "not run")}
            for framework in ("torch", "jax"):
                row[framework] = (
                    run_peer(name, dataset, framework, args.runs, args.peer_timeout)
                    if dataset in datasets
                    else "no peer"
                )
                if not isinstance(row[framework], list):
                    print(f"{name} {dataset} {framework}: {row[framework]}", file=sys.stderr)
            rows.append(row)
            print(f"{name} {dataset}: done", file=sys.stderr)
    text = table(rows)
    print(text)
    (out / "programs.md").write_text(text + "\n")
    (out / "programs.json").write_text(json.dumps({"gpu": gpu_name(), "rows": rows}))


if __name__ == "__main__":
    main()
