# The topological sort at the top level, with `build(v)` and a loop `for v in ...`: `v` is the
# learner's loop variable, not a name of any value.
# root: L
# leaves: a b
class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._prev = set(_children)
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


a = Value(2.0)
b = Value(-4.0)
L = (a * b + 3) * a

topo = []
visited = set()


def build(v):
    if v not in visited:
        visited.add(v)
        for child in v._prev:
            build(child)
        topo.append(v)


build(L)
L.grad = 1.0
for v in reversed(topo):
    v._backward()
for node in topo:
    print(node.data, node.grad)
