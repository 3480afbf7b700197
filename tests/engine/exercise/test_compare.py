"""engine.exercise.compare: a learner's class built and run beside engine.Value.

The corpus in learners/ is written the way different tutorials write a Value (micrograd's own
engine.py with a set `_prev`, a tuple `_children`, the rule as a method, a dataclass, a free
`backward(out)`); each must pass compare() on any expression of the operations it has, and
the page's verdict must not depend on how it keeps its inputs.
"""

import math
import re
from pathlib import Path

import pytest
from hypothesis import assume, given, settings

from engine import parse
from engine.exercise import run_checks
from tests.engine.conftest import examples
from tests.engine.expressions import expressions, points

LEARNERS = sorted((Path(__file__).parent / "learners").glob("*.py"))
# The operations every class of the corpus has (a learner's class has no gelu, log or max).
UNARY = ["tanh", "exp", "relu", "neg", "square", "cube", "sqrt"]
BINARY = ["+", "-", "*", "/"]
# The expression language's functions, as calls of the class's methods.
SETUP = """
import math


def tanh(v):
    return v.tanh() if hasattr(v, "tanh") else math.tanh(v)


def exp(v):
    return v.exp() if hasattr(v, "exp") else math.exp(v)


def relu(v):
    return v.relu() if hasattr(v, "relu") else max(v, 0.0)
"""


def _header(source: str, key: str, default: str = "") -> str:
    found = re.search(rf"^# {key}: (.*)$", source, re.M)
    return found.group(1).strip() if found else default


def _options(source: str) -> str:
    """compare()'s options for this class: its passes, and its free backward() if any."""
    options = f"passes={_header(source, 'passes', '1')}"
    free = _header(source, "backward")
    return f"{options}, backward={free}" if free else options


def _failures(result: dict) -> list[str]:
    return [c["message"] for c in result["checks"] if not c["passed"]]


def _ids(p: Path) -> str:
    return p.stem


@pytest.mark.parametrize("path", LEARNERS, ids=_ids)
def test_each_learner_class_passes_the_chapters_probes(path):
    source = path.read_text()
    options = _options(source)
    check = f"""
def neuron(V):
    x1, w1, x2, w2, b = V(2.0), V(-3.0), V(0.0), V(1.0), V(6.8813735870195432)
    return (x1 * w1 + x2 * w2 + b).tanh()


def reused(V):
    a, b, c = V(2.0), V(-3.0), V(4.0)
    e = a * b
    return (e + c) * e


compare(neuron, names="x1 w1 x2 w2 b", {options})
compare(reused, {options})
compare(lambda V: 2 + V(3.0) * 4 - V(1.5) / V(0.5), {options})
finite_difference(neuron, {options.split(", ", 1)[-1] if "backward" in options else ""})
"""
    result = run_checks(source, check)
    assert _failures(result) == [] and result["total"] == 4


@pytest.mark.parametrize("path", LEARNERS, ids=_ids)
def test_the_located_record_is_the_learners_graph_with_their_calls(path):
    """A wrong probe of the check (its expected grad is right, the class is not what the check
    thinks): the failure carries the learner's own graph and their calls."""
    source = path.read_text().replace("(1 - t**2)", "(1 - t)").replace("(1 - t * t)", "(1 - t)")
    source = source.replace("(1 - out.data**2)", "(1 - out.data)")
    source = source.replace("(1 - self.data**2)", "(1 - self.data)")
    check = f"compare(lambda V: (V(0.5) * V(2.0)).tanh(), {_options(source)})"
    result = run_checks(source, check)
    (failed,) = result["checks"]
    located = failed["located"]
    assert failed["kind"] == "grad" and located["step"] == 0
    record = located["record"]
    assert record["backward"][0]["node"] == located["node"] == record["output"]
    assert len(record["nodes"]) == 4  # a, b, a*b, tanh(a*b)
    assert located["got"] == pytest.approx(1 - math.tanh(1.0))
    assert located["expected"] == pytest.approx(1 - math.tanh(1.0) ** 2)


def _build(text: str, x: float, y: float) -> str:
    return f"lambda V: (lambda x, y: {text})(V({x!r}), V({y!r}))"


@pytest.mark.parametrize("path", LEARNERS, ids=_ids)
@settings(max_examples=examples(60))
@given(e=expressions(5, UNARY, BINARY), x=points, y=points)
def test_a_correct_class_passes_compare_on_any_expression(path, e, x, y):
    assume(re.search(r"\b[xy]\b", e.text) is not None)  # a Value, not a number
    reference = parse(e.text, {"x": x, "y": y}).output
    assume(math.isfinite(reference.data) and abs(reference.data) < 1e6)
    source = path.read_text()
    result = run_checks(source, f"compare({_build(e.text, x, y)}, {_options(source)})", SETUP)
    assert _failures(result) == [], e.text
