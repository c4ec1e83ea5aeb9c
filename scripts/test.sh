#!/usr/bin/env bash
# Runs every check and test of the project: formatting, lints, the VS Code
# extension's tests, all tests of the Rust workspace (unit, snapshot,
# property, CLI and language-server tests), and the extension end to end in
# a real VS Code (code-server in headless Chromium) against the `futls` just
# built. Needs the Rust toolchain and Node.js 20 with npm; `npm ci` installs
# the extension's packages, scripts/debian-packages.sh Neovim (the language
# server's second client), PoCL and Chromium, and
# editors/vscode/test/e2e/setup.sh what the end-to-end test needs (Debian
# packages, code-server), all idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
(
  cd editors/vscode
  npm ci --no-audit --no-fund
  npm test
)
# Upstream's Python packages: the data formats, for the round trip of
# futc's data formats (crates/futc/tests/futhark_data_roundtrip.rs), and
# the server and FFI clients driving futc's C backend
# (crates/futc/tests/python_clients.rs), and Dask for the package
# python/futhark-dask, installed too (its tests run from the tree, in
# python_clients.rs); a no-op once there, but for that package's rebuild
# (seconds). numpy<2: futhark-data 1.0.3 cannot read empty arrays with
# numpy 2; Dask 2024.12.1 supports it and Python 3.10 to 3.13.
python3 -m pip install --user --quiet --disable-pip-version-check \
  --no-warn-script-location --root-user-action=ignore \
  futhark-data futhark-server futhark-ffi cffi "numpy<2" \
  "dask[array]==2024.12.1" "distributed==2024.12.1" ./python/futhark-dask
# Neovim, the language server's second real client
# (crates/futls/tests/neovim.rs).
bash scripts/debian-packages.sh neovim
# PoCL, an OpenCL driver for the CPU, on which the OpenCL back end's tests
# run (crates/futc/tests/opencl.rs); executables load libOpenCL at run
# time, so nothing else needs the headers.
bash scripts/debian-packages.sh pocl-opencl-icd ocl-icd-opencl-dev
# Chromium, which opens futc doc's pages headless and takes screenshots
# (crates/futc/tests/doc_cli.rs); the VS Code end-to-end test uses it too.
bash scripts/debian-packages.sh chromium
cargo test --workspace --locked

# The C backends' tests again with the generated code (and the C API
# client) compiled with the address and undefined-behaviour sanitizers:
# every run of tests/run, the library and the server must pass with no
# report (see crates/futc/tests/support.rs, test_cflags). The OpenCL
# driver's own leaks are suppressed (scripts/lsan-suppressions.txt).
LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0" \
FUTC_TEST_CFLAGS='-O1 -std=c99 -fsanitize=address,undefined -fno-sanitize-recover=all' \
  cargo test -p futc --locked --test c_backend --test c_api --test c_server --test c_views --test multicore

# The multicore back end's run corpus again with the thread sanitizer,
# stopping at the first data race.
TSAN_OPTIONS=halt_on_error=1 FUTC_TEST_CFLAGS='-O1 -std=c99 -fsanitize=thread' \
  cargo test -p futc --locked --test multicore every_run_of_the_corpus_passes_in_multicore

cargo build -p futls -p futc --locked
bin="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/debug"
bash editors/vscode/test/e2e/setup.sh
(
  cd editors/vscode
  FUTLS="$bin/futls" FUTC="$bin/futc" npm run test:e2e
)
