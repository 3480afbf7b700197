# Per-node rules as a method `_backward(self)` that dispatches on the op; the learner's own op
# names ('GELU', 'mul', 'add').
# root: out
# leaves: x w
import math


class Value:
    def __init__(self, data, inputs=(), op=""):
        self.data = data
        self.grad = 0.0
        self.inputs = tuple(inputs)
        self.op = op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), "mul")

    def gelu(self):
        x = self.data
        return Value(0.5 * x * (1 + math.erf(x / math.sqrt(2))), (self,), "GELU")

    def _backward(self):
        if self.op == "add":
            for child in self.inputs:
                child.grad += self.grad
        elif self.op == "mul":
            a, b = self.inputs
            a.grad += b.data * self.grad
            b.grad += a.data * self.grad
        elif self.op == "GELU":
            (a,) = self.inputs
            x = a.data
            cdf = 0.5 * (1 + math.erf(x / math.sqrt(2)))
            pdf = math.exp(-x * x / 2) / math.sqrt(2 * math.pi)
            a.grad += (cdf + x * pdf) * self.grad

    def backward(self):
        order, seen, stack = [], set(), [(self, 0)]
        while stack:
            v, i = stack.pop()
            if i < len(v.inputs):
                stack.append((v, i + 1))
                child = v.inputs[i]
                if id(child) not in seen:
                    seen.add(id(child))
                    stack.append((child, 0))
            else:
                order.append(v)
        self.grad = 1.0
        for v in reversed(order):
            v._backward()


x = Value(0.8)
w = Value(-1.25)
out = (x * w + 0.5).gelu()
out.backward()
print(out.data, x.grad, w.grad)
