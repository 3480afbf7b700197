"""What engine.Value's own closure of an op adds to its inputs' grads, and the rule in words.

A learner's `_backward()` call is judged against the reference given exactly what that call saw:
its inputs' datas and its `out.grad`. The reference is never a formula written here: fresh
engine.Values with those datas go through the op (engine.record.replay.by_op), the result's
grad is set, and its real closure runs. The words are the record's own (engine.record.rules,
as a record's step shows them).
"""

from collections.abc import Sequence

from engine.numeric import format_number
from engine.record.graph_record import graph_record
from engine.record.recorder import Recorder
from engine.record.replay import by_op
from engine.record.walked import walk
from engine.value import Value


def contributions(
    op: str, datas: Sequence[float], slots: Sequence[int], out_grad: float
) -> list[float]:
    """What the closure of `op` adds to each input's grad: inputs with `datas`, filling the
    op's slots as `slots` says (`a + a` is datas (x,), slots (0, 0)), and `out.grad`."""
    inputs = [Value(x) for x in datas]
    out = by_op(op)(*(inputs[s] for s in slots))
    out.grad = out_grad
    out._backward_fn()  # the real closure, unrecorded
    return [v.grad for v in inputs]


def each_slot(
    op: str, datas: Sequence[float], slots: Sequence[int], out_grad: float
) -> list[float]:
    """The contribution of each of the op's slots alone, as if every slot held its own value."""
    return contributions(op, [datas[s] for s in slots], range(len(slots)), out_grad)


def rule(
    op: str,
    names: Sequence[str],
    datas: Sequence[float],
    slots: Sequence[int],
    out_grad: float,
    target: int,
) -> str:
    """The chain rule for input `target`, its numbers and what it adds:
    `b.data × out.grad = (-3.0000) × 0.5000 = -1.5000` (`names`: how the inputs are shown,
    unbracketed). "" for an op without words."""
    inputs = [Value(x, label=name) for x, name in zip(datas, names, strict=True)]
    out = by_op(op)(*(inputs[s] for s in slots))
    out.label = "out"
    out.grad = out_grad
    rec = Recorder()
    rec.call(out, out._backward_fn)
    graph = walk(out)
    record = graph_record(out, rec.steps, graph=graph)
    wanted = graph.ids[id(inputs[target])]
    lines = [line for line in record["backward"][0]["lines"] if line["child"] == wanted]
    if not lines:
        return ""
    said = " + ".join(line["rule"].split(" += ", 1)[-1] for line in lines)
    numbers = " + ".join(line["numbers"] for line in lines)
    parts = [said, numbers, format_number(inputs[target].grad)]
    kept = [x for i, x in enumerate(parts) if not i or x.strip("()") != parts[i - 1].strip("()")]
    return " = ".join(kept).replace(" * ", " × ")
