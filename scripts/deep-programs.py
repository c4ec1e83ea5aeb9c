#!/usr/bin/env python3
"""Generate deeply nested or long chained programs and time `futc` on them.

Issue 21 asks that programs nested or chained 100,000 deep check, run and
compile in under 10 s each, or get one clear error, never a signal. This
script writes one program per shape (`--depth`, default 100,000; curried
arguments use a tenth of it), runs `futc check`, `futc run` (input 5 when
`main` takes an argument) and `futc c` on each with a timeout, and prints
one line per (shape, command): seconds, exit status and the first line of
the output. Use a release build: `cargo build --release -p futc`.

    scripts/deep-programs.py [--futc target/release/futc] [--depth N]
        [--shapes plus,lets,...] [--commands check,run,c] [--timeout S]
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time


def plus(n):
    return "def main (x: i32) = " + " + ".join(["x"] * n) + "\n"


def lets(n):
    body = "".join(f"  let x{i} = x + {i % 7}\n" for i in range(n))
    return f"def main (x: i32) =\n{body}  in x{n - 1}\n"


def ifs(n):
    chain = "".join(f"if x == {i} then {i}i32 else " for i in range(n))
    return f"def main (x: i32) = {chain}0\n"


def pipe(n):
    return "def main (x: i32) = x" + " |> (+1)" * n + "\n"


def parens(n):
    return "def main (x: i32) = " + "(" * n + "x" + ")" * n + "\n"


def arrays(n):
    return "def main = " + "[" * n + "1i32" + "]" * n + "\n"


def tuples(n):
    return "def main = " + "(1i32, " * n + "()" + ")" * n + "\n"


def args(n):
    n //= 10
    params = " ".join(f"(a{i}: i32)" for i in range(n))
    return f"def f {params} = a0\ndef main = f" + " 1" * n + "\n"


def records(n):
    return "def main = " + "{a = " * n + "1i32" + "}" * n + "\n"


def lambdas(n):
    return "def main (x: i32) = " + "(\\(y: i32) -> " * n + "y" + ") x" * n + "\n"


def loops(n):
    return "def main (x: i32) = " + "loop x = x for i < 1 do " * n + "x + 1\n"


def matches(n):
    return "def main (x: i32) = " + "match x case 0 -> 0 case _ -> " * n + "x\n"


def modules(n):
    return "module m0 = { def v = 1i32 }\n" + "".join(
        f"module m{i} = {{ open m{i - 1} def v = v + 1 }}\n" for i in range(1, n)
    ) + f"def main = m{n - 1}.v\n"


def nested_modules(n):
    return "module m = { " * n + "def v = 1i32" + " }" * n + "\ndef main = 0i32\n"


def unclosed(n):
    n //= 25
    return "def main (x: i32) = " + "[" * n + "x\n"


SHAPES = {
    f.__name__: f
    for f in [plus, lets, ifs, pipe, parens, arrays, tuples, records, lambdas, loops, matches,
              modules, nested_modules, args, unclosed]
}


def run(futc, command, path, timeout, workdir):
    argv = [futc, command, path]
    if command == "c":
        argv = [futc, "c", path, "-o", os.path.join(workdir, "prog")]
    with open(path) as f:
        takes_input = "main (x" in f.read(64)
    start = time.monotonic()
    try:
        done = subprocess.run(
            argv,
            input=b"5\n" if takes_input else b"",
            capture_output=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return time.monotonic() - start, "timeout", b""
    output = done.stdout + done.stderr
    return time.monotonic() - start, done.returncode, output


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--futc", default="target/release/futc")
    parser.add_argument("--depth", type=int, default=100_000)
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--commands", default="check,run,c")
    parser.add_argument("--timeout", type=float, default=60)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        for shape in options.shapes.split(","):
            path = os.path.join(workdir, f"{shape}.fut")
            with open(path, "w") as f:
                f.write(SHAPES[shape](options.depth))
            for command in options.commands.split(","):
                seconds, status, output = run(
                    options.futc, command, path, options.timeout, workdir
                )
                lines = output.decode(errors="replace").splitlines()
                first = lines[0][:100] if lines else ""
                print(
                    f"{shape:9} {command:5} {seconds:7.2f} s  exit {status}"
                    f"  {len(lines)} lines  {first}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
