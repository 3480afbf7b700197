"""Cases for tests/js/steps/stepper.test.mjs, printed as JSON: graph records made by the engine
and, for
each position k of the timeline, every node's grad text as
engine.record.graph_record.grad_texts_at gives it,
plus the grads the real backward() left (the stepper's end must show exactly those).

    .venv/bin/python tests/js/steps/stepper_cases.py
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from app.presets import NEURON  # noqa: E402
from engine import parse  # noqa: E402
from engine.numeric import format_number  # noqa: E402
from engine.record.graph_record import grad_texts_at  # noqa: E402
from engine.worker.playground import run  # noqa: E402
from engine.worker.runner import run_program  # noqa: E402
from tests.programs import program  # noqa: E402

LOSS = "w1 = 2.0\nw2 = 3.0\nloss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5"
SHARED = "a = 2.0\nb = a + a\nc = b * a"


def case(name: str, record: dict, final: dict[str, str] | None) -> dict:
    n = len(record["backward"])
    return {
        "name": name,
        "trace": record,
        "expected": [grad_texts_at(record, k) for k in range(n + 1)],
        "final": final,
    }


def language(name: str, source: str, mode: str = "correct") -> dict:
    record = run(source, mode)["trace"]
    final = None
    if mode == "correct":  # the real pass on the same program, by label
        program_ = parse(source)
        program_.output.backward()
        grads = {v.label: format_number(v.grad) for v in program_.values.values()}
        final = {n["id"]: grads[n["label"]] for n in record["nodes"] if n["label"] in grads}
    return case(name, record, final)


def main() -> None:
    ran = run_program(program("neuron_by_hand"))
    cases = [
        language("neuron", NEURON),
        language("loss", LOSS),
        language("shared value", SHARED),
        language("shared value, the = bug", SHARED, "overwrite"),
        case("neuron by hand (Python)", ran["graphs"][ran["chosen"]]["record"], None),
    ]
    print(json.dumps(cases))


if __name__ == "__main__":
    main()
