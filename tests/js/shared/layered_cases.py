"""Cases for tests/js/shared/layered-layout.test.mjs, printed as JSON: the records the engine makes
for graphs of each shape the layout meets (a neuron, a hub, shared inputs, a long chain, the MLP
preset, hostile labels), and the style the server sends the page.

    .venv/bin/python tests/js/shared/layered_cases.py
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from app.page_data import dot_style  # noqa: E402
from app.presets import NEURON, mlp_loss_source  # noqa: E402
from engine.worker.playground import run  # noqa: E402

SHAPES = {
    "neuron": NEURON,
    "hub": "+".join(["x"] * 60),
    "x = x*c + d": "x = x*c + d\n" * 40,
    "sums over shared inputs": "".join(
        f"s{k} = {' + '.join(f'x{i}' for i in range(20))}\n" for k in range(5)
    )
    + "y = s0 + s1 + s2 + s3 + s4",
    "chain": "x = 1.0\n" + "x = x*1.0001 + 0.5\n" * 300,
    "mlp preset": mlp_loss_source(),
    "labels": 'a = 2.0\nb = a*3\nc = b + 1\nc.label = "{x|<y> \\\\ \\" & </text>"\n',
}


def case(name: str, source: str) -> dict:
    result = run(source)
    if not result["ok"]:
        raise SystemExit(f"{name}: {result['error']}")
    return {"name": name, "record": result["trace"]}


print(json.dumps({"style": dot_style(), "cases": [case(n, s) for n, s in SHAPES.items()]}))
