"""A learner's own small Value class, whose `_backward` closures the quoting tests run, and
reading a run's steps and their quoted lines (`ran`)."""

CLASS = """\
import math


class V:
    def __init__(self, data, children=(), op=""):
        self.data = data
        self.grad = 0.0
        self._prev = children
        self._op = op
        self._backward = lambda: None

    def __add__(self, other):
        out = V(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        out = V(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def exp(self):
        out = V(math.exp(self.data) if self.data < 700 else math.inf, (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
"""


def steps(result: dict, graph: int | None = None) -> list[dict]:
    index = result["chosen"] if graph is None else graph
    return [s for s in result["graphs"][index]["record"]["backward"] if s["kind"] == "backward"]


def texts(step: dict) -> list[str]:
    return [line["text"] for line in step.get("ran", [])]
