# A subclass of float: the number is the object itself, no `data`.
# root: y
# leaves: a b
class Value(float):
    def __new__(cls, x, _prev=()):
        self = super().__new__(cls, x)
        self._prev = tuple(_prev)
        self.grad = 0.0
        self._backward = lambda: None
        return self

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(float(self) + float(other), (self, other))

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(float(self) * float(other), (self, other))

        def _backward():
            self.grad += float(other) * out.grad
            other.grad += float(self) * out.grad

        out._backward = _backward
        return out

    def backward(self):
        topo, seen = [], set()
        todo = [(self, False)]
        while todo:
            v, expanded = todo.pop()
            if expanded:
                topo.append(v)
            elif id(v) not in seen:
                seen.add(id(v))
                todo.append((v, True))
                todo.extend((c, False) for c in v._prev)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()


a = Value(3.0)
b = Value(-2.0)
y = a * b + a * a
y.backward()
print(float(y), a.grad, b.grad)
