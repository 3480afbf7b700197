"""Programs with modules, written the way their authors write them: engine.nn's MLP as the
MLP preset's network, and a learner's own two-layer network on engine.Value or on a Value
class of their own (for tests/engine/record/test_groups.py)."""

SIZES = (2, 16, 16, 1)  # the MLP preset's network (app/presets.py: micrograd's MLP(2, [16, 16, 1]))

ENGINE_MLP = f"""\
from engine import Value
from engine.nn import MLP
model = MLP({SIZES[0]}, {list(SIZES[1:])}, activation="tanh")
xs = [[2.0, -1.0], [0.5, 1.0], [-1.0, 0.25]][:CALLS]
loss = Value(0.0, label="zero")
for x in xs:
    y = model([Value(v) for v in x])
    loss = loss + (y - 1.0) ** 2
loss.backward()
"""

# A learner's own two-layer network, as a tutorial writes it: no name engine.nn uses.
OWN_NET = """\
import random

class Perceptron:
    def __init__(self, nin):
        self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)

    def __call__(self, x):
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return act.tanh()

    def parameters(self):
        return self.w + [self.b]

class DenseLayer:
    def __init__(self, nin, nout):
        self.units = [Perceptron(nin) for _ in range(nout)]

    def __call__(self, x):
        return [u(x) for u in self.units]

    def parameters(self):
        return [p for u in self.units for p in u.parameters()]

class Net:
    def __init__(self, nin, nhidden):
        self.hidden = DenseLayer(nin, nhidden)
        self.out = DenseLayer(nhidden, 1)

    def __call__(self, x):
        return self.out(self.hidden(x))[0]

    def parameters(self):
        return self.hidden.parameters() + self.out.parameters()

net = Net(3, 4)
x = [Value(1.0), Value(-2.0), Value(0.5)]
y = net(x)
loss = (y - 1.0) ** 2
loss.backward()
"""

# The same network on a Value class of the learner's own (watched by engine.record.observe).
OWN_VALUE = """\
import math

class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._prev = set(_children)
        self._op = _op
        self._backward = lambda: None

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")
        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")
        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __sub__(self, other):
        return self + (-1.0 * other if isinstance(other, Value) else -other)

    def __pow__(self, k):
        out = Value(self.data**k, (self,), "**")
        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")
        def _backward():
            self.grad += (1 - t**2) * out.grad
        out._backward = _backward
        return out

    def backward(self):
        topo, seen = [], set()
        def build(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    build(child)
                topo.append(v)
        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()

"""
