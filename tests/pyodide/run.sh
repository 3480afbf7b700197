#!/usr/bin/env bash
# Fetch the pinned pure-Python wheels once, then run tests/engine inside Pyodide under Node.
# Arguments go to pytest, e.g. tests/pyodide/run.sh -k numeric
set -euo pipefail
cd "$(dirname "$0")/../.."

wheels=.cache/pyodide-wheels
requirements=tests/pyodide/requirements.txt
wanted=$(sha256sum "$requirements" | cut -d' ' -f1)
if [[ ! -f $wheels/.stamp || "$(cat "$wheels/.stamp")" != "$wanted" ]]; then
  # Pure wheels that declare support for Pyodide's Python 3.14.
  "${PYTHON:-.venv/bin/python}" -m pip download -q --no-deps --only-binary=:all: \
    --python-version 3.14 --implementation py --abi none --platform any \
    -d "$wheels" -r "$requirements"
  echo "$wanted" > "$wheels/.stamp"
fi

exec node tests/pyodide/run_engine_tests.mjs "$@"
