# kind: no-out-grad
# probe: V(0.5).tanh() * V(3.0)
# node: tanh(a)
# input: a
# step: 1
# says: the local derivative alone
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

    def tanh(self):
        x = self.data
        t = (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        out = Value(t, (self,), "tanh")

        def _backward():  # d tanh(x)/dx = 1 - tanh(x)**2, and tanh(x) is t, the output
            self.grad += 1 - t**2

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


x1, x2 = Value(2.0), Value(0.0)
w1, w2 = Value(-3.0), Value(1.0)
b = Value(6.8813735870195432)
n = x1 * w1 + x2 * w2 + b
o = n.tanh()
o.backward()
print(f"o = {o.data:.4f}")
print(f"x1.grad = {x1.grad:.4f}, w1.grad = {w1.grad:.4f}")
print(f"x2.grad = {x2.grad:.4f}, w2.grad = {w2.grad:.4f}, b.grad = {b.grad:.4f}")
