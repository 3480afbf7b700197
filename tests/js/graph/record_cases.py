"""Cases for tests/js/graph/record-dot.test.mjs, printed as JSON: records the engine makes for each
kind of graph the page draws (the expression language, a learner's own class through the runner,
hostile labels, a graph big enough for the large-graph attributes), each with the DOT
engine/record/dot.py writes for it, and the style the server sends the page.

    .venv/bin/python tests/js/graph/record_cases.py
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from app.page_data import dot_style  # noqa: E402
from app.presets import NEURON, mlp_loss_source  # noqa: E402
from engine.record.dot import dot_source  # noqa: E402
from engine.worker.playground import run  # noqa: E402
from engine.worker.runner import run_program  # noqa: E402

EXPRESSIONS = {
    "neuron": NEURON,
    "constants": "y = 2 * x + 3 ** 2\nz = y / 0.5 - 1",
    "medium": "+".join(["x"] * 70),
    "mlp preset": mlp_loss_source(),
    "non-finite": "a = 0.0\nb = log(a)\nc = b * 2",
    "labels": 'a = 2.0\nb = a*3\nc = b + 1\nc.label = "{x|<y> \\\\ \\" & </text>"\n',
}
PROGRAMS = {
    "own class with hostile labels": """
class V:
    def __init__(self, data, _children=(), _op="", label=""):
        self.data, self.grad, self._prev = data, 0.0, set(_children)
        self._op, self.label = _op, label
        self._backward = lambda: None
    def __mul__(self, other):
        op = '*]; n9 [URL="https://evil.example" target=_top'
        out = V(self.data * other.data, (self, other), op)
        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out
a = V(2.0, label='a" URL="javascript:alert(1)')
b = V(-3.0, label="b\\n<b>|{c}")
c = a * b
c.grad = 1.0
c._backward()
""",
}


def case(name: str, record: dict) -> dict:
    return {"name": name, "record": record, "dot": dot_source(record)}


def cases() -> list[dict]:
    found = []
    for name, source in EXPRESSIONS.items():
        result = run(source)
        if not result["ok"]:
            raise SystemExit(f"{name}: {result['error']}")
        assert result["dot"] == dot_source(result["trace"])  # what the page laid out before
        found.append(case(name, result["trace"]))
    for name, source in PROGRAMS.items():
        ran = run_program(source)
        if ran["error"] or not ran["graphs"]:
            raise SystemExit(f"{name}: {ran['error']}")
        found.extend(case(f"{name} #{i}", g["record"]) for i, g in enumerate(ran["graphs"]))
    return found


print(json.dumps({"style": dot_style(), "cases": cases()}))
