#!/usr/bin/env python3
"""Scaling of futhark_dask over worker processes of one machine.

Runs steps of k-means (examples/dask/kmeans.fut, the sequential C back
end in each worker) on a local Dask cluster of 1, 2, 4, 8 ... worker
processes of one thread each, and once in this process without Dask on
the whole array. The points are made on the workers and persisted before
the clock starts; a first, untimed step loads the library on every
worker. Prints a table of the time of --steps steps per cluster size and
the speedup over one worker, and checks that every cluster size gives the
same centres (and the one-process run nearly the same: other sums'
order).

    scripts/bench-dask.py [--futc PATH] [--workers 1,2,4,8] [--points N]
                          [--dims D] [--clusters K] [--chunks C] [--steps S]

Needs the package python/futhark-dask (installed, or on PYTHONPATH).
"""

import argparse
import os
import tempfile
import time
from pathlib import Path

import dask.array as da
import numpy as np
from distributed import Client, LocalCluster, wait

from futhark_dask import Program, map_reduce, process_stats

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "examples" / "dask" / "kmeans.fut"


def make_points(options):
    rows = options.points // options.chunks
    return da.random.default_rng(11).normal(
        size=(rows * options.chunks, options.dims), chunks=(rows, options.dims))


def initial_centres(options):
    return np.random.default_rng(12).normal(size=(options.clusters, options.dims))


def k_means(program, points, centres, steps, step):
    for _ in range(steps):
        sums, counts = step(points, centres)
        centres = program.call("new_centres", centres, sums, counts)
    return centres


def on_cluster(program, workers, options):
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.wait_for_workers(workers)
        points = make_points(options).persist()
        wait(points)

        def step(points, centres):
            return map_reduce(program, "cluster_sums", "add_cluster_sums", points,
                              args=(centres,)).compute()

        k_means(program, points, initial_centres(options), 1, step)
        loaded = sum(len(s["loaded"]) for s in client.run(process_stats).values())
        start = time.perf_counter()
        centres = k_means(program, points, initial_centres(options), options.steps, step)
        return time.perf_counter() - start, centres, loaded


def in_one_process(program, options):
    points = make_points(options).compute(scheduler="sync")

    def step(points, centres):
        return program.call("cluster_sums", points, centres)

    start = time.perf_counter()
    centres = k_means(program, points, initial_centres(options), options.steps, step)
    return time.perf_counter() - start, centres


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--futc", help="the futc to compile with (default: FUTC, else PATH)")
    parser.add_argument("--workers", default="1,2,4,8")
    parser.add_argument("--points", type=int, default=3_000_000)
    parser.add_argument("--dims", type=int, default=16)
    parser.add_argument("--clusters", type=int, default=64)
    parser.add_argument("--chunks", type=int, default=32)
    parser.add_argument("--steps", type=int, default=3)
    options = parser.parse_args()
    if options.futc:
        os.environ["FUTC"] = str(Path(options.futc).resolve())

    with tempfile.TemporaryDirectory() as cache:
        # One fresh cache for this process and the workers, which inherit it.
        os.environ["FUTHARK_DASK_CACHE"] = cache
        program = Program.from_file(PROGRAM)
        # Compiled here first, so that the workers only load it.
        program.call("add_cluster_sums", np.zeros((1, 1)), np.zeros(1, np.int64),
                     np.zeros((1, 1)), np.zeros(1, np.int64))
        alone, reference = in_one_process(program, options)
        rows = []
        for workers in [int(w) for w in options.workers.split(",")]:
            seconds, centres, loaded = on_cluster(program, workers, options)
            rows.append((workers, seconds, centres, loaded))

    first_centres = rows[0][2]
    for workers, _, centres, _ in rows:
        assert np.array_equal(centres, first_centres), f"{workers} workers differ"
    assert np.allclose(first_centres, reference, rtol=1e-9, atol=1e-9)

    print(f"k-means, {options.points} points of {options.dims} f64, {options.clusters} "
          f"centres, {options.chunks} chunks, {options.steps} steps; `futc c` library")
    print(f"one process, no Dask: {alone:.2f} s")
    print("| workers | seconds | speedup over 1 worker | over one process | libraries loaded |")
    print("|---:|---:|---:|---:|---:|")
    for workers, seconds, _, loaded in rows:
        print(f"| {workers} | {seconds:.2f} | {rows[0][1] / seconds:.2f} | "
              f"{alone / seconds:.2f} | {loaded} |")


if __name__ == "__main__":
    main()
