# kind: missing-op
# probe: 1.5 + V(2.0)
# says: has no __radd__
class Value:
    """A number that remembers how it was made, and learns how the output depends on it."""

    def __init__(self, data):
        self.data = data

    def __repr__(self):
        return f"Value(data={self.data})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data)
