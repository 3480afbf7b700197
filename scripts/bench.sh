#!/usr/bin/env bash
# Run every benchmark (the engine against micrograd, in CPython and Pyodide; the page in
# Chromium) and rewrite docs/benchmarks.md. Takes 5-20 minutes. Options go to bench/run.py:
#   scripts/bench.sh [--repeats 5] [--part engine|browser|all] [--no-pyodide]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test  # quick when already set up; a fresh clone gets everything here
exec .venv/bin/python -m bench.run "$@"
