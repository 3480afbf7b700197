"""The chain rule of each of `engine.Value`'s operations, in words, for the tracer to show
beside the step that ran it (engine/record/graph_record.py). The closures in engine/value.py do
the maths; these say what they did: a step still runs the real closure.

op -> one (rule, numbers) pair per child, in `_children` order. `{a}`, `{b}`, `{out}` are
labels; `{a.data}`, `{out.grad}`, ... are the numbers the closure reads; `{k}` the exponent.
"""

RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "+": (
        ("{a}.grad += {out}.grad", "{out.grad}"),
        ("{b}.grad += {out}.grad", "{out.grad}"),
    ),
    "*": (
        ("{a}.grad += {b}.data * {out}.grad", "{b.data} * {out.grad}"),
        ("{b}.grad += {a}.data * {out}.grad", "{a.data} * {out.grad}"),
    ),
    "**k": (
        (
            "{a}.grad += {k} * {a}.data**({k} - 1) * {out}.grad",
            "{k} * {a.data}**{km1} * {out.grad}",
        ),
    ),
    "**": (
        (
            "{a}.grad += {b}.data * {a}.data**({b}.data - 1) * {out}.grad",
            "{b.data} * {a.data}**({b.data} - 1) * {out.grad}",
        ),
        (
            "{b}.grad += log({a}.data) * {out}.data * {out}.grad",
            "log({a.data}) * {out.data} * {out.grad}",
        ),
    ),
    "exp": (("{a}.grad += {out}.data * {out}.grad", "{out.data} * {out.grad}"),),
    "log": (("{a}.grad += {out}.grad / {a}.data", "{out.grad} / {a.data}"),),
    "tanh": (("{a}.grad += (1 - {out}.data**2) * {out}.grad", "(1 - {out.data}**2) * {out.grad}"),),
    "sigmoid": (
        (
            "{a}.grad += {out}.data * (1 - {out}.data) * {out}.grad",
            "{out.data} * (1 - {out.data}) * {out.grad}",
        ),
    ),
    "ReLU": (("{a}.grad += ({out}.data > 0) * {out}.grad", "({out.data} > 0) * {out.grad}"),),
    "gelu": (
        (
            "{a}.grad += (Phi({a}.data) + {a}.data * phi({a}.data)) * {out}.grad",
            "gelu'({a.data}) * {out.grad}",
        ),
    ),
    "max": (
        ("{a}.grad += ({a}.data >= {b}.data) * {out}.grad", "({a.data} >= {b.data}) * {out.grad}"),
        ("{b}.grad += ({b}.data > {a}.data) * {out}.grad", "({b.data} > {a.data}) * {out.grad}"),
    ),
}
