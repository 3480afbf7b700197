"""What the page asks of Python: text in, a trace and its DOT out, as plain JSON.

The server calls this for the first paint and the Pyodide worker on every edit, so both
produce the same bytes for the same program.
"""

import json
from collections.abc import Mapping
from typing import Any

from engine.dot import dot_source
from engine.errors import ExpressionError
from engine.language import parse
from engine.record import number
from engine.tracing import MODES, trace


def run(
    source: str, mode: str = "correct", inputs: Mapping[str, float] | None = None
) -> dict[str, Any]:
    """`{ok: true, trace, dot, inputs}`, or `{ok: false, error: {message, line, col, end_col}}`."""
    if mode not in MODES:
        mode = "correct"
    try:
        program = parse(source, inputs)
    except ExpressionError as e:
        return {"ok": False, "error": e.to_json()}
    record = trace(program, mode)
    return {
        "ok": True,
        "trace": record,
        "dot": dot_source(record),
        "inputs": {name: number(v.data) for name, v in program.inputs.items()},
    }


def run_json(source: str, mode: str = "correct", inputs_json: str = "{}") -> str:
    """`run` for callers that speak strings (the worker passes JSON across the Pyodide boundary)."""
    try:
        inputs = json.loads(inputs_json) if inputs_json else {}
    except ValueError:
        inputs = {}
    if not isinstance(inputs, dict):
        inputs = {}
    return json.dumps(run(source, mode, inputs), allow_nan=False, separators=(",", ":"))
