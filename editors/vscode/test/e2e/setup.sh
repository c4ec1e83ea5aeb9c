#!/usr/bin/env bash
# Installs what `npm run test:e2e` needs, skipping whatever is already there:
#
#   1. Debian packages: Chromium (the browser the test drives), ripgrep (stands
#      in for the ripgrep download of code-server's VS Code) and the tool chain
#      and headers that code-server's native modules build from.
#   2. The locked npm packages of the extension (`npm ci` in editors/vscode,
#      for vsce) and of the test (`npm ci` in test/e2e: code-server and
#      playwright-core, kept apart so that the extension's own `npm ci` stays
#      small).
#   3. code-server's own install step and argon2's native module. The test's
#      package.json denies both their install scripts (`allowScripts`), so
#      that `npm ci` needs no compiler; they run here instead.
#
# Usage: bash test/e2e/setup.sh   (or `npm run test:e2e:setup`), as root or
# with sudo. Needs Node.js 20 (code-server 4.100 requires it) and npm.
set -euo pipefail
cd "$(dirname "$0")/../.."   # editors/vscode

log() { printf '[e2e setup %3ds] %s\n' "$SECONDS" "$*"; }
die() { printf '[e2e setup %3ds] error: %s\n' "$SECONDS" "$*" >&2; exit 1; }

# --- 1. Debian packages -------------------------------------------------------
bash ../../scripts/debian-packages.sh chromium ripgrep build-essential pkg-config \
  libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev

# --- 2. npm packages ----------------------------------------------------------
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" = 20 ] || die "code-server 4.100 needs Node.js 20, this is $(node --version)"

# `npm ls` fails when a locked top-level package is missing or has the wrong version.
for dir in . test/e2e; do
  if (cd "$dir" && npm ls --depth=0 >/dev/null 2>&1); then
    log "npm packages in $dir: already installed"
  else
    log "installing npm packages in $dir (npm ci)"
    (cd "$dir" && npm ci --no-audit --no-fund)
  fi
done

# --- 3. code-server's install step and argon2 ---------------------------------
e2e_modules=test/e2e/node_modules
cs=$e2e_modules/code-server
vs=$cs/lib/vscode
code_server_ready() {
  [ -f "$vs/node_modules/node-pty/build/Release/pty.node" ] &&
    [ -x "$vs/node_modules/@vscode/ripgrep/bin/rg" ] &&
    [ -L "$vs/node_modules.asar" ] &&
    [ -d "$vs/extensions/node_modules" ] &&
    [ -f "$cs/.e2e-postinstall-done" ]
}
argon2_ready() { (cd test/e2e && node -e 'require("argon2")') >/dev/null 2>&1; }

if code_server_ready && argon2_ready; then
  log "code-server: already set up"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/futhark-e2e-setup.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The install scripts run as whoever runs this (code-server's refuses root
# without unsafe-perm), node-pty's runs `npx node-gyp` (needs "yes"), and the
# scripts' temporary files stay in a private folder.
export npm_config_unsafe_perm=true npm_config_yes=true TMPDIR=$work
# node-gyp builds against the headers installed with Node.js when there are
# any, rather than downloading them.
if [ -z "$(npm config get nodedir 2>/dev/null | grep -v '^undefined$' || true)" ]; then
  node_prefix=$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")
  [ -f "$node_prefix/include/node/node_api.h" ] && export npm_config_nodedir=$node_prefix
fi

if ! argon2_ready; then
  # Its prebuilt binary cannot be downloaded here; it builds from source.
  log "building argon2"
  (cd "$e2e_modules/argon2" && npm run install) >"$work/argon2.log" 2>&1 \
    || { cat "$work/argon2.log" >&2; die "building argon2 failed"; }
  argon2_ready || die "argon2 still does not load after building it"
fi

if ! code_server_ready; then
  # @vscode/ripgrep's install step downloads ripgrep from GitHub, which may be
  # out of reach; it takes an archive from its cache folder instead, so put
  # Debian's rg there under the name it looks for.
  case "$(uname -m)" in
    x86_64) rg_target=x86_64-unknown-linux-musl ;;
    aarch64) rg_target=aarch64-unknown-linux-musl ;;
    *) die "no ripgrep archive name known for $(uname -m)" ;;
  esac
  # v13.0.0-10 is the ripgrep release that @vscode/ripgrep 1.15.x fetches.
  rg_pkg=$(node -p "require('./$vs/npm-shrinkwrap.json').packages['node_modules/@vscode/ripgrep'].version")
  mkdir -p "$work/rg" "$work/vscode-ripgrep-cache-$rg_pkg"
  cp "$(command -v rg)" "$work/rg/rg"
  tar czf "$work/vscode-ripgrep-cache-$rg_pkg/ripgrep-v13.0.0-10-$rg_target.tar.gz" -C "$work/rg" rg
  log "running code-server's install step (installs VS Code's modules, builds the native ones)"
  # Start from scratch: a half-finished earlier run can leave, e.g., an empty
  # ripgrep bin/ folder that its install step then takes as done.
  rm -rf "$vs/node_modules" "$vs/node_modules.asar" "$vs/extensions/node_modules"
  rm -f "$cs/.e2e-postinstall-done"
  (cd "$cs" && npm run postinstall) >"$work/code-server.log" 2>&1 \
    || { tail -n 60 "$work/code-server.log" >&2; die "code-server's install step failed (log above)"; }
  touch "$cs/.e2e-postinstall-done"
  code_server_ready || die "code-server's install step finished but left VS Code's modules incomplete"
fi
log "done"
