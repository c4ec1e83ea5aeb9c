#!/usr/bin/env python3
"""k-means with a Futhark program on a Dask cluster (futhark_dask).

The points are made on the workers, chunk by chunk, and stay there. Each
step sends the centres to every worker, runs `cluster_sums` of kmeans.fut
on each chunk, adds the partial sums pairwise with `add_cluster_sums` and
moves the centres with `new_centres`, all compiled by futc.

    python3 examples/dask/kmeans.py [--scheduler ADDRESS] [--points N] ...

Without --scheduler it starts a local cluster of --workers processes.
Needs `pip install ./python/futhark-dask` and futc (FUTC or PATH) on every
worker.
"""

import argparse
import time
from pathlib import Path

import dask.array as da
import numpy as np
from distributed import Client, LocalCluster

from futhark_dask import Program, map_reduce


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scheduler", help="address of a running dask-scheduler")
    parser.add_argument("--workers", type=int, default=2,
                        help="worker processes of the local cluster (default 2)")
    parser.add_argument("--points", type=int, default=1_000_000)
    parser.add_argument("--dims", type=int, default=4)
    parser.add_argument("--clusters", type=int, default=8)
    parser.add_argument("--chunks", type=int, default=8)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--backend", default="c", choices=["c", "multicore", "opencl"])
    options = parser.parse_args()

    if options.scheduler:
        client = Client(options.scheduler)
    else:
        client = Client(LocalCluster(n_workers=options.workers, threads_per_worker=1,
                                     processes=True, dashboard_address=None))
    program = Program.from_file(Path(__file__).with_name("kmeans.fut"),
                                backend=options.backend)

    chunk_rows = -(-options.points // options.chunks)
    points = da.random.default_rng(7).normal(
        size=(options.points, options.dims), chunks=(chunk_rows, options.dims)).persist()
    centres = points[:options.clusters].compute()

    for step in range(options.steps):
        start = time.perf_counter()
        sums, counts = map_reduce(program, "cluster_sums", "add_cluster_sums", points,
                                  args=(centres,)).compute()
        centres = program.call("new_centres", centres, sums, counts)
        print(f"step {step + 1}: {time.perf_counter() - start:.3f} s, "
              f"cluster sizes {counts.tolist()}")
    print("centres:")
    print(np.array2string(centres, precision=3))
    client.close()


if __name__ == "__main__":
    main()
