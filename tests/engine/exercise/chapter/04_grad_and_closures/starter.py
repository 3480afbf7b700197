class Value:
    """A number that remembers how it was made, and learns how the output depends on it."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        # Give every value a grad (0.0: nothing depends on it yet) and a
        # self._backward that does nothing (lambda: None) until an operation sets it.
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")
        # def _backward(): what does out.grad add to self.grad and to other.grad?
        # out._backward = _backward
        return out

    def __radd__(self, other):  # 1.5 + a: the number can't add a Value, so Python asks a
        return self + other

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")
        # the same for *: the chain rule multiplies the local slope by out.grad
        return out

    def __rmul__(self, other):  # 4 * a
        return self * other
