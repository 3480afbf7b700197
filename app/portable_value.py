"""A small, self-contained `Value`: what a downloaded `.py` or notebook carries so that it runs on
a fresh Colab or Jupyter kernel, without this repository.

This file's source is copied verbatim into those downloads (app/program_code.py), so it imports
the standard library only and keeps micrograd's names: data, grad, _prev, _op, label,
_backward, backward. Its backward() is the course's (engine.Value's): zero every grad, seed 1.0,
then each _backward() in reverse topological order; `accumulate=True` skips the zeroing.
Numbers follow IEEE semantics as engine.Value's do (inf and nan, never an exception).
"""

import math


def _exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _power(x, k):
    try:
        result = x**k
    except (ZeroDivisionError, OverflowError):
        return math.inf
    return math.nan if isinstance(result, complex) else result


class Value:
    """stores a single scalar value and its gradient"""

    def __init__(self, data, _children=(), _op="", label=""):
        self.data = float(data)
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(_children)
        self._op = _op
        self.label = label

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k):
        """`x ** k` for a number k."""
        out = Value(_power(self.data, k), (self,), f"**{k}")

        def _backward():
            self.grad += k * _power(self.data, k - 1) * out.grad

        out._backward = _backward
        return out

    def exp(self):
        out = Value(_exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out

    def log(self):
        x = self.data
        out = Value(math.log(x) if x > 0 else (-math.inf if x == 0 else math.nan), (self,), "log")

        def _backward():
            self.grad += (out.grad / x) if x != 0 else math.copysign(math.inf, out.grad)

        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad

        out._backward = _backward
        return out

    def sigmoid(self):
        x = self.data
        s = 1.0 / (1.0 + _exp(-x)) if x >= 0 else _exp(x) / (1.0 + _exp(x))
        out = Value(s, (self,), "sigmoid")

        def _backward():
            self.grad += s * (1 - s) * out.grad

        out._backward = _backward
        return out

    def relu(self):
        out = Value(0.0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += out.grad if out.data > 0 else 0.0

        out._backward = _backward
        return out

    def gelu(self):
        x = self.data
        cdf = 0.5 * math.erfc(-x / math.sqrt(2))
        out = Value(x * cdf, (self,), "gelu")

        def _backward():
            pdf = math.exp(-0.5 * x * x) / math.sqrt(2 * math.pi) if abs(x) < 40 else 0.0
            self.grad += (cdf + x * pdf) * out.grad

        out._backward = _backward
        return out

    def max(self, other):
        """max(a, b): the gradient goes to the larger (to a on a tie)."""
        other = other if isinstance(other, Value) else Value(other)
        out = Value(max(self.data, other.data), (self, other), "max")

        def _backward():
            if self.data >= other.data:
                self.grad += out.grad
            else:
                other.grad += out.grad

        out._backward = _backward
        return out

    def backward(self, accumulate=False):
        # reverse topological order, found without recursion (deep graphs are fine)
        topo, visited, stack = [], set(), [(self, False)]
        while stack:
            v, done = stack.pop()
            if done:
                topo.append(v)
            elif v not in visited:
                visited.add(v)
                stack.append((v, True))
                stack.extend((child, False) for child in reversed(v._prev))
        if not accumulate:
            for v in topo:
                v.grad = 0.0
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other**-1

    def __rtruediv__(self, other):
        return other * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def draw_dot(root):
    """The graph as micrograd draws it, if the graphviz package is installed (it is on Colab)."""
    try:
        from graphviz import Digraph
    except ImportError:
        print("pip install graphviz to draw the graph")
        return None
    dot = Digraph(graph_attr={"rankdir": "LR"})
    seen, stack = set(), [root]
    while stack:
        v = stack.pop()
        if v in seen:
            continue
        seen.add(v)
        uid = str(id(v))
        dot.node(uid, f"{{ {v.label} | data {v.data:.4f} | grad {v.grad:.4f} }}", shape="record")
        if v._op:
            dot.node(uid + v._op, v._op)
            dot.edge(uid + v._op, uid)
        for child in v._prev:
            dot.edge(str(id(child)), uid + v._op)
            stack.append(child)
    return dot
