#!/usr/bin/env bash
# Installs the Debian packages named as arguments that are not installed
# yet, as root or with sudo; a no-op once they are. Used by the test
# command (Neovim, the language server's second client) and by the VS Code
# end-to-end test's setup.
#
# Usage: bash scripts/debian-packages.sh PACKAGE...
set -euo pipefail

log() { printf '[debian packages %3ds] %s\n' "$SECONDS" "$*"; }
die() { printf '[debian packages %3ds] error: %s\n' "$SECONDS" "$*" >&2; exit 1; }

missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' \
    || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  log "already installed: $*"
  exit 0
fi
command -v apt-get >/dev/null || die "apt-get not found; install ${missing[*]} by hand"
sudo=()
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || die "not root and no sudo; install ${missing[*]} by hand"
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
log "installing ${missing[*]}"
updated=0
if ! compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null; then
  "${sudo[@]}" apt-get update
  updated=1
fi
if ! "${sudo[@]}" apt-get install -y "${missing[@]}"; then
  ((updated)) && die "apt-get install failed"
  log "apt-get install failed; updating the package lists and trying again"
  "${sudo[@]}" apt-get update
  "${sudo[@]}" apt-get install -y "${missing[@]}"
fi
