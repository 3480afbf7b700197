class V:
    def __init__(self, data, children=()):
        self.data, self.grad, self._prev = data, 0.0, set(children)
        self._backward = lambda: None

    def __mul__(self, other):
        out = V(self.data * other.data, (self, other))

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out


a = V(2.0)
b = V(float("3"))
c = a * b
c.grad = 1.0
c._backward()
print(f"c {c.data}")
