#!/usr/bin/env bash
# Builds the release `futls` and packages it with the extension into a
# platform-specific VSIX for Linux x64 (`futhark-rs-linux-x64.vsix`), which
# VS Code installs only there and which needs no `futls` on PATH.
#
# Usage: bash scripts/package-linux-x64.sh   (from anywhere; needs cargo and
# the extension's npm packages, `npm ci`).
set -euo pipefail
cd "$(dirname "$0")/.."   # editors/vscode

[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] \
  || { echo "error: this builds futls for the machine it runs on, which must be Linux x64" >&2; exit 1; }
cargo build --release --locked -p futls --manifest-path ../../Cargo.toml
target_dir=$(cd "${CARGO_TARGET_DIR:-../../target}" && pwd)

# The bundled server lives in server/ only while packaging, so that a plain
# `npm run package` never picks up a stale one.
trap 'rm -rf server' EXIT
mkdir -p server
# The release profile keeps debug info (for profiling); the package need not.
if command -v strip >/dev/null; then
  strip --strip-debug -o server/futls "$target_dir/release/futls"
else
  cp "$target_dir/release/futls" server/futls
fi
chmod 755 server/futls
npx vsce package --allow-missing-repository --target linux-x64 -o futhark-rs-linux-x64.vsix
