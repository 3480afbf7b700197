# kind: missing-op
# probe: V(2.0) + 1.5
# says: a plain number reached `other.data`
class Value:
    """A number that remembers how it was made, and learns how the output depends on it."""

    def __init__(self, data):
        self.data = data

    def __repr__(self):
        return f"Value(data={self.data})"

    def __add__(self, other):
        return Value(self.data + other.data)

    def __radd__(self, other):  # 1.5 + a: the number can't add a Value, so Python asks a
        return self + other
