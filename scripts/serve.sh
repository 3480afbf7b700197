#!/usr/bin/env bash
# Set up (quick when nothing changed) and serve the playground on HOST:PORT.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
# app.server: uvicorn with bounded request heads (414/431 with the security headers).
exec .venv/bin/python -m app.server --host "${HOST:-127.0.0.1}" --port "${PORT:-8000}"
