#!/usr/bin/env bash
# Runs every check and test of the project: formatting, lints, and all
# tests of the workspace (unit, snapshot, property and CLI tests).
# Needs only the Rust toolchain; installs nothing else yet.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo test --workspace --locked
