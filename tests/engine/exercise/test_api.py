"""engine.exercise.api: the functions a check block calls, as a check block calls them."""

from pathlib import Path

from engine.exercise import run_checks

MICROGRAD = (Path(__file__).parent / "learners" / "micrograd_engine.py").read_text()


def _messages(result: dict) -> list[tuple[bool, str]]:
    return [(c["passed"], c["message"]) for c in result["checks"]]


def test_check_and_same_say_what_was_expected():
    check = """
check(1 + 1 == 2, "arithmetic holds")
check(False, "this one fails")
same(Value(2.0) * 3, 6.0, "a * 3")
same(0.70710678, 0.7071, "o")
same(0.5, 0.7071, "o again")
same("text", 1.0)
"""
    assert _messages(run_checks(MICROGRAD, check)) == [
        (True, "arithmetic holds"),
        (False, "this one fails"),
        (True, "a * 3: 6.0000"),
        (True, "o: 0.7071"),
        (False, "o again: 0.5000, expected 0.7071"),
        (False, "the value: 'text', expected 1.0000"),
    ]


def test_each_function_returns_whether_it_passed():
    check = """
if compare(lambda V: V(2.0) * V(3.0)):
    check(True, "went on after a pass")
if not check(False, "a failure"):
    check(True, "went on after a failure")
"""
    assert [p for p, _ in _messages(run_checks(MICROGRAD, check))] == [True, True, False, True]


def test_a_probe_is_named_by_the_checks_own_text():
    check = """
compare(lambda V: V(2.0) *
        V(3.0) + V(1.0))
def product(V):
    return V(2.0) * V(3.0)
compare(product)
compare(product, name="the product")
"""
    messages = [m for _, m in _messages(run_checks(MICROGRAD, check))]
    assert messages[0].startswith("V(2.0) * V(3.0) + V(1.0): every value and grad is right")
    assert messages[1].startswith("product: ")
    assert messages[2].startswith("the product: ")


def test_leaves_take_the_checks_names_then_letters():
    code = MICROGRAD.replace("self.grad += other.data * out.grad", "self.grad += 0")
    check = 'compare(lambda V: V(2.0) * V(3.0) + V(1.0), names="w")'
    (failed,) = run_checks(code, check)["checks"]
    assert failed["message"].startswith("The _backward() of w*a (call 2 of 2) changed w.grad")


def test_run_closures_is_the_backward_pass_done_for_the_learner():
    code = MICROGRAD.replace("    def backward(self):", "    def not_yet(self):")
    check = "compare(lambda V: V(2.0) * V(3.0) + V(1.0), backward=run_closures)"
    assert run_checks(code, check)["passed"]
    (failed,) = run_checks(code, "compare(lambda V: V(2.0) * V(3.0))")["checks"]
    assert failed["kind"] == "missing-op" and "has no backward" in failed["message"]


def test_grads_compares_the_leaves_only():
    code = MICROGRAD.replace("other.grad += self.data * out.grad", "other.grad += out.grad")
    result = run_checks(code, "grads(lambda V: V(2.0) * V(3.0))")
    (failed,) = result["checks"]
    assert failed["kind"] == "grad" and failed["message"] == (
        "V(2.0) * V(3.0): b.grad is 1.0000; the chain rule gives 2.0000."
    )
    assert failed["located"]["step"] is None
    assert run_checks(MICROGRAD, "grads(lambda V: V(2.0) * V(3.0))")["passed"]


def test_finite_difference_uses_the_learners_own_forward_pass():
    check = "finite_difference(lambda V: (V(0.5) * V(2.0)).tanh() + V(1.5) ** 2)"
    assert run_checks(MICROGRAD, check)["passed"]
    code = MICROGRAD.replace("(other * self.data ** (other - 1))", "(other * self.data**other)")
    (failed,) = run_checks(code, check)["checks"]
    assert failed["kind"] == "finite-difference"
    assert failed["message"].startswith(
        "(V(0.5) * V(2.0)).tanh() + V(1.5) ** 2: c.grad is 4.5000, but nudging c changes the "
        "output at a rate of 3.0000"
    )
    assert abs(failed["located"]["expected"] - 3.0) < 1e-6


def test_a_learner_class_other_than_the_namespaces_value():
    code = MICROGRAD.replace("class Value:", "class Scalar:").replace("Value(", "Scalar(")
    code = code.replace("isinstance(other, Value)", "isinstance(other, Scalar)")
    assert run_checks(code, "compare(lambda V: V(2.0) * V(3.0), Scalar)")["passed"]
    (failed,) = run_checks(code, "compare(lambda V: V(2.0) * V(3.0))")["checks"]
    assert failed["kind"] == "no-class"


def test_same_reads_the_data_of_a_value_that_is_no_node_yet():
    code = "class Value:\n    def __init__(self, data):\n        self.data = data\n"
    result = run_checks(code, "same(Value(2.0), 2.0, 'Value(2.0)')")
    assert _messages(result) == [(True, "Value(2.0): 2.0000")]
