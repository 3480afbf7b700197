# No backward() method: the pass is a free function `backward(out)` (the check passes
# backward=backward), the inputs a tuple `children`, each closure named `grad_fn`.
# passes: 2
# backward: backward
import math


class Value:
    def __init__(self, data, children=()):
        self.data = data
        self.grad = 0.0
        self.children = tuple(children)
        self.grad_fn = lambda: None

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other))

        def grad_fn():
            self.grad += out.grad
            other.grad += out.grad

        out.grad_fn = grad_fn
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other))

        def grad_fn():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out.grad_fn = grad_fn
        return out

    def __pow__(self, k):
        out = Value(self.data**k, (self,))

        def grad_fn():
            self.grad += k * self.data ** (k - 1) * out.grad

        out.grad_fn = grad_fn
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,))

        def grad_fn():
            self.grad += (1 - t * t) * out.grad

        out.grad_fn = grad_fn
        return out

    def exp(self):
        e = math.exp(self.data)
        out = Value(e, (self,))

        def grad_fn():
            self.grad += e * out.grad

        out.grad_fn = grad_fn
        return out

    def relu(self):
        out = Value(self.data * (self.data > 0), (self,))

        def grad_fn():
            self.grad += (out.data > 0) * out.grad

        out.grad_fn = grad_fn
        return out

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other**-1

    def __rtruediv__(self, other):
        return other * self**-1


def backward(out):
    order, seen = [], set()

    def visit(v):
        if id(v) not in seen:
            seen.add(id(v))
            for child in v.children:
                visit(child)
            order.append(v)

    visit(out)
    for v in order:
        v.grad = 0.0
    out.grad = 1.0
    for v in reversed(order):
        v.grad_fn()
