#!/usr/bin/env python3
"""Checks futc's data formats against upstream's Python implementation of
them, the PyPI package futhark-data (with numpy):

1. values that `futc dataset` generates or converts, in text and in binary,
   load in futhark-data as the expected numpy values;
2. values that futhark-data dumps (binary and text) read back in
   `futc dataset`, which re-emits the binary ones byte for byte.

Usage: futhark-data-roundtrip.py PATH-TO-FUTC
Prints a summary on success; exits with 1 and the differences on stderr
otherwise.
"""

import io
import subprocess
import sys

import numpy as np

# futhark-data 1.0.3 still uses numpy names that numpy has dropped:
# `np.bool` (gone from 1.24 until 2.0) and `np.product` (gone in 2.0).
if "bool" not in vars(np):
    np.bool = np.bool_
if "product" not in vars(np):
    np.product = np.prod

import futhark_data  # noqa: E402 (needs the names above)

FUTC = sys.argv[1] if len(sys.argv) == 2 else sys.exit(__doc__)
failures = []
checks = 0


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        failures.append(message)


def dataset(args, stdin=b""):
    result = subprocess.run(
        [FUTC, "dataset", *args], input=stdin, capture_output=True, check=False
    )
    if result.returncode != 0:
        sys.exit(f"futc dataset {' '.join(args)} failed:\n{result.stderr.decode()}")
    return result.stdout


def same(a, b):
    """Equal type, shape and bits (NaNs included)."""
    a, b = np.asarray(a), np.asarray(b)
    return (
        a.dtype == b.dtype
        and a.shape == b.shape
        and a.tobytes() == b.tobytes()
    )


# 1. futhark-data reads what futc writes.

GENERATE = [
    ("[3][4]i32", np.int32, (3, 4)),
    ("f32", np.float32, ()),
    ("[2][3]bool", np.bool_, (2, 3)),
    ("[5]u8", np.uint8, (5,)),
    ("[2][0]f64", np.float64, (2, 0)),
    ("[3]f16", np.float16, (3,)),
    ("[2][2][2]i64", np.int64, (2, 2, 2)),
    ("i8", np.int8, ()),
    ("[4]u16", np.uint16, (4,)),
    ("u32", np.uint32, ()),
    ("[3]u64", np.uint64, (3,)),
    ("[2]i16", np.int16, (2,)),
    ("[2][2]f64", np.float64, (2, 2)),
]
generate_args = ["-s", "11"]
for type_text, _, _ in GENERATE:
    generate_args += ["-g", type_text]
from_text = list(futhark_data.loads(dataset(generate_args).decode()))
from_binary = list(futhark_data.loadb(dataset(["-b", *generate_args])))
check(len(from_text) == len(GENERATE), f"text: {len(from_text)} values")
check(len(from_binary) == len(GENERATE), f"binary: {len(from_binary)} values")
for (type_text, dtype, shape), text_value, binary_value in zip(
    GENERATE, from_text, from_binary
):
    loaded = np.asarray(binary_value)
    check(
        loaded.dtype == np.dtype(dtype) and loaded.shape == shape,
        f"-g {type_text} loads from binary as {loaded.dtype} {loaded.shape}",
    )
    check(
        same(text_value, binary_value),
        f"-g {type_text}: text loads as {text_value!r}, binary as {binary_value!r}",
    )

WRITTEN_TEXT = """-- upstream's text syntax, as futc reads it
[1, 2, 3] 2.5f32 -1i8 0xffu8 1_000i64 true
[[1.0, -2.5e-3], [3, 4]] empty([0][3]i32) "hi"
[0.1f16, 65504f16] 18446744073709551615u64 [0b101i16, -0x10i16]
"""
EXPECTED = [
    np.array([1, 2, 3], dtype=np.int32),
    np.float32(2.5),
    np.int8(-1),
    np.uint8(255),
    np.int64(1000),
    np.bool_(True),
    np.array([[1.0, -2.5e-3], [3.0, 4.0]]),
    np.zeros((0, 3), dtype=np.int32),
    np.array([104, 105], dtype=np.uint8),
    np.array([0.1, 65504], dtype=np.float16),
    np.uint64(2**64 - 1),
    np.array([5, -16], dtype=np.int16),
]
for flags, load in [([], futhark_data.loads), (["-b"], futhark_data.loadb)]:
    output = dataset(flags, WRITTEN_TEXT.encode())
    loaded = list(load(output.decode() if load is futhark_data.loads else output))
    check(len(loaded) == len(EXPECTED), f"{flags}: {len(loaded)} values")
    for expected, value in zip(EXPECTED, loaded):
        check(same(expected, value), f"{flags}: expected {expected!r}, loaded {value!r}")

# 2. futc reads what futhark-data writes.

random = np.random.default_rng(5)
ORDINARY = [
    np.int8(-128),
    np.int16(12345),
    np.int32(-7),
    np.int64(2**63 - 1),
    np.uint8(255),
    np.uint16(65535),
    np.uint32(2**32 - 1),
    np.uint64(2**64 - 1),
    np.float16(0.1),
    np.float32(1 / 3),
    np.float64(-2.5e-300),
    np.bool_(True),
    np.arange(12, dtype=np.int32).reshape(3, 4),
    np.array([[True, False, True]]),
    np.linspace(-1, 1, 7, dtype=np.float32),
    np.array([1e-7, 6e4, -0.0, 2.0**-24], dtype=np.float16),
    np.array([np.pi, -np.e, 5e-324, 1.7976931348623157e308, -0.0]),
    np.zeros((0, 3), dtype=np.int64),
    np.zeros((2, 0, 4), dtype=np.bool_),
    random.standard_normal((4, 5)).astype(np.float32),
    random.integers(-1000, 1000, (3, 3, 3), dtype=np.int16),
    random.integers(0, 2**64 - 1, 6, dtype=np.uint64),
]
# The Python text reader knows no `f32.nan` or `f32.inf`.
SPECIAL = [
    np.array([np.nan, np.inf, -np.inf], dtype=np.float32),
    np.float64(np.inf),
    np.array([np.nan, -np.inf], dtype=np.float16),
]

buffer = io.BytesIO()
for value in ORDINARY + SPECIAL:
    futhark_data.dump(value, buffer, binary=True)
dumped = buffer.getvalue()
check(dataset(["-b"], dumped) == dumped, "binary dumps are not re-emitted byte for byte")
text = dataset([], dumped)
check(
    dataset(["-b"], text) == dumped,
    "binary dumps written as text by futc do not read back to the same bytes",
)
ordinary_text = b"".join(dataset([], futhark_data.dumpb(value)) for value in ORDINARY)
for value, loaded in zip(ORDINARY, futhark_data.loads(ordinary_text.decode())):
    check(same(value, loaded), f"futc writes {value!r} as text that loads as {loaded!r}")

python_text = "\n".join(futhark_data.dumps(value) for value in ORDINARY)
as_python_reads_it = list(futhark_data.loads(python_text))
as_futc_reads_it = list(futhark_data.loadb(dataset(["-b"], python_text.encode())))
check(len(as_futc_reads_it) == len(ORDINARY), f"text dumps: {len(as_futc_reads_it)} values")
for expected, loaded in zip(as_python_reads_it, as_futc_reads_it):
    check(same(expected, loaded), f"futc reads the text dump of {expected!r} as {loaded!r}")

if failures:
    print("\n".join(failures), file=sys.stderr)
    print(f"{len(failures)} of {checks} checks failed", file=sys.stderr)
    sys.exit(1)
print(f"futhark-data round trip: {checks} checks passed")
