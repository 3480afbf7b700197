"""Records for tests/js/graph/folding.test.mjs, printed as JSON: the Python MLP preset
(engine.nn's MLP(2, [16, 16, 1]) on one point), a learner's own two-layer network class
(tests/engine/record/groups_programs.py), the same MLP called on three points, the moons
preset on 10 points (and those points: the moons picture's first 10), and the expression
language's MLP preset (no groups); with the style the server sends the page.

    .venv/bin/python tests/js/graph/fold_cases.py
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from app.page_data import dot_style  # noqa: E402
from app.presets import MLP_PYTHON, MOONS_PYTHON, NEURON  # noqa: E402
from engine.worker import moons  # noqa: E402
from engine.worker.playground import run  # noqa: E402
from engine.worker.runner import run_program  # noqa: E402
from tests.engine.record.groups_programs import ENGINE_MLP, OWN_NET  # noqa: E402


def chosen(source: str) -> dict:
    result = run_program(source)
    assert result["ok"], result["error"]
    return result["graphs"][result["chosen"]]["record"]


if __name__ == "__main__":
    cases = {
        "mlp": chosen(MLP_PYTHON),
        "own net": chosen("from engine import Value\n" + OWN_NET),
        "three calls": chosen(ENGINE_MLP.replace("CALLS", "3")),
        "neuron": run(NEURON)["trace"],
        "moons 10": chosen(MOONS_PYTHON.replace("moons(100)", "moons(10)")),
    }
    points, _ = moons.moons(10)
    json.dump({"style": dot_style(), "cases": cases, "moons_points": points}, sys.stdout)
