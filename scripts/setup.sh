#!/usr/bin/env bash
# Install what serving needs (with --test: what testing needs too). Idempotent and quick when
# nothing changed: pip and npm run only when pyproject.toml or package-lock.json changed.
set -euo pipefail
cd "$(dirname "$0")/.."

for_tests=false
case "${1:-}" in
  --test) for_tests=true ;;
  "") ;;
  *) echo "usage: scripts/setup.sh [--test]" >&2; exit 2 ;;
esac

apt_updated=false
apt_install() {
  local sudo=()
  if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to apt-get install $*" >&2; exit 1; }
    sudo=(sudo)
  fi
  if ! $apt_updated; then
    "${sudo[@]}" apt-get update -q
    apt_updated=true
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

# Graphviz's dot renders /graph.svg on the server and in the needs_dot tests.
command -v dot >/dev/null || apt_install graphviz

# Browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
if $for_tests && [[ ! -x /usr/bin/chromium ]]; then
  apt_install chromium
  [[ -x /usr/bin/chromium ]] || { echo "setup: /usr/bin/chromium is still missing" >&2; exit 1; }
fi

# Python: a venv, reinstalled only when pyproject.toml changes (one stamp per extra set).
[[ -x .venv/bin/python ]] || python3 -m venv .venv
pyproject_hash=$(sha256sum pyproject.toml | cut -d' ' -f1)
stamp_matches() { [[ -f ".venv/.stamp-$1" && "$(cat ".venv/.stamp-$1")" == "$pyproject_hash" ]]; }
if $for_tests; then
  if ! stamp_matches dev; then
    .venv/bin/python -m pip install -q -e '.[dev]'
    echo "$pyproject_hash" > .venv/.stamp-dev
  fi
elif ! stamp_matches dev && ! stamp_matches base; then
  .venv/bin/python -m pip install -q -e .
  echo "$pyproject_hash" > .venv/.stamp-base
fi

# Front-end packages, reinstalled only when package-lock.json changes.
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -f node_modules/.stamp || "$(cat node_modules/.stamp)" != "$lock_hash" ]]; then
  npm ci --no-audit --no-fund
  echo "$lock_hash" > node_modules/.stamp
fi

.venv/bin/python scripts/build_vendor.py
