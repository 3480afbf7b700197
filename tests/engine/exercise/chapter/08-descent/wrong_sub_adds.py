# kind: data
# probe: loss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5
# node: w1 + 1
# says: w1 + 1 has data 3.0000, but 2.0000 + (-1.0000) = 1.0000
import math


class Value:
    """A number that remembers how it was made, and learns how the output depends on it."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():  # d(out)/d(self) = d(out)/d(other) = 1
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __radd__(self, other):  # 1.5 + a: the number can't add a Value, so Python asks a
        return self + other

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():  # d(out)/d(self) = other.data, d(out)/d(other) = self.data
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __rmul__(self, other):  # 4 * a
        return self * other

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only a number as the exponent"
        out = Value(self.data**k, (self,), f"**{k}")

        def _backward():  # d(x**k)/dx = k * x**(k - 1)
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out

    def __neg__(self):  # -a is a * -1: no closure of its own
        return self * -1

    def __sub__(self, other):  # a - b is a + (-b)
        return self + other

    def tanh(self):
        x = self.data
        t = (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        out = Value(t, (self,), "tanh")

        def _backward():  # d tanh(x)/dx = 1 - tanh(x)**2, and tanh(x) is t, the output
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out

    def backward(self):
        topo, seen = [], set()

        def visit(v):  # each value after all of its inputs
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    visit(child)
                topo.append(v)

        visit(self)
        for v in topo:  # a second backward() must not add onto the first
            v.grad = 0.0
        self.grad = 1.0  # d(out)/d(out)
        for v in reversed(topo):  # each value's closure after everything that uses it
            v._backward()


w1, w2 = Value(2.0), Value(3.0)
rate = 0.5
losses = []
for step in range(10):
    loss = ((w1 - 1) ** 2 + (w2 - 5) ** 2) * 0.5
    losses.append(loss.data)
    loss.backward()
    w1.data -= rate * w1.grad  # a step against the gradient
    w2.data -= rate * w2.grad
    print(f"step {step}: loss {loss.data:.4f}")
print(f"w1 {w1.data:.4f} w2 {w2.data:.4f}")
