# kind: data
# probe: V(2.0) + V(3.0)
# says: gave float (5.0), not a Value
class Value:
    """A number that remembers how it was made, and learns how the output depends on it."""

    def __init__(self, data):
        self.data = data

    def __repr__(self):
        return f"Value(data={self.data})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self.data + other.data

    def __radd__(self, other):  # 1.5 + a: the number can't add a Value, so Python asks a
        return self + other
