#!/usr/bin/env bash
# Runs every check and test of the project: formatting, lints, the VS Code
# extension's tests, all tests of the Rust workspace (unit, snapshot,
# property, CLI and language-server tests), and the extension end to end in
# a real VS Code (code-server in headless Chromium) against the `futls` just
# built. Needs the Rust toolchain and Node.js 20 with npm; `npm ci` installs
# the extension's packages and editors/vscode/test/e2e/setup.sh what the
# end-to-end test needs (Debian packages, code-server), both idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
(
  cd editors/vscode
  npm ci --no-audit --no-fund
  npm test
)
# Upstream's Python data-format package, for the round trip of futc's data
# formats (crates/futc/tests/futhark_data_roundtrip.rs); a no-op once there.
python3 -m pip install --user --quiet --disable-pip-version-check \
  --no-warn-script-location --root-user-action=ignore futhark-data numpy
cargo test --workspace --locked

cargo build -p futls --locked
futls="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/debug/futls"
bash editors/vscode/test/e2e/setup.sh
(
  cd editors/vscode
  FUTLS="$futls" npm run test:e2e
)
