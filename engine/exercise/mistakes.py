"""The known mistakes in a `_backward` closure, told apart by what one call did, never by
reading its text: what the call added to an input's grad is set beside what each mistake
would have added, given the same datas and out.grad (engine.exercise.reference runs the real
closure for all but tanh's, whose mistake is its own formula).

`=` instead of `+=` leaves the grad equal to the last slot's part alone; operands swapped in
`*` give each input its own data times out.grad; a rule without out.grad adds the local
derivative alone; `1 - x**2` in tanh uses the input where the output belongs.
"""

from collections.abc import Sequence

from engine.exercise import reference
from engine.numeric import format_number
from engine.worker.gradient_check import close


def kind(
    op: str,
    datas: Sequence[float],
    slots: Sequence[int],
    out_grad: float,
    group: int,
    before: float,
    after: float,
) -> str:
    """The mistake that explains what a call left in input `group`'s grad, else "grad"."""
    right = reference.contributions(op, datas, slots, out_grad)[group]
    added = after - before
    last = max(j for j, s in enumerate(slots) if s == group)
    alone = reference.each_slot(op, datas, slots, out_grad)[last]
    if close(after, alone) and not close(before + right, alone):
        return "overwrite"
    if len(slots) == 2 and len(datas) == 2 and not close(datas[0], datas[1]):
        swapped = reference.contributions(op, datas[::-1], slots, out_grad)[group]
        if close(added, swapped) and not close(swapped, right):
            return "swapped"
    if not close(out_grad, 1.0):
        local = reference.contributions(op, datas, slots, 1.0)[group]
        if close(added, local) and not close(local, right):
            return "no-out-grad"
    if op == "tanh":
        x = datas[0]
        with_x = (1 - x * x) * out_grad  # the mistake itself: the input where t belongs
        if close(added, with_x) and not close(with_x, right):
            return "tanh-x"
    return "grad"


def message(
    kind: str,
    who: str,
    name: str,
    before: float,
    after: float,
    expected: float,
    rule: str,
    out_grad: float,
    data: float,
) -> str:
    """The learner's words for a wrong call: `who` is the call (`the _backward() of a*b, call
    2 of this pass`), `name` the input, `rule` the chain rule with its numbers."""
    f = format_number
    added = f(after - before)
    should = f"{name}.grad += {rule}, so {name}.grad should be {f(expected)}"
    match kind:
        case "overwrite":
            lost = (
                f"so the {f(before)} already there was lost"
                if before != 0
                else f"so {name}, both inputs of this op, kept only one of its two parts"
            )
            return (
                f"{who} left {name}.grad = {f(after)}: it set the grad (=) instead of adding to "
                f"it (+=), {lost}. {name} is used more than once and each use adds its own "
                f"part: {should}."
            )
        case "swapped":
            return (
                f"{who} added {added} to {name}.grad: the rule with the two inputs swapped. "
                f"Each input's grad takes the other input's data: {should}."
            )
        case "no-out-grad":
            return (
                f"{who} added {added} to {name}.grad: the local derivative alone. The chain rule "
                f"multiplies it by out.grad ({f(out_grad)}): {should}."
            )
        case "tanh-x":
            return (
                f"{who} added {added} to {name}.grad: (1 - x**2) × out.grad with x = {f(data)}, "
                f"the input. tanh's derivative is 1 - t**2 with t = tanh(x), the output: "
                f"{should}."
            )
    return f"{who} changed {name}.grad from {f(before)} to {f(after)}; the chain rule: {should}."
