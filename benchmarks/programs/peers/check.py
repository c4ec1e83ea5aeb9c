#!/usr/bin/env python3
"""Checks a benchmark's peers against the Futhark interpreter on the CPU.

Usage: python3 benchmarks/programs/peers/check.py NAME...

For each small (non-random, non-compiled) case of benchmarks/programs/NAME.fut,
runs `futc run` on its input, runs the peer module's torch_fn and jax_fn on the
CPU on the same input, and compares the results. $FUTC names the compiler
(default `futc`). Exits non-zero if any result differs.
"""
import os
import re
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.dirname(HERE)
FUTC = os.environ.get("FUTC", "futc")

# Type names of the binary data format (four bytes, padded on the left).
BINARY_TYPES = {
    b"  i8": np.int8, b" i16": np.int16, b" i32": np.int32, b" i64": np.int64,
    b"  u8": np.uint8, b" u16": np.uint16, b" u32": np.uint32, b" u64": np.uint64,
    b" f16": np.float16, b" f32": np.float32, b" f64": np.float64, b"bool": np.bool_,
}


def read_values(text):
    """Futhark text-format values -> numpy arrays (python scalars for rank 0)."""
    data = subprocess.run([FUTC, "dataset", "-b"], input=text.encode(),
                          capture_output=True, check=True).stdout
    values, pos = [], 0
    while pos < len(data):
        if data[pos:pos + 1].isspace():
            pos += 1
            continue
        assert data[pos:pos + 2] == b"b\x02", "not the binary data format"
        rank = data[pos + 2]
        dtype = np.dtype(BINARY_TYPES[data[pos + 3:pos + 7]])
        pos += 7
        shape = tuple(int(d) for d in np.frombuffer(data, np.uint64, rank, pos))
        pos += 8 * rank
        count = int(np.prod(shape))
        array = np.frombuffer(data, dtype, count, pos).reshape(shape).copy()
        pos += count * dtype.itemsize
        values.append(array.item() if rank == 0 else array)
    return values


def braced(text, start):
    """The text between the brace at or after `start` and its match, and the end."""
    open_at = text.index("{", start)
    close_at = text.index("}", open_at)
    return text[open_at + 1:close_at], close_at + 1


def small_inputs(fut_path):
    """The inputs of the cases that the interpreter runs, as text."""
    with open(fut_path) as f:
        lines = f.read().split("\n")
    spec = "\n".join(line[2:] for line in lines if line.startswith("--"))
    spec = spec[spec.index("==") + 2:]
    inputs = []
    for match in re.finditer(r"([^\n{}]*)\binput\b", spec):
        words = match.group(1).split()
        body, _ = braced(spec, match.end())
        if "random" not in words and "compiled" not in words:
            inputs.append(body)
    return inputs


def as_numpy(results):
    if not isinstance(results, (tuple, list)):
        results = (results,)
    return [np.asarray(r.detach().numpy() if hasattr(r, "detach") else r) for r in results]


def compare(what, got, expected):
    if len(got) != len(expected):
        print(f"  {what}: {len(got)} results, the interpreter gave {len(expected)}")
        return False
    ok = True
    for i, (g, e) in enumerate(zip(got, expected)):
        e = np.asarray(e)
        if g.shape != e.shape:
            print(f"  {what} result {i}: shape {g.shape}, expected {e.shape}")
            ok = False
        elif np.issubdtype(e.dtype, np.floating):
            err = float(np.max(np.abs(g - e) / (np.abs(e) + 1e-3))) if e.size else 0.0
            good = np.allclose(g, e, rtol=1e-3, atol=1e-4)
            print(f"  {what} result {i}: {'ok' if good else 'DIFFERS'} (max relative error {err:.2e})")
            ok &= good
        else:
            good = np.array_equal(g, e)
            print(f"  {what} result {i}: {'ok' if good else 'DIFFERS'}")
            ok &= good
    return ok


def check(name):
    sys.path.insert(0, HERE)
    peer = __import__(name)
    fut = os.path.join(PROGRAMS, name + ".fut")
    ok = True
    for n, text in enumerate(small_inputs(fut)):
        print(f"{name}, small case {n}:")
        out = subprocess.run([FUTC, "run", fut], input=text.encode(),
                             capture_output=True, check=True).stdout.decode()
        expected = read_values(out)
        inputs = read_values(text)
        try:
            import torch
            args = [torch.from_numpy(x) if isinstance(x, np.ndarray) else x for x in inputs]
            ok &= compare("torch", as_numpy(peer.torch_fn(*args)), expected)
        except ImportError:
            print("  torch: not installed")
        try:
            import jax
            args = [jax.device_put(x) if isinstance(x, np.ndarray) else x for x in inputs]
            f = jax.jit(peer.jax_fn, static_argnums=peer.STATIC)
            ok &= compare("jax", as_numpy(f(*args)), expected)
        except ImportError:
            print("  jax: not installed")
    return ok


if __name__ == "__main__":
    results = [check(name) for name in sys.argv[1:]]
    sys.exit(0 if all(results) else 1)
