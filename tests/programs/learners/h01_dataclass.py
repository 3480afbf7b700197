# A dataclass: generated __init__ and __eq__ (so instances are unhashable).
# root: loss
# leaves: w1 w2
from dataclasses import dataclass, field


@dataclass
class Value:
    data: float
    _children: tuple = ()
    _op: str = ""
    grad: float = 0.0
    _backward: object = field(default=lambda: None, repr=False)

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

    def __pow__(self, k):
        out = Value(self.data**k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out

    def __sub__(self, other):
        return self + other * -1

    def backward(self):
        order, seen, stack = [], set(), [(self, iter(self._children))]
        seen.add(id(self))
        while stack:
            node, kids = stack[-1]
            for kid in kids:
                if id(kid) not in seen:
                    seen.add(id(kid))
                    stack.append((kid, iter(kid._children)))
                    break
            else:
                stack.pop()
                order.append(node)
        self.grad = 1.0
        for node in reversed(order):
            node._backward()


w1 = Value(2.0)
w2 = Value(3.0)
loss = ((w1 - 1) ** 2 + (w2 - 5) ** 2) * 0.5
loss.backward()
print(w1.grad, w2.grad)
