"""futhark_dask on a local Dask cluster of two worker processes: results
equal those of one process, failures carry Futhark's message, and the
chunk of a worker killed while running it is computed again.

Needs futc (`FUTC`, else on PATH) and a C compiler. Run with
`python3 -m unittest discover -s python/futhark-dask/tests`, or run this
file.
"""

import os
import signal
import sys
import tempfile
import time
import unittest
from pathlib import Path

import cloudpickle
import dask.array as da
import numpy as np
from distributed import Client, LocalCluster, WorkerPlugin

from futhark_dask import (FutharkError, Program, map_chunks, map_reduce, partitions_of,
                          process_stats)

PROGRAM = Path(__file__).with_name("chunked.fut")


class ExecutionLog(WorkerPlugin):
    """Appends `pid key` to a file whenever a worker starts running a task."""

    def __init__(self, path):
        self.path = path

    def transition(self, key, start, finish, **kwargs):
        if finish == "executing":
            with open(self.path, "a") as log:
                log.write(f"{os.getpid()} {key}\n")


def executions(log_path, *key_parts):
    """The pids of the processes that started a task whose key contains
    all of `key_parts`, in order."""
    if not os.path.exists(log_path):
        return []
    with open(log_path) as log:
        lines = [line.split(" ", 1) for line in log.read().splitlines()]
    return [int(pid) for pid, key in lines if all(part in key for part in key_parts)]


class ClusterTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # Workers unpickle the plugin: by value, as they cannot import this
        # file as a module.
        cloudpickle.register_pickle_by_value(sys.modules[__name__])
        cls.scratch = tempfile.TemporaryDirectory()
        cls.cache = Path(cls.scratch.name) / "cache"
        cls.log = os.path.join(cls.scratch.name, "executions.log")
        # Workers inherit the environment: one cache for all processes.
        os.environ["FUTHARK_DASK_CACHE"] = str(cls.cache)
        cls.program = Program.from_file(PROGRAM)
        cls.cluster = LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                   dashboard_address=None)
        cls.client = Client(cls.cluster)
        cls.client.register_plugin(ExecutionLog(cls.log))

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()
        cls.scratch.cleanup()

    def test_histogram_of_a_dask_array_equals_one_process(self):
        xs = np.random.default_rng(1).integers(-3, 40, 100_000)
        chunked = da.from_array(xs, chunks=12_345)
        one_process = self.program.call("histogram", xs, 32)
        # A persisted array's chunks are already in the workers' memory.
        for array in [chunked, chunked.persist()]:
            result = map_reduce(self.program, "histogram", "add_histograms", array,
                                args=(32,)).compute()
            np.testing.assert_array_equal(result, one_process)
        np.testing.assert_array_equal(result, np.bincount(xs[(xs >= 0) & (xs < 32)],
                                                          minlength=32))

    def test_kmeans_step_over_partitions_equals_one_process(self):
        rng = np.random.default_rng(2)
        # Whole numbers, so that sums in any order are exact.
        points = rng.integers(-50, 50, (6_000, 3)).astype(np.float64)
        centres = rng.integers(-50, 50, (5, 3)).astype(np.float64)
        partitions = np.array_split(points, 7)
        sums, counts = map_reduce(self.program, "cluster_sums", "add_cluster_sums",
                                  partitions, args=(centres,)).compute()
        one_sums, one_counts = self.program.call("cluster_sums", points, centres)
        np.testing.assert_array_equal(sums, one_sums)
        np.testing.assert_array_equal(counts, one_counts)
        self.assertEqual(counts.sum(), len(points))

    def test_chunks_of_two_dask_arrays_are_passed_together(self):
        values = np.arange(10_000) % 7
        weights = np.arange(10_000) // 100
        partitions = partitions_of(da.from_array(values, chunks=1_500),
                                   da.from_array(weights, chunks=1_500))
        result = map_reduce(self.program, "weighted_histogram", "add_histograms",
                            partitions, args=(7,)).compute()
        np.testing.assert_array_equal(
            result, self.program.call("weighted_histogram", values, weights, 7))
        np.testing.assert_array_equal(result, np.bincount(values, weights, minlength=7))

    def test_failing_entry_point_raises_futharks_message(self):
        partitions = [np.arange(10), np.array([3, -1, 2]), np.arange(5)]
        with self.assertRaises(FutharkError) as on_cluster:
            map_reduce(self.program, "checked_total", "add", partitions).compute()
        with self.assertRaises(FutharkError) as in_one_process:
            self.program.call("checked_total", np.array([3, -1, 2]))
        message = str(in_one_process.exception)
        self.assertIn("checked_total", message)
        self.assertIn("chunked.fut:", message)
        self.assertEqual(str(on_cluster.exception), message)

    def test_compile_error_raises_futcs_message(self):
        broken = Program("entry wrong (x: i32) : i32 = x + true\n")
        with self.assertRaises(FutharkError) as raised:
            map_chunks(broken, "wrong", [np.int32(1)])[0].compute()
        self.assertIn("futc failed", str(raised.exception))
        self.assertIn("program.fut", str(raised.exception))

    def test_killed_workers_chunk_is_recomputed(self):
        xs = np.arange(600_000, dtype=np.int64)
        partitions = [(xs[:1000], 1), (xs, 600), (xs[:1000] + 5, 1)]
        job = self.client.compute(map_reduce(self.program, "slow_total", "add", partitions))
        slow_chunk = ("slow_total-", "-chunk-1")
        deadline = time.monotonic() + 60
        while not executions(self.log, *slow_chunk):
            self.assertLess(time.monotonic(), deadline, "the slow chunk never started")
            time.sleep(0.02)
        victim = executions(self.log, *slow_chunk)[0]
        self.assertIn(victim, self.client.run(os.getpid).values())
        os.kill(victim, signal.SIGKILL)
        result = job.result(timeout=120)
        one_process = sum(self.program.call("slow_total", chunk, rounds)
                          for chunk, rounds in partitions)
        self.assertEqual(result, one_process)
        runs = executions(self.log, *slow_chunk)
        self.assertEqual(len(runs), 2, "the killed worker's chunk did not run again")
        self.assertNotEqual(runs[1], victim)

    def test_multicore_and_opencl_libraries_give_the_same_histogram(self):
        xs = np.random.default_rng(3).integers(0, 20, 50_000)
        expected = self.program.call("histogram", xs, 20)
        for backend in ["multicore", "opencl"]:
            with self.subTest(backend=backend):
                program = Program.from_file(PROGRAM, backend=backend)
                try:
                    result = map_reduce(program, "histogram", "add_histograms",
                                        np.array_split(xs, 4), args=(20,)).compute()
                except FutharkError as error:
                    # scripts/test.sh installs PoCL, an OpenCL driver.
                    if (backend == "opencl" and "No OpenCL device" in str(error)
                            and "CI" not in os.environ):
                        self.skipTest(f"no OpenCL device: {error}")
                    raise
                np.testing.assert_array_equal(result, expected)

    def test_zz_each_machine_builds_and_each_process_loads_a_program_once(self):
        # Named to run last: by now every worker has run chunks of the
        # programs, most of them more than once.
        stats = list(self.client.run(process_stats).values()) + [process_stats()]
        built = [key for process in stats for key in process["built"]]
        self.assertEqual(len(built), len(set(built)), stats)
        for process in stats:
            self.assertEqual(len(process["loaded"]), len(set(process["loaded"])), stats)
        entries = {p.name for p in self.cache.iterdir() if p.is_dir()}
        self.assertTrue(set(built) <= entries, stats)
        # The compilation error left nothing in the cache.
        self.assertEqual(len(entries), 3, entries)


if __name__ == "__main__":
    unittest.main()
