# __slots__, no label, no weak references.
# root: o
# leaves: x w b
import math


class Value:
    __slots__ = ("data", "grad", "_prev", "_op", "_backward")

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(_children)
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

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def sigmoid(self):
        s = 1 / (1 + math.exp(-self.data))
        out = Value(s, (self,), "sigmoid")

        def _backward():
            self.grad += s * (1 - s) * out.grad

        out._backward = _backward
        return out

    def backward(self):
        topo, seen = [], set()
        stack = [self]
        while stack:  # post-order without recursion
            v = stack[-1]
            if id(v) in seen:
                stack.pop()
                if v not in topo:
                    topo.append(v)
                continue
            seen.add(id(v))
            stack.extend(c for c in v._prev if id(c) not in seen)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()


x = Value(1.5)
w = Value(-0.5)
b = Value(0.25)
o = (x * w + b).sigmoid()
o.backward()
print(o.data, x.grad, w.grad, b.grad)
