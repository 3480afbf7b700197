"""The scalar autograd `Value`, compatible with micrograd's.

Each primitive builds `out`, attaches a `_backward` closure that does
`child.grad += local * out.grad`, and returns `out` (the same lines in words, for the tracer to
show, are in engine/record/rules.py; a step still runs the closure).

Numbers follow `engine.numeric`: no operation raises and none returns a complex number.
What is not the maths lives elsewhere: counting values for the node cap (engine.creations),
and recording while a learner's program runs (engine.record.recorder: `_backward` called by
hand, and backward()'s loop).
"""

import math
from collections.abc import Callable, Iterable
from typing import Any

from engine import nodes, numeric
from engine.creations import count as count_creation
from engine.graph import topological_order
from engine.record import recorder

_SQRT_HALF = math.sqrt(0.5)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)


def _noop() -> None:
    pass


def _as_value(x: "Value | float", cls: type) -> "Value":
    return x if isinstance(x, Value) else cls(x)


class Value:
    """stores a single scalar value and its gradient"""

    __slots__ = ("data", "grad", "_backward_fn", "_children", "_op", "label", "__weakref__")

    def __init__(self, data, _children=(), _op="", label=""):
        count_creation()  # for the node cap on a learner's program (engine.creations)
        self.data = data if type(data) is float else numeric.to_float(data)
        self.grad = 0.0
        self._backward_fn = _noop
        self._children = tuple(_children)  # ordered: ids, layout and traces are stable
        self._op = _op
        self.label = label

    # micrograd's `_backward`, kept in `_backward_fn`; while a program is being recorded, a call
    # by hand is recorded as a step (engine.record.recorder.backward_attribute).
    _backward = recorder.backward_attribute

    @property
    def _prev(self) -> set["Value"]:
        """micrograd's name for the children, as a set."""
        return set(self._children)

    def __repr__(self) -> str:
        return f"Value(data={self.data})"

    # --- primitives: each owns its derivative -------------------------------------------

    def __add__(self, other):
        other = _as_value(other, type(self))
        out = type(self)(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward_fn = _backward
        return out

    def __mul__(self, other):
        other = _as_value(other, type(self))
        out = type(self)(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward_fn = _backward
        return out

    def __pow__(self, other):
        """`x ** k` for a number k; `x ** y` for a Value y (its grad needs x > 0, see below)."""
        if isinstance(other, Value):
            return self._pow_value(other)
        k = numeric.to_float(other)
        out = type(self)(numeric.pow(self.data, k), (self,), f"**{numeric.exponent_text(k)}")

        def _backward():
            self.grad += k * numeric.pow(self.data, k - 1) * out.grad

        out._backward_fn = _backward
        return out

    def _pow_value(self, other):
        # d/dy x**y = log(x) * x**y: real only for x > 0, so y.grad is nan for x < 0 and
        # -inf or nan for x == 0, while x.grad = y * x**(y-1) follows `numeric.pow`.
        out = type(self)(numeric.pow(self.data, other.data), (self, other), "**")

        def _backward():
            self.grad += other.data * numeric.pow(self.data, other.data - 1) * out.grad
            other.grad += numeric.log(self.data) * out.data * out.grad

        out._backward_fn = _backward
        return out

    def exp(self):
        out = type(self)(numeric.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward_fn = _backward
        return out

    def log(self):
        """Natural log: log(0) = -inf, log(x < 0) = nan."""
        out = type(self)(numeric.log(self.data), (self,), "log")

        def _backward():
            self.grad += numeric.div(out.grad, self.data)

        out._backward_fn = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)  # saturates to +-1, never overflows
        out = type(self)(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad

        out._backward_fn = _backward
        return out

    def sigmoid(self):
        x = self.data
        if x >= 0:  # exp(-x) <= 1: cannot overflow
            s = 1.0 / (1.0 + math.exp(-x))
        else:  # exp(x) < 1 here, same reason; nan lands here too and stays nan
            e = math.exp(x) if x == x else x
            s = e / (1.0 + e)
        out = type(self)(s, (self,), "sigmoid")

        def _backward():
            self.grad += s * (1 - s) * out.grad

        out._backward_fn = _backward
        return out

    def relu(self):
        out = type(self)(0.0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            # 1[out > 0] * out.grad, written so that a zero local slope stays 0 when grad is inf
            self.grad += out.grad if out.data > 0 else 0.0

        out._backward_fn = _backward
        return out

    def gelu(self):
        """Exact GELU, x * Phi(x). Its slope Phi(x) + x * phi(x) needs the input, not the output."""
        x = self.data
        cdf = 0.5 * math.erfc(-x * _SQRT_HALF)  # Phi(x), accurate for very negative x
        out = type(self)(x * cdf if math.isfinite(x) else max(x, 0.0), (self,), "gelu")

        def _backward():
            pdf = _INV_SQRT_2PI * math.exp(-0.5 * x * x) if abs(x) < 40 else 0.0  # phi(x)
            self.grad += (cdf + x * pdf) * out.grad

        out._backward_fn = _backward
        return out

    def max(self, other):
        """max(a, b). A tie sends the whole gradient to a (the first argument); nan wins."""
        other = _as_value(other, type(self))
        a, b = self.data, other.data
        data = a + b if a != a or b != b else (a if a >= b else b)  # nan if either is nan
        out = type(self)(data, (self, other), "max")

        def _backward():
            if self.data >= other.data:
                self.grad += out.grad
            elif other.data > self.data:
                other.grad += out.grad

        out._backward_fn = _backward
        return out

    # --- derived: no derivative code of their own ---------------------------------------

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        if isinstance(other, Value):
            return self * other**-1
        return self * numeric.pow(
            numeric.to_float(other), -1.0
        )  # x / 2 is x * 0.5, as in micrograd

    def __rtruediv__(self, other):
        return other * self**-1

    def __rpow__(self, other):
        return type(self)(other) ** self

    # --- the backward pass ----------------------------------------------------------------

    def backward(self, accumulate: bool = False) -> None:
        """Fill in d(self)/d(node) for every node of the graph, in reverse topological order.

        Every grad in the graph is zeroed first — the course's backward(), not micrograd
        0.1.0's, which never zeroes (a program's `from micrograd.engine import Value` gets
        that one: engine.worker.micrograd). `accumulate=True` skips the zeroing, so the grads of a
        second call add onto the first (what happens in micrograd if you forget).
        """
        calls = recorder.backward_calls(self)  # None unless a program is being recorded
        backward_pass(topological_order(self), self, zero=not accumulate, call_all=calls)

    def zero_grad(self) -> None:
        """Set the grad of every node in this value's graph to 0."""
        for v in topological_order(self):
            v.grad = 0.0


def backward_pass(
    topo: list[Any],
    root: Any,
    zero: bool = True,
    call_all: Callable[[Iterable[Any]], None] | None = None,
    set_grads: Callable[[Iterable[Any], float], None] | None = None,
) -> None:
    """The backward loop, the only one: zero every grad of `topo` (root's graph in topological
    order) unless not `zero`, seed `root.grad = 1.0`, then call each node's closure in reverse
    order. `Value.backward` runs it as it is. The tracer and the recorder pass in what differs
    (engine.record.tracing): `call_all(order)` makes the calls, each recorded as it runs (or
    made on a learner's own class, or overwriting); `set_grads(values, grad)` sets grads on a
    learner's class, whose grad may be read-only.
    """
    if set_grads is None:
        set_grads = _set_grads
    if call_all is None:
        call_all = _call_each
    if zero:
        set_grads(topo, 0.0)
    set_grads((root,), 1.0)
    call_all(reversed(topo))


def _set_grads(values: Iterable[Value], grad: float) -> None:
    """`Value.backward`'s way of setting grads: as they are."""
    for v in values:
        v.grad = grad


def _call_each(order: Iterable[Value]) -> None:
    """`Value.backward`'s way of making the calls: each closure called as it is."""
    for v in order:
        v._backward_fn()


nodes.KNOWN_TYPES.add(Value)  # a Value is a node by its type: no duck typing needed
