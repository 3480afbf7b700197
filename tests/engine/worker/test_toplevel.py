"""Names come from the program's own top-level variables, never from a loop variable."""

import ast

from engine.worker.playground import act, run_in_worker
from engine.worker.toplevel import assigned_names

CLASS_WITH_GELU = """
import math
class V:
    def __init__(self, data, kids=()):
        self.data, self.grad, self._prev, self.op = data, 0.0, tuple(kids), ''
        self._backward = lambda: None
    def __mul__(self, other):
        out = V(self.data * other.data, (self, other)); out.op = 'times'
        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out
    def gelu(self):
        x = self.data
        cdf = 0.5 * (1 + math.erf(x / math.sqrt(2)))
        out = V(x * cdf, (self,)); out.op = 'GELU'
        def _backward():
            pdf = math.exp(-x * x / 2) / math.sqrt(2 * math.pi)
            self.grad += {slope} * out.grad
        out._backward = _backward
        return out
"""
PROGRAM = """
a = V(0.7)
b = V(-1.1)
y = (a * b).gelu()
y.grad = 1.0
for node in [y, y._prev[0]]:
    node._backward()
"""


def test_loop_variables_and_names_inside_functions_are_not_names():
    tree = ast.parse(
        "a = 1\nb, (c, *d) = 2, (3, 4)\nfor v in x:\n    loss = v\n"
        "def f(q):\n    r = q\nwith m as w:\n    pass\n[k for k in y]\ne += 1\n"
    )
    assert assigned_names(tree) == {"a", "b", "c", "d", "loss", "e"}


def test_a_top_level_loop_variable_names_no_node():
    result = run_in_worker(CLASS_WITH_GELU.format(slope="(cdf + x * pdf)") + PROGRAM)
    labels = {n["label"] for n in result["trace"]["nodes"]}
    assert labels == {"a", "b", "y", ""}


def test_the_gradient_check_reruns_a_class_with_its_own_op_names():
    right = run_in_worker(CLASS_WITH_GELU.format(slope="(cdf + x * pdf)") + PROGRAM)
    check = act(right["chosen"], "check", {})
    assert check["ok"] and check["mismatches"] == [], check
    # the same class with the wrong GELU slope (the output's, not the input's): caught
    wrong = run_in_worker(CLASS_WITH_GELU.format(slope="(1 - out.data)") + PROGRAM)
    check = act(wrong["chosen"], "check", {})
    assert check["ok"] and set(check["mismatches"]) == {"a", "b"}, check
