#!/usr/bin/env bash
# Runs every check and test of the project: formatting, lints, the VS Code
# extension's tests, and all tests of the Rust workspace (unit, snapshot,
# property and CLI tests). Needs the Rust toolchain and Node.js with npm;
# `npm ci` installs the extension's packages (idempotent).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
(
  cd editors/vscode
  npm ci --no-audit --no-fund
  npm test
)
cargo test --workspace --locked
