"""micrograd's demo, in the worker: an MLP(2, [16, 16, 1]) learns to separate two moons.

The data are generated here (seeded, stdlib only, like sklearn's make_moons(noise=0.1) with
labels -1 and +1), and each training step is the demo's: a full-batch forward pass of the
100 points through the model, the mean hinge loss plus L2 regularisation, zero_grad, backward,
and `p.data -= rate * p.grad` with the demo's falling rate. One step builds ~70,000 `Value`s:
its graph is never drawn; the page shows the loss, the accuracy and the decision boundary.
"""

import math
import random
from typing import Any

from engine.nn import MLP
from engine.numeric import format_number
from engine.record import collector
from engine.record.numbers import number
from engine.value import Value

POINTS = 100
SEED = 1337  # the demo's random.seed(1337): the data and the model's first weights
SIZES = (16, 16, 1)  # MLP(2, [16, 16, 1])
NOISE = 0.1
ALPHA = 1e-4  # L2 regularisation strength
STEPS = 100  # the demo trains this long; the rate falls from 1.0 to 0.1
GRID = 25  # the decision boundary: GRID x GRID predictions
GRID_EVERY = 5  # steps between two decision boundaries
MARGIN = 0.5  # the boundary's area reaches this far beyond the points


def moons(n: int = POINTS, seed: int = SEED) -> tuple[list[list[float]], list[float]]:
    """Two interleaved half circles with Gaussian noise; labels +1 (lower) and -1 (upper)."""
    rng = random.Random(seed)
    xs, ys = [], []
    for i in range(n):
        t = rng.uniform(0.0, math.pi)
        upper = i % 2 == 1
        x = [math.cos(t), math.sin(t)] if upper else [1.0 - math.cos(t), 0.5 - math.sin(t)]
        xs.append([x[0] + rng.gauss(0, NOISE), x[1] + rng.gauss(0, NOISE)])
        ys.append(-1.0 if upper else 1.0)
    return xs, ys


def model(seed: int = SEED) -> MLP:
    """MLP(2, [16, 16, 1]) with ReLU hidden layers, its weights drawn from `random` seeded
    with `seed` (as micrograd draws them); the interpreter's own random state is left as it
    was, so a learner's program sees no difference."""
    state = random.getstate()
    random.seed(seed)
    try:
        return MLP(2, list(SIZES))
    finally:
        random.setstate(state)


def rate(k: int) -> float:
    """The demo's learning-rate schedule at step k."""
    return 1.0 - 0.9 * k / STEPS


def loss(net: MLP, xs: list[list[float]], ys: list[float]) -> tuple[Value, float]:
    """The demo's loss: mean of max(0, 1 - y*score) (an SVM's hinge) + ALPHA * sum(p**2),
    and the accuracy (the fraction of points on the right side of 0)."""
    inputs = [[Value(v) for v in row] for row in xs]
    scores = [net(x) for x in inputs]
    losses = [(1 + -yi * si).relu() for yi, si in zip(ys, scores, strict=True)]
    data_loss = sum(losses) * (1.0 / len(losses))
    reg_loss = ALPHA * sum(p * p for p in net.parameters())
    right = [(yi > 0) == (si.data > 0) for yi, si in zip(ys, scores, strict=True)]
    return data_loss + reg_loss, sum(right) / len(right)


def predict(net: MLP, x: list[float]) -> float:
    """The model's score at x, from its parameters' data: the same sums and activations as
    `net(x)`, without building a graph (a decision boundary needs 625 of them)."""
    out = x
    for layer in net.layers:
        nxt = []
        for n in layer.neurons:
            act = n.b.data  # b first: Neuron.__call__ sums from it, in this order
            for wi, xi in zip(n.w, out, strict=True):
                act += wi.data * xi
            if n.nonlin:
                act = (0.0 if act < 0 else act) if n.activation == "relu" else math.tanh(act)
            nxt.append(act)
        out = nxt
    return out[0]


class Training:
    """The demo's training loop, one step per call, so the page can pause between steps."""

    def __init__(self, seed: int = SEED):
        self.xs, self.ys = moons(POINTS, seed)
        self.net = model(seed)
        self.k = 0

    @property
    def done(self) -> bool:
        return self.k >= STEPS

    def step(self, pause_gc: bool = True) -> dict[str, Any]:
        """One step: forward, loss, zero_grad, backward, update. The loss and accuracy are
        those of the forward pass, before the update.

        A step makes ~70,000 values in reference cycles (each `_backward` closure refers to
        its `out`), and the cyclic garbage collector, started every 700 allocations, scans
        them again and again: in CPython 3.11 a step took ~520 ms so and ~75 ms with the
        collector paused, plus ~60 ms for one collection afterwards (bench/learn_bench.py).
        `pause_gc=False` leaves the collector alone (for comparisons)."""
        if not pause_gc:
            return self._step()
        with collector.paused():
            return self._step()

    def _step(self) -> dict[str, Any]:
        total, accuracy = loss(self.net, self.xs, self.ys)
        self.net.zero_grad()
        total.backward()
        lr = rate(self.k)
        for p in self.net.parameters():
            p.data -= lr * p.grad
        row = {
            "step": self.k,
            "loss": number(total.data),
            "loss_text": format_number(total.data),
            "accuracy": accuracy,
            "accuracy_text": f"{accuracy:.0%}",
            "rate": lr,
            "rate_text": format_number(lr),
        }
        self.k += 1
        return row

    def grid(self) -> dict[str, Any]:
        """The sign of the model's score on a GRID x GRID lattice over the points' area."""
        axes = []
        for d in range(2):
            low = min(x[d] for x in self.xs) - MARGIN
            high = max(x[d] for x in self.xs) + MARGIN
            axes.append([low + (high - low) * i / (GRID - 1) for i in range(GRID)])
        gx, gy = axes
        sign = [[1 if predict(self.net, [x, y]) > 0 else -1 for x in gx] for y in gy]
        return {"x": gx, "y": gy, "sign": sign, "step": self.k}

    def start(self) -> dict[str, Any]:
        """What the page draws before the first step: the points and the first boundary."""
        return {
            "points": self.xs,
            "labels": self.ys,
            "steps": STEPS,
            "grid_every": GRID_EVERY,
            "grid": self.grid(),
        }


_TRAINING: Training | None = None


def train(restart: bool = False, steps: int = 1) -> dict[str, Any]:
    """engine.worker.playground.act's "train": `restart` begins again (new model, step 0) and sends
    the points; otherwise `steps` more steps (the page asks for one at a time), and the
    decision boundary every GRID_EVERY steps and at the end."""
    global _TRAINING
    if restart or _TRAINING is None:
        _TRAINING = Training()
        return {"start": _TRAINING.start(), "history": [], "done": False}
    t = _TRAINING
    history = [t.step() for _ in range(max(0, min(int(steps), STEPS - t.k)))]
    answer: dict[str, Any] = {"history": history, "done": t.done}
    if history and (t.k % GRID_EVERY == 0 or t.done):
        answer["grid"] = t.grid()
    return answer
