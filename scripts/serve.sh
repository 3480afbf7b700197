#!/usr/bin/env bash
# Set up (quick when nothing changed) and serve the playground on HOST:PORT.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
exec .venv/bin/uvicorn app.main:app --host "${HOST:-127.0.0.1}" --port "${PORT:-8000}"
