#!/usr/bin/env python3
"""Latency of `futls` as an editor sees it, over stdio.

Generates a workspace of FILES files of about LINES lines each (file k
imports file k-1; each defines functions that call the previous file's),
opens every file, then measures:

* keystroke to diagnostics: an incremental edit of a function body in the
  middle file (appending ` + 0`, then removing it), until the server
  publishes that file's diagnostics;
* hover and completion requests at names in that file;
* the code lens of that file's entry point (which uses every function of
  the file): lowering and optimising its program after the edit;
* the server's resident memory at the end.

Prints a Markdown table of p50/p95/max in milliseconds.

Usage: scripts/futls-latency.py [FUTLS] [--files N] [--lines N] [--samples N]
(FUTLS defaults to target/release/futls; build it with
`cargo build --release -p futls`).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import queue


def generate(directory, files, lines):
    """Writes the workspace; returns the paths in order."""
    paths = []
    functions_per_file = max(1, lines // 5)
    for k in range(files):
        out = []
        if k > 0:
            out.append(f'import "file{k - 1}"')
            out.append("")
        for i in range(functions_per_file):
            callee = f"f{k - 1}_{i}" if k > 0 else None
            body = f"{callee} (x + {i})" if callee else f"x * {i} + 1"
            out.append(f"-- | Function {i} of file {k}.")
            out.append(f"def f{k}_{i} (x: i32) : i32 =")
            out.append(f"  let y = {body}")
            out.append("  in y + 1")
            out.append("")
        # An entry point that uses every function of the file (and through
        # them the earlier files'), so that every edit changes what it
        # lowers to.
        calls = " + ".join(f"f{k}_{i} x" for i in range(functions_per_file))
        out.append(f"entry main (xs: []i32) : i32 = reduce (+) 0 (map (\\x -> {calls}) xs)")
        path = os.path.join(directory, f"file{k}.fut")
        with open(path, "w") as f:
            f.write("\n".join(out) + "\n")
        paths.append(path)
    return paths


class Server:
    def __init__(self, binary):
        self.process = subprocess.Popen(
            [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                line = line.decode().strip()
                if not line:
                    break
                if line.lower().startswith("content-length:"):
                    length = int(line.split(":")[1])
            body = stream.read(length)
            self.messages.put((time.perf_counter(), json.loads(body)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        """Returns (seconds until the answer, result)."""
        self.next_id += 1
        request_id = self.next_id
        start = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            at, message = self.messages.get(timeout=60)
            if message.get("id") == request_id and "method" not in message:
                return at - start, message.get("result")

    def wait_diagnostics(self, uri, since):
        while True:
            at, message = self.messages.get(timeout=60)
            if (
                message.get("method") == "textDocument/publishDiagnostics"
                and message["params"]["uri"] == uri
                and at >= since
            ):
                return at - since, message["params"]["diagnostics"]

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("futls", nargs="?", default="target/release/futls")
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=100)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="futls-latency-") as directory:
        paths = generate(directory, args.files, args.lines)
        total_lines = sum(sum(1 for _ in open(p)) for p in paths)
        server = Server(args.futls)
        server.request("initialize", {"capabilities": {}})
        server.notify("initialized", {})
        uris = ["file://" + p for p in paths]
        start = time.perf_counter()
        for path, uri in zip(paths, uris):
            with open(path) as f:
                text = f.read()
            server.notify(
                "textDocument/didOpen",
                {"textDocument": {"uri": uri, "languageId": "futhark", "version": 1, "text": text}},
            )
        first_check, _ = server.wait_diagnostics(uris[-1], start)
        # Let the diagnostics of the opening settle.
        time.sleep(1.0)
        while not server.messages.empty():
            server.messages.get()

        middle = len(paths) // 2
        uri = uris[middle]
        keystroke, hover, completion, lens = [], [], [], []
        version = 1
        for sample in range(args.samples):
            # Function `sample`'s body line: "  let y = ..." is line 5*i+2
            # (0-based), after the two import lines of every file but the
            # first.
            i = sample % max(1, args.lines // 5)
            line = (2 if middle > 0 else 0) + 5 * i + 2
            version += 1
            # Append ` + 0` to the body's last line, and remove it again on
            # the next sample: each edit changes what the function computes.
            body_end = line + 1
            edit = (
                {"range": {"start": {"line": body_end, "character": 10}, "end": {"line": body_end, "character": 10}}, "text": " + 0"}
                if sample % 2 == 0
                else {"range": {"start": {"line": body_end, "character": 10}, "end": {"line": body_end, "character": 14}}, "text": ""}
            )
            sent = time.perf_counter()
            server.notify(
                "textDocument/didChange",
                {"textDocument": {"uri": uri, "version": version}, "contentChanges": [edit]},
            )
            elapsed, _ = server.wait_diagnostics(uri, sent)
            keystroke.append(elapsed)
            # Let the other files' diagnostics of this edit go by.
            time.sleep(0.05)
            position = {"textDocument": {"uri": uri}, "position": {"line": line, "character": 13}}
            elapsed, result = server.request("textDocument/hover", position)
            assert result is not None, "hover answered nothing"
            hover.append(elapsed)
            position = {"textDocument": {"uri": uri}, "position": {"line": line + 1, "character": 5}}
            elapsed, result = server.request("textDocument/completion", position)
            assert result, "completion answered nothing"
            completion.append(elapsed)
            elapsed, result = server.request("textDocument/codeLens", {"textDocument": {"uri": uri}})
            assert any(lens["command"]["title"].startswith("after fusion:") for lens in result or []), (
                f"no entry point lens: {result}"
            )
            lens.append(elapsed)
            while not server.messages.empty():
                server.messages.get()
        rss = server.rss_mb()
        server.request("shutdown", None)
        server.notify("exit", None)
        server.process.wait(timeout=10)

    print(f"workspace: {args.files} files, {total_lines} lines; {args.samples} samples")
    print(f"first diagnostics of the last file after opening all: {first_check * 1000:.0f} ms")
    print()
    print("| measure | p50 | p95 | max |")
    print("|---|---|---|---|")
    for name, values in [
        ("keystroke to diagnostics", keystroke),
        ("hover", hover),
        ("completion", completion),
        ("entry point code lens after the edit", lens),
    ]:
        ms = [v * 1000 for v in values]
        print(f"| {name} | {percentile(ms, 50):.1f} ms | {percentile(ms, 95):.1f} ms | {max(ms):.1f} ms |")
    print(f"| resident memory | {rss:.0f} MB | | |")


if __name__ == "__main__":
    sys.exit(main())
