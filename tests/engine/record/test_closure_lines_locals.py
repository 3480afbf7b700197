"""engine.record.closure_lines with locals in the closure (`t = out.data`): a local is quoted
with its value and put into the lines that read it, in brackets when it is several terms or a
negative operand; a local set twice or changed, or locals alone, quote nothing."""

from engine.worker.runner import run_program
from tests.engine.record.closures import CLASS, steps, texts


def _with_rule(rule: str, program: str) -> dict:
    """CLASS with exp's closure body replaced by the lines of `rule`."""
    body = "".join(f"            {line}\n" for line in rule.splitlines())
    source = CLASS.replace("            self.grad += out.data * out.grad\n", body)
    return run_program(source + program)


def test_a_local_that_reads_a_node_is_quoted_and_put_in():
    result = _with_rule(
        "t = out.data\nself.grad += t * out.grad",
        "x = V(0.5)\ny = x.exp()\ny.grad = 2.0\ny._backward()\n",
    )
    (step,) = steps(result)
    assert texts(step) == [
        "t = y.data = 1.6487",
        "x.grad += t × y.grad = 0.0000 + 1.6487 × 2.0000 = 3.2974",
    ]
    assert [line["child"] for line in step["ran"]][0] is None  # a local sets no input's grad


def test_a_local_of_several_terms_is_put_in_as_written_in_brackets():
    result = _with_rule(
        "local = 1 - out.data\nself.grad += local * out.grad",
        "x = V(0.5)\ny = x.exp()\ny.grad = 1.0\ny._backward()\n",
    )
    (step,) = steps(result)
    assert texts(step) == [
        "local = 1 - y.data = 1 - 1.6487",
        "x.grad += local × y.grad = 0.0000 + (1 - 1.6487) × 1.0000 = -0.6487",
    ]


def test_a_negative_local_keeps_its_brackets_only_as_an_operand():
    result = _with_rule(
        "g = out.grad\nself.grad += g * float(g)",
        "x = V(0.5)\ny = x.exp()\ny.grad = -2.0\ny._backward()\n",
    )
    (step,) = steps(result)
    assert texts(step) == [
        "g = y.grad = -2.0000",
        "x.grad += g × float(g) = 0.0000 + (-2.0000) × float(-2.0000) = 4.0000",
    ]


def test_a_local_set_twice_or_changed_falls_back():
    for rule in ("t = out.data\nt = t * 2\nself.grad += t", "t = out.data\nt += 1\nself.grad += t"):
        result = _with_rule(rule, "x = V(0.5)\ny = x.exp()\ny.grad = 1.0\ny._backward()\n")
        (step,) = steps(result)
        assert "ran" not in step, rule


def test_locals_alone_quote_nothing():
    result = _with_rule(
        "t = out.data\nprint(t)", "x = V(0.5)\ny = x.exp()\ny.grad = 1.0\ny._backward()\n"
    )
    (step,) = steps(result)
    assert "ran" not in step
