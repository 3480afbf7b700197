"""micrograd 0.1.0 as a learner's program imports it (`from micrograd.engine import Value`).

The course's `engine.Value.backward()` zeroes every grad first; micrograd's does not: it sets
the output's grad to 1 and adds onto whatever the other grads hold, so calling it twice, or a
training loop that forgets `zero_grad()`, doubles grads up — the lecture's lesson. micrograd's
values are plain objects, so a program may give them new attributes (`a.name = 'x'`). The
arithmetic, the closures and the recording are engine.Value's own (ops make values of the
receiver's class, so a micrograd graph stays micrograd all the way through).
"""

from engine import nn, nodes
from engine.value import Value as _EngineValue


class Value(_EngineValue):
    """stores a single scalar value and its gradient (micrograd 0.1.0's semantics)"""

    # No __slots__: instances get a __dict__ and take new attributes, as micrograd's do.

    def backward(self) -> None:  # type: ignore[override]
        """Seed this value's grad with 1 and run every `_backward` in reverse topological
        order, adding onto the grads already there: no zeroing, as in micrograd 0.1.0."""
        super().backward(accumulate=True)

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"


nodes.KNOWN_TYPES.add(Value)


class Neuron(nn.Neuron):
    value_type = Value


class Layer(nn.Layer):
    neuron_type = Neuron


class MLP(nn.MLP):
    layer_type = Layer


Module = nn.Module
