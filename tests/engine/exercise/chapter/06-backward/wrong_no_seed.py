# kind: not-seeded
# probe: V(2.0) * V(-3.0) + V(10.0)
# node: a*b + c
# step: 0
# says: seeded with 1.0
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
        for v in reversed(topo):  # each value's closure after everything that uses it
            v._backward()
