# A dataclass: fields with defaults, a generated __init__ and __eq__ (so values are compared,
# not hashed: eq=False keeps them hashable by identity), closures stored in `_backward`.
# passes: 2
import math
from dataclasses import dataclass, field


@dataclass(eq=False)
class Value:
    data: float
    _prev: tuple = ()
    _op: str = ""
    grad: float = 0.0
    _backward: object = field(default=lambda: None, repr=False)

    def _make(self, data, inputs, op, rule):
        out = Value(data, inputs, op)
        out._backward = lambda: rule(out)
        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)

        def rule(out):
            self.grad += out.grad
            other.grad += out.grad

        return self._make(self.data + other.data, (self, other), "+", rule)

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)

        def rule(out):
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        return self._make(self.data * other.data, (self, other), "*", rule)

    def __pow__(self, k):
        def rule(out):
            self.grad += k * self.data ** (k - 1) * out.grad

        return self._make(self.data**k, (self,), f"**{k}", rule)

    def tanh(self):
        def rule(out):
            self.grad += (1 - out.data**2) * out.grad

        return self._make(math.tanh(self.data), (self,), "tanh", rule)

    def exp(self):
        def rule(out):
            self.grad += out.data * out.grad

        return self._make(math.exp(self.data), (self,), "exp", rule)

    def relu(self):
        def rule(out):
            self.grad += (out.data > 0) * out.grad

        return self._make(max(0.0, self.data), (self,), "ReLU", rule)

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * (other if isinstance(other, Value) else Value(other)) ** -1

    def __rtruediv__(self, other):
        return self**-1 * other

    def backward(self):
        topo, seen = [], set()

        def build(v):
            if id(v) not in seen:
                seen.add(id(v))
                for child in v._prev:
                    build(child)
                topo.append(v)

        build(self)
        for v in topo:
            v.grad = 0.0
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()
