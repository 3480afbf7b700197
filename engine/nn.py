"""Neurons, layers and MLPs built from `Value`s, as in micrograd's `nn.py`."""

import random

from engine.value import Value


class Module:
    def zero_grad(self) -> None:
        for p in self.parameters():
            p.grad = 0.0

    def parameters(self) -> list[Value]:
        return []


class Neuron(Module):
    """act(w . x + b): ReLU (micrograd's) or tanh, or linear with `nonlin=False`."""

    value_type: type[Value] = Value  # the class of its parameters (engine.worker.micrograd's, say)

    def __init__(self, nin: int, nonlin: bool = True, activation: str = "relu"):
        if activation not in ("relu", "tanh"):
            raise ValueError(f"activation must be 'relu' or 'tanh', not {activation!r}")
        self.w = [self.value_type(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = self.value_type(0.0)
        self.nonlin = nonlin
        self.activation = activation

    def __call__(self, x):
        act = sum((wi * xi for wi, xi in zip(self.w, x, strict=True)), self.b)
        if not self.nonlin:
            return act
        return act.relu() if self.activation == "relu" else act.tanh()

    def parameters(self) -> list[Value]:
        return self.w + [self.b]

    def __repr__(self) -> str:
        kind = "Linear" if not self.nonlin else ("ReLU" if self.activation == "relu" else "Tanh")
        return f"{kind}Neuron({len(self.w)})"


class Layer(Module):
    neuron_type: type[Neuron] = Neuron

    def __init__(self, nin: int, nout: int, **kwargs):
        self.neurons = [self.neuron_type(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self) -> list[Value]:
        return [p for n in self.neurons for p in n.parameters()]

    def __repr__(self) -> str:
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """Layers of sizes `nouts`; the last is linear, as in micrograd."""

    layer_type: type[Layer] = Layer

    def __init__(self, nin: int, nouts: list[int], activation: str = "relu"):
        sz = [nin] + list(nouts)
        self.layers = [
            self.layer_type(sz[i], sz[i + 1], nonlin=i != len(nouts) - 1, activation=activation)
            for i in range(len(nouts))
        ]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self) -> list[Value]:
        return [p for layer in self.layers for p in layer.parameters()]

    def __repr__(self) -> str:
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"
