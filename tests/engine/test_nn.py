"""engine.nn: micrograd's classic MLP examples run and learn."""

import random

from engine import Value
from engine.nn import MLP, Layer, Neuron


def test_shapes_and_parameters():
    random.seed(0)
    model = MLP(2, [16, 16, 1])
    assert len(model.parameters()) == 2 * 16 + 16 + 16 * 16 + 16 + 16 + 1
    assert isinstance(model([1.0, -2.0]), Value)
    assert len(Layer(3, 4)([1.0, 2.0, 3.0])) == 4
    assert repr(Neuron(2)) == "ReLUNeuron(2)"
    assert repr(Neuron(2, activation="tanh")) == "TanhNeuron(2)"
    assert repr(Neuron(2, nonlin=False)) == "LinearNeuron(2)"


def test_training_reduces_the_loss():
    random.seed(1)
    xs = [[2.0, 3.0, -1.0], [3.0, -1.0, 0.5], [0.5, 1.0, 1.0], [1.0, 1.0, -1.0]]
    ys = [1.0, -1.0, -1.0, 1.0]
    model = MLP(3, [4, 4, 1], activation="tanh")
    losses = []
    for _ in range(30):
        loss = sum((model(x) - y) ** 2 for x, y in zip(xs, ys, strict=True))
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.05 * p.grad
        losses.append(loss.data)
    assert losses[-1] < losses[0] * 0.2
    model.zero_grad()
    assert all(p.grad == 0.0 for p in model.parameters())
