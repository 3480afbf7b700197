# kind: data
# probe: V(2.0) * V(-3.0)
# node: a*b
# says: a*b has data -1.0000, but 2.0000*(-3.0000) = -6.0000
class Value:
    """A number that remembers how it was made, and learns how the output depends on it."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "+")

    def __radd__(self, other):  # 1.5 + a: the number can't add a Value, so Python asks a
        return self + other

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "*")

    def __rmul__(self, other):  # 4 * a
        return self * other
