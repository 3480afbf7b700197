# The number in `val`, not `data`: a message names it.
# expect: message: keep their number in `val`; the page reads `data`
class Value:
    def __init__(self, val, _prev=()):
        self.val = val
        self.grad = 0.0
        self._prev = tuple(_prev)
        self._backward = lambda: None

    def __mul__(self, other):
        out = Value(self.val * other.val, (self, other))

        def _backward():
            self.grad += other.val * out.grad
            other.grad += self.val * out.grad

        out._backward = _backward
        return out


p = Value(4.0)
q = Value(0.5)
r = p * q
r.grad = 1.0
r._backward()
print(p.grad, q.grad)
