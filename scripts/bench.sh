#!/usr/bin/env bash
# Run every benchmark (the engine against micrograd, in CPython and Pyodide; the page in
# Chromium) and rewrite docs/benchmarks.md. Takes 10-20 minutes. Options go to bench/run.py:
#   scripts/bench.sh [--repeats 5] [--part engine|browser|all] [--no-pyodide]
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -x .venv/bin/python ]] || { echo "bench: run scripts/setup.sh --test first" >&2; exit 1; }
exec .venv/bin/python -m bench.run "$@"
