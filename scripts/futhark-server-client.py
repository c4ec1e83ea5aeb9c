#!/usr/bin/env python3
"""Drives a `futc c --server` executable with upstream's Python client for
the server protocol, the PyPI package futhark-server (with futhark-data and
numpy): entry points and their types, values restored from and stored to
files (`put_value`, `get_value`), calls, an opaque record built with `new`
and taken apart with `project`, opaque values stored as bytes and restored,
failures for unknown variables and wrong types, and `free`.

Usage: futhark-server-client.py PATH-TO-FUTC
Prints a summary on success; exits with 1 and the reason otherwise.
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

# futhark-data 1.0.3 (which futhark-server uses) still uses numpy names
# that numpy has dropped: `np.bool` and `np.product`.
if "bool" not in vars(np):
    np.bool = np.bool_
if "product" not in vars(np):
    np.product = np.prod

import futhark_server  # noqa: E402 (needs the names above)

FUTC = sys.argv[1] if len(sys.argv) == 2 else sys.exit(__doc__)

PROGRAM = """
type~ pair = {count: i32, weights: []f32}
entry sum (xs: []i32) : i32 = reduce (+) 0 xs
entry make (n: i32) (ws: []f32) : pair = {count = n, weights = ws}
entry total (p: pair) : f32 = f32.i32 p.count * reduce (+) 0 p.weights
entry bump (xs: *[]i32) : *[]i32 = xs with [0] = xs[0] + 100
"""


def check(condition, what):
    if not condition:
        sys.exit(f"futhark-server client: {what}")


def expect_failure(action, message):
    try:
        action()
    except futhark_server.Failure as failure:
        check(message in str(failure), f"failure {failure!r} lacks {message!r}")
        return
    check(False, f"no failure, expected one saying {message!r}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "prog.fut")
        with open(source, "w") as f:
            f.write(PROGRAM)
        exe = os.path.join(tmp, "prog")
        subprocess.run([FUTC, "c", "--server", source, "-o", exe], check=True)
        with futhark_server.Server(exe) as server:
            check(server.cmd_entry_points() == ["sum", "make", "total", "bump"],
                  f"entry points {server.cmd_entry_points()}")
            check(server.cmd_inputs("make") == ["i32", "[]f32"], "inputs of make")
            check(server.cmd_inputs("bump") == ["*[]i32"], "inputs of bump")
            check(server.cmd_output("total") == ["f32"], "output of total")

            server.put_value("xs", np.array([1, 2, 3, 4], dtype=np.int32))
            server.cmd_call("sum", "s", "xs")
            check(server.get_value("s") == 10, "sum")
            expect_failure(lambda: server.cmd_call("sum", "t", "nosuch"),
                           "Unknown variable")
            server.put_value("fs", np.array([0.5, 1.5], dtype=np.float32))
            expect_failure(lambda: server.cmd_call("sum", "t", "fs"),
                           "should be of type []i32")

            # An opaque record: made by an entry point and by `new`.
            server.put_value("n", np.int32(3))
            server.cmd_call("make", "p", "n", "fs")
            check(server.cmd_fields("pair") == ["count i32", "weights []f32"],
                  f"fields {server.cmd_fields('pair')}")
            server.put_value("m", np.int32(4))
            server.cmd("new", "q", "pair", "m", "fs")
            server.cmd_project("qw", "q", "weights")
            check(list(server.get_value("qw")) == [0.5, 1.5], "projected weights")
            server.cmd_project("qc", "q", "count")
            check(server.get_value("qc") == 4, "projected count")
            server.cmd_call("total", "tp", "p")
            server.cmd_call("total", "tq", "q")
            check(server.get_value("tp") == 6.0 and server.get_value("tq") == 8.0,
                  "totals")
            expect_failure(lambda: server.cmd("new", "r", "pair", "fs", "m"),
                           "should be of type i32")

            # Opaque values as bytes: stored, restored, used again.
            stored = server.get_value_bytes("q")
            # futhark-server 1.0.1 passes its `pairs` argument on as one
            # pair, so it takes one (name, type) pair here.
            server.put_value_bytes(stored, ("q2", "pair"))
            server.cmd_call("total", "tq2", "q2")
            check(server.get_value("tq2") == 8.0, "restored record")

            # A consumed argument may only be freed.
            server.cmd_call("bump", "ys", "xs")
            check(list(server.get_value("ys")) == [101, 2, 3, 4], "bump")
            expect_failure(lambda: server.get_value("xs"), "consumed")
            server.cmd_free("xs", "ys", "s", "fs", "n", "p", "m", "q", "qw", "qc",
                            "tp", "tq", "q2", "tq2")
            expect_failure(lambda: server.cmd_free("xs"), "Unknown variable")
    print("futhark-server drives futc's server: entry points, values, records, "
          "bytes, consumption and failures as expected")


main()
