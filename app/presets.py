"""The programs the preset menu offers, from the seeds' examples up to a small MLP's loss.

The MLP is written out as plain statements (the expression language has no loops), generated
here from a fixed seed so that the text, and so its graph, is the same on every start. The
same network in Python (`MLP_PYTHON`) uses engine.nn's classes: its graph folds by neuron and
layer (the record's groups). It runs in the browser's engine worker only, as every Python
program does; the server draws the expression-language presets.
"""

import random
from dataclasses import dataclass

NEURON = """\
x1 = 2.0
x2 = 0.0
w1 = -3.0
w2 = 1.0
b = 6.8813735870195432
n = x1*w1 + x2*w2 + b
o = n.tanh()
"""

LOSS = "w1 = 2.0\nw2 = 3.0\nloss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5\n"

USED_TWICE = "a = 3.0\nb = a + a\n"

MLP_SIZES = (2, 16, 16, 1)  # micrograd's MLP(2, [16, 16, 1])
MLP_SEED = 1337
MLP_POINT = (2.0, -1.0)  # the one data point x
MLP_TARGET = 1.0  # and its target t


@dataclass(frozen=True)
class Preset:
    name: str
    source: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "source": self.source}


def _number(rng: random.Random) -> str:
    return f"{rng.uniform(-1.0, 1.0):.4f}"


def mlp_loss_source(sizes: tuple[int, ...] = MLP_SIZES, seed: int = MLP_SEED) -> str:
    """Squared error of an MLP on one data point: tanh hidden layers, a linear output.

    Names: input `x<i>`, weight `w<layer>_<neuron>_<input>`, bias `b<layer>_<neuron>`, hidden
    activation `h<layer>_<neuron>`, output `y`, target `t`. Each neuron is one statement,
    act(w . x + b), summed in micrograd's order (bias last here, which draws the same graph).
    """
    rng = random.Random(seed)
    nin, *hidden, nout = sizes
    if nout != 1:
        raise ValueError("the output layer must have one neuron")
    lines = [
        f"# MLP{(nin, [*hidden, nout])}: squared error on one data point",
        *(f"x{i} = {MLP_POINT[i % len(MLP_POINT)]}" for i in range(nin)),
        f"t = {MLP_TARGET}",
    ]
    previous = [f"x{i}" for i in range(nin)]
    for layer, width in enumerate([*hidden, nout], start=1):
        last = layer == len(sizes) - 1
        current = []
        for j in range(width):
            weights = [f"w{layer}_{j}_{i}" for i in range(len(previous))]
            lines += [f"{w} = {_number(rng)}" for w in weights]
            lines.append(f"b{layer}_{j} = {_number(rng)}")
            terms = " + ".join(f"{w}*{x}" for w, x in zip(weights, previous, strict=True))
            total = f"{terms} + b{layer}_{j}"
            name = "y" if last else f"h{layer}_{j}"
            lines.append(f"{name} = {total}" if last else f"{name} = tanh({total})")
            current.append(name)
        previous = current
    lines.append("loss = (y - t)**2")
    return "\n".join(lines) + "\n"


# The MLP preset's network and data point in Python: engine.nn's MLP, tanh hidden layers and
# a linear output, weights from a fixed seed. The module calls are the graph's groups.
MLP_PYTHON = f"""\
# MLP{(MLP_SIZES[0], list(MLP_SIZES[1:]))} in Python: its graph folds by neuron and layer
import random
from engine import Value
from engine.nn import MLP

random.seed({MLP_SEED})
model = MLP({MLP_SIZES[0]}, {list(MLP_SIZES[1:])}, activation="tanh")
x1 = Value({MLP_POINT[0]})
x2 = Value({MLP_POINT[1]})
t = {MLP_TARGET}  # the target
y = model([x1, x2])
loss = (y - t) ** 2
loss.backward()
"""

# A loss over a batch whose graph fits under the node cap: the moons picture's 100 points
# through a small engine.nn MLP, one call of the model per point (a group's `call` is the
# point's index). MLP(2, [4, 4, 1]) on 100 points is 7,040 values; [8, 8, 1] would be 19,908,
# at the 20,000 cap. The data are made in the program's own text (a learner's program imports
# no engine internals), the same points as engine.worker.moons.moons() draws
# (tests/app/test_presets.py checks it), so a datapoint is a point of the moons picture.
MOONS_SIZES = (2, 4, 4, 1)
MOONS_PYTHON = f"""\
# MLP{(MOONS_SIZES[0], list(MOONS_SIZES[1:]))} on 100 moons points: choose a Datapoint to follow
import math
import random
from engine import Value
from engine.nn import MLP


def moons(n, noise=0.1):
    # two interleaved half circles, labels +1 (lower) and -1 (upper)
    points, labels = [], []
    for i in range(n):
        t = random.uniform(0.0, math.pi)
        if i % 2:
            x, y, label = math.cos(t), math.sin(t), -1.0
        else:
            x, y, label = 1.0 - math.cos(t), 0.5 - math.sin(t), 1.0
        points.append([x + random.gauss(0, noise), y + random.gauss(0, noise)])
        labels.append(label)
    return points, labels


random.seed({MLP_SEED})
points, labels = moons(100)
model = MLP({MOONS_SIZES[0]}, {list(MOONS_SIZES[1:])}, activation="tanh")
xs = [[Value(a), Value(b)] for a, b in points]
scores = [model(x) for x in xs]  # one call of the model per point
loss = sum((s - y) ** 2 for s, y in zip(scores, labels)) * (1 / len(xs))
loss.backward()
"""

PRESETS: tuple[Preset, ...] = (
    Preset("Neuron: tanh(x1*w1 + x2*w2 + b)", NEURON),
    Preset("Loss: ((w1 - 1)**2 + (w2 - 5)**2) * 0.5", LOSS),
    Preset("A value used twice: b = a + a", USED_TWICE),
    Preset("MLP(2, [16, 16, 1]) squared-error loss", mlp_loss_source()),
    Preset("MLP(2, [16, 16, 1]) in Python, folded by neuron and layer", MLP_PYTHON),
    Preset("MLP(2, [4, 4, 1]) on 100 moons points, one datapoint followed", MOONS_PYTHON),
)

DEFAULT_SOURCE = NEURON
