# Inputs in an attribute the page does not read (`srcs`): a message names it.
# expect: message: keep their inputs in `srcs`; the page reads `_children`
class Value:
    def __init__(self, data, srcs=()):
        self.data = data
        self.grad = 0.0
        self.srcs = list(srcs)
        self._backward = lambda: None

    def __add__(self, other):
        out = Value(self.data + other.data, (self, other))

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out


a = Value(1.0)
b = Value(2.0)
c = a + b
c.grad = 1.0
c._backward()
print(a.grad, b.grad)
