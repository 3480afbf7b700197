# The chain rule as one method `_backward(self)` that looks at the node's own op, inputs in a
# list `inputs`, the learner's own op names ("add", "mul", "pow", ...).
# passes: 2
import math


class Value:
    def __init__(self, data, inputs=(), op="", k=None):
        self.data = data
        self.grad = 0.0
        self.inputs = list(inputs)
        self.op = op
        self.k = k

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, [self, other], "add")

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, [self, other], "mul")

    def __rmul__(self, other):
        return self * other

    def __pow__(self, k):
        return Value(self.data**k, [self], "pow", k)

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        return self * (other if isinstance(other, Value) else Value(other)) ** -1

    def __rtruediv__(self, other):
        return Value(other) * self**-1

    def tanh(self):
        return Value(math.tanh(self.data), [self], "tanh")

    def exp(self):
        return Value(math.exp(self.data), [self], "exp")

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, [self], "relu")

    def _backward(self):
        if self.op == "add":
            for child in self.inputs:
                child.grad += self.grad
        elif self.op == "mul":
            a, b = self.inputs
            a.grad += b.data * self.grad
            b.grad += a.data * self.grad
        elif self.op == "pow":
            (a,) = self.inputs
            a.grad += self.k * a.data ** (self.k - 1) * self.grad
        elif self.op == "tanh":
            self.inputs[0].grad += (1 - self.data**2) * self.grad
        elif self.op == "exp":
            self.inputs[0].grad += self.data * self.grad
        elif self.op == "relu":
            self.inputs[0].grad += (self.data > 0) * self.grad

    def backward(self):
        order, seen = [], set()

        def visit(v):
            if id(v) not in seen:
                seen.add(id(v))
                for child in v.inputs:
                    visit(child)
                order.append(v)

        visit(self)
        for v in order:
            v.grad = 0.0
        self.grad = 1.0
        for v in reversed(order):
            v._backward()
