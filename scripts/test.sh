#!/usr/bin/env bash
# The whole check, as CI runs it: set up, lint, format check, the pytest suite (browser tests
# included, in Debian's Chromium), the built-in exercises checked as a teacher would (each
# solution passes, each starter fails), the front end's unit tests (node --test), then the
# engine's tests again inside real Pyodide.
# Every phase runs even if an earlier one failed; the exit code is non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit

phase() { printf '\n===== %s =====\n' "$1"; }
failed=()
run() {
  local name=$1
  shift
  phase "$name"
  "$@" || failed+=("$name")
}

phase "setup"
scripts/setup.sh --test || exit 1

run "ruff check" .venv/bin/ruff check .
run "ruff format --check" .venv/bin/ruff format --check .
run "pytest" .venv/bin/pytest
run "built-in exercises" .venv/bin/python -m app.exercises check exercises
run "JS unit tests" node --test tests/js/
run "engine tests in Pyodide" tests/pyodide/run.sh

if ((${#failed[@]})); then
  printf '\nFAILED phases: %s\n' "$(IFS=,; echo "${failed[*]}")" >&2
  exit 1
fi
