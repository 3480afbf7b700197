class Value:
    """A number that remembers how it was made, and learns how the output depends on it."""

    def __init__(self, data):
        self.data = data

    def __repr__(self):
        return f"Value(data={self.data})"

    def __add__(self, other):
        # Return a new Value holding self.data + other.data. `other` may be a plain
        # number (a + 1.5): make it a Value first.
        pass
