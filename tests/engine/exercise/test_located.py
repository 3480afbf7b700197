"""engine.exercise.located and engine.exercise.mistakes: each known mistake, made in a class
of another shape than the chapter's (a tuple `_children`, the rule as a method, a dataclass, a
free backward), is found by what its calls did and placed on the right call."""

from pathlib import Path

import pytest

from engine.exercise import run_checks

LEARNERS = Path(__file__).parent / "learners"

REUSED = """
def reused(V):
    a, b, c = V(2.0), V(-3.0), V(4.0)
    e = a * b
    return (e + c) * e


def doubled(V):
    a = V(3.0)
    return a + a
"""

# (class, its text, the mistake in it, the check, kind, node, input, step) — node and input as
# the record shows them, step the index of the located call.
CASES = [
    ("tuple_children", "            self.grad += out.grad\n            other.grad += out.grad",
     "            self.grad = out.grad\n            other.grad = out.grad",
     "compare(doubled)", "overwrite", "a + a", "a", 0),
    ("method_rules", "a.grad += b.data * self.grad", "a.grad += a.data * self.grad",
     "compare(lambda V: V(2.0) * V(-3.0) + V(1.0))", "swapped", "mul(a, b)", "a", 2),
    ("dataclass_value", "self.grad += (1 - out.data**2) * out.grad",
     "self.grad += 1 - out.data**2",
     "compare(lambda V: V(0.5).tanh() * V(3.0))", "no-out-grad", "tanh(a)", "a", 1),
    ("free_backward", "(1 - t * t)", "(1 - self.data * self.data)",
     "compare(lambda V: V(0.5).tanh(), backward=backward)", "tanh-x", "f(a)", "a", 0),
    ("free_backward", "    for v in order:\n        v.grad = 0.0\n", "",
     "compare(reused, backward=backward, passes=2)", "not-zeroed", "f(f(f(a, b), c), f(a, b))",
     "f(f(a, b), c)", 0),
    ("tuple_children", "        self.grad = 1.0\n        for v in reversed(order):",
     "        for v in reversed(order):",
     "compare(reused)", "not-seeded", "(a*b + c)*(a*b)", None, 0),
    ("dataclass_value", "for v in reversed(topo):", "for v in topo:",
     "compare(reused)", "order", "a*b", None, 0),
    ("method_rules", "        for v in reversed(order):\n            v._backward()",
     "        self._again()\n\n    def _again(self):\n        self._backward()\n"
     "        for child in self.inputs:\n            child._again()",
     "compare(reused)", "recursion", "mul(a, b)", None, 6),
    ("method_rules", "        for v in reversed(order):", "        for v in reversed(order[:-1]):",
     "compare(reused)", "not-called", "mul(add(mul(a, …, mul(a, b))", "add(mul(a, b), c)", None),
    ("micrograd_engine", 'out = Value(self.data * other.data, (self, other), "*")',
     'out = Value(self.data * other.data, (), "*")',
     "compare(lambda V: V(2.0) * V(-3.0) + V(1.0))", "no-inputs", "-6", None, None),
    ("tuple_children", "self.grad = 0.0\n        self._children",
     "self.grad = 1.0\n        self._children",
     "compare(lambda V: V(2.0) * V(-3.0), backward=lambda out: out._backward())", "grad", "a*b",
     "a", 0),
]  # fmt: skip


def _shown(record: dict, uid: str | None) -> str | None:
    return next((n["shown"] for n in record["nodes"] if n["id"] == uid), None)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[4]}-{c[0]}")
def test_a_known_mistake_is_found_and_placed(case):
    name, right, wrong, check, kind, node, input_, step = case
    source = (LEARNERS / f"{name}.py").read_text()
    assert right in source
    result = run_checks(source.replace(right, wrong), REUSED + check)
    (failed,) = result["checks"]
    assert failed["kind"] == kind, failed["message"]
    located = failed["located"]
    assert located["step"] == step
    assert _shown(located["record"], located["node"]) == node
    assert _shown(located["record"], located["input"]) == input_
    if step is not None:
        assert located["record"]["backward"][step]["node"] == located["node"]


def test_the_right_class_passes_the_same_checks():
    for name in sorted({c[0] for c in CASES}):
        source = (LEARNERS / f"{name}.py").read_text()
        backward = ", backward=backward" if name == "free_backward" else ""
        passes = 1 if name == "micrograd_engine" else 2  # micrograd's backward never zeroes
        check = REUSED + f"compare(reused{backward}, passes={passes})\ncompare(doubled{backward})"
        assert run_checks(source, check)["passed"], name


def test_a_wrong_call_says_both_numbers_and_the_rule():
    source = (LEARNERS / "micrograd_engine.py").read_text()
    source = source.replace("self.grad += other.data * out.grad", "self.grad += out.grad")
    result = run_checks(source, "compare(lambda V: (V(2.0) * V(-3.0)) * V(0.5))")
    (failed,) = result["checks"]
    located = failed["located"]
    assert failed["kind"] == "grad" and located["step"] == 0
    assert (located["got"], located["expected"]) == (1.0, 0.5)
    assert located["rule"] == "c.data × out.grad = 0.5000 × 1.0000 = 0.5000"
    assert failed["message"] == (
        "The _backward() of (a*b)*c (call 1 of 2) changed (a*b).grad from 0.0000 to 1.0000; the "
        "chain rule: (a*b).grad += c.data × out.grad = 0.5000 × 1.0000 = 0.5000, so (a*b).grad "
        "should be 0.5000."
    )
