# Inputs kept in a generator: the program's own pass uses it up. The page says so.
# expect: message: a generator in `_prev`
class Value:
    def __init__(self, data, _children=()):
        self.data = data
        self.grad = 0.0
        self._prev = (c for c in _children)
        self._backward = lambda: None

    def __mul__(self, other):
        out = Value(self.data * other.data, (self, other))

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def backward(self):
        topo, seen, stack = [], set(), [self]
        while stack:
            v = stack.pop()
            if id(v) not in seen:
                seen.add(id(v))
                topo.append(v)
                stack.extend(v._prev)
        self.grad = 1.0
        for v in topo:
            v._backward()


a = Value(2.0)
b = Value(3.0)
c = a * b
c.backward()
print(a.grad, b.grad)
