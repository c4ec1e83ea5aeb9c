"""What scripts/bench-c.py and scripts/bench-mc.py share: where futc is,
making inputs with `futc dataset`, compiling, running an executable with
futc's `-b -t FILE -r N` options and reading its results (the binary data
format), and comparing results. Only the standard library is used."""

import os
import statistics
import struct
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ELEMENTS = {
    b" i8": "b", b" i16": "h", b" i32": "i", b" i64": "q",
    b"  u8": "B", b" u16": "H", b" u32": "I", b" u64": "Q",
    b" f32": "f", b" f64": "d", b"bool": "?",
}


def default_futc():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return str(target / "release" / "futc")


def cc_command():
    """$CC and $CFLAGS, as futc uses them (default `cc -O3 -std=c99`)."""
    cc = os.environ.get("CC", "cc")
    cflags = os.environ.get("CFLAGS", "-O3 -std=c99").split()
    return [cc] + cflags


def make_input(futc, dataset, path):
    """Writes the values of `futc dataset -b DATASET` (fixed seed) to path."""
    with open(path, "wb") as f:
        subprocess.run([futc, "dataset", "-b"] + dataset, stdout=f, check=True)


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


def same_results(ours, theirs, tolerance=1e-4):
    """Whether two lists of values are equal, floats to a relative tolerance."""
    if len(ours) != len(theirs):
        return False
    for (shape_a, a), (shape_b, b) in zip(ours, theirs):
        if shape_a != shape_b:
            return False
        for x, y in zip(a, b):
            if x != y and abs(x - y) > tolerance * max(abs(x), abs(y), 1.0):
                return False
    return True


def run_times(command, input_path, runs, timing, env=None):
    """Runs an executable (a list: path and options) `runs` times on the
    input; returns the run times in microseconds and the results of the
    last run."""
    with open(input_path, "rb") as stdin:
        out = subprocess.run(
            command + ["-b", "-t", str(timing), "-r", str(runs)],
            stdin=stdin,
            capture_output=True,
            check=True,
            env=env,
        ).stdout
    times = [int(line) for line in Path(timing).read_text().split()]
    return times, read_values(out)


def run(command, input_path, runs, timing, env=None):
    """`run_times`, with the median run time instead of all of them."""
    times, values = run_times(command, input_path, runs, timing, env)
    return statistics.median(times), values
