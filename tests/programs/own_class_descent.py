class Value:
    """A scalar and its gradient, written from scratch."""

    def __init__(self, data, children=(), op=""):
        self.data = data
        self.grad = 0.0
        self.children = children
        self.op = op
        self.backward = lambda: None

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def backward():
            self.grad += out.grad
            other.grad += out.grad

        out.backward = backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out.backward = backward
        return out

    def __pow__(self, k):
        out = Value(self.data**k, (self,), f"**{k}")

        def backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out.backward = backward
        return out

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)


def revtopo(node, seen=None, order=None):
    """Reverse topological order, recursively."""
    if seen is None:
        seen, order = set(), []
    if id(node) not in seen:
        seen.add(id(node))
        for child in node.children:
            revtopo(child, seen, order)
        order.append(node)
    return order[::-1]


def backprop(loss):
    for node in revtopo(loss):
        node.grad = 0.0
    loss.grad = 1.0
    for node in revtopo(loss):
        node.backward()


w1 = Value(2.0)
w2 = Value(3.0)
for epoch in range(10):
    loss = ((w1 - 1) ** 2 + (w2 - 5) ** 2) * 0.5
    backprop(loss)
    print(f"epoch {epoch}: loss {loss.data:.4f}")
    w1.data -= 0.5 * w1.grad
    w2.data -= 0.5 * w2.grad
print(f"w1 {w1.data:.4f} w2 {w2.data:.4f}")
