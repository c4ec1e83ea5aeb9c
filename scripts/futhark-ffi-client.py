#!/usr/bin/env python3
"""Builds a `futc c --library` program with upstream's Python FFI
generator, the PyPI package futhark-ffi (its `build_futhark_ffi` command,
which needs cffi and a C compiler), and calls its entry points with numpy
arrays: scalar and array results, a tuple result, and a run-time failure
reported as an exception with the program's message.

Usage: futhark-ffi-client.py PATH-TO-FUTC
Prints a summary on success; exits with 1 and the reason otherwise.
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

FUTC = sys.argv[1] if len(sys.argv) == 2 else sys.exit(__doc__)

PROGRAM = """
entry dot (xs: []f64) (ys: []f64) : f64 = reduce (+) 0 (map2 (*) xs ys)
entry matvec (m: [][]f32) (v: []f32) : []f32 =
  map (\\row -> reduce (+) 0 (map2 (*) row v)) m
entry minmax (xs: []i64) : (i64, i64) =
  (reduce i64.min i64.highest xs, reduce i64.max i64.lowest xs)
entry pick (xs: []i32) (i: i64) : i32 = xs[i]
"""


def check(condition, what):
    if not condition:
        sys.exit(f"futhark-ffi client: {what}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "prog.fut"), "w") as f:
            f.write(PROGRAM)
        subprocess.run([FUTC, "c", "--library", "prog.fut", "-o", "prog"],
                       cwd=tmp, check=True)
        # What the `build_futhark_ffi prog` command runs (futhark-ffi 0.16's
        # `python -m futhark_ffi.build` builds nothing: the module has no
        # main guard), without depending on where pip put the command.
        builder = "import sys; from futhark_ffi.build import main; sys.argv[1:] = ['prog']; main()"
        build = subprocess.run([sys.executable, "-c", builder],
                               cwd=tmp, capture_output=True, text=True)
        check(build.returncode == 0,
              f"futhark_ffi.build failed:\n{build.stdout}\n{build.stderr}")
        sys.path.insert(0, tmp)
        import _prog  # noqa: E402 (built just now)
        from futhark_ffi import Futhark

        fut = Futhark(_prog)
        xs = np.arange(1, 6, dtype=np.float64)
        check(fut.dot(xs, xs) == 55.0, "dot")
        m = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32)
        v = np.array([1, 0, -1], dtype=np.float32)
        result = fut.from_futhark(fut.matvec(m, v))
        check(result.dtype == np.float32 and list(result) == [-2.0, -2.0],
              f"matvec gave {result!r}")
        low, high = fut.minmax(np.array([5, -7, 12, 0], dtype=np.int64))
        check((low, high) == (-7, 12), f"minmax gave {(low, high)}")
        check(fut.pick(np.array([10, 20, 30], dtype=np.int32), 1) == 20, "pick")
        try:
            fut.pick(np.array([10, 20, 30], dtype=np.int32), 3)
        except ValueError as error:
            check("Index [3] out of bounds for array of shape [3]" in str(error),
                  f"the failure says {error}")
        else:
            check(False, "an index out of bounds did not fail")
    print("futhark-ffi builds futc's library and calls its entry points "
          "with numpy arrays as expected")


main()
