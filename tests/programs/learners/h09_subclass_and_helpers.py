# A base class with the arithmetic, a subclass that adds tanh, and a helper function of the
# program that builds part of the graph (its own loop variable `node` names nothing).
# root: loss
# leaves: w b x
import math


class Scalar:
    def __init__(self, data, _parents=(), _op=""):
        self.data = data
        self.grad = 0
        self._parents = tuple(_parents)
        self._op = _op
        self._backward = lambda: None

    def __add__(self, other):
        other = other if isinstance(other, Scalar) else type(self)(other)
        out = type(self)(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Scalar) else type(self)(other)
        out = type(self)(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out


class Value(Scalar):
    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad

        out._backward = _backward
        return out


def square(v):
    return v * v


def backward(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
        elif id(node) not in seen:
            seen.add(id(node))
            stack.append((node, True))
            stack.extend((p, False) for p in node._parents)
    root.grad = 1
    for node in reversed(order):
        node._backward()


w = Value(0.3)
b = Value(-0.1)
x = Value(2.0)
loss = square((x * w + b).tanh() + -0.5)
backward(loss)
print(loss.data, w.grad, b.grad, x.grad)
