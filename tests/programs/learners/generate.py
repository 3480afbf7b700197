"""The generated part of this corpus: learner-style Value classes in many shapes (the class:
value_class.py), each under one of a few forward computations. They are made here when a test
asks for them (tests/programs/learners/__init__.py), so this file is their one source; to read
them as files, `python -m tests.programs.learners OUT` writes the whole corpus to OUT.

Each is a complete program: its own class, its own forward computation and its own backward
call, written as ruff formats it. Its header says what the test expects
(tests/engine/worker/test_learners.py): `# root:` the variable the graph is of, `# leaves:` the
variables that must be leaves of it (with the data and grads the program itself gives).
"""

from tests.programs.learners.value_class import value_class

FORWARDS = {
    "neuron": (
        "x1 = {V}({d}(2.0){lab_x1})\nx2 = {V}({d}(0.0){lab_x2})\nw1 = {V}({d}(-3.0){lab_w1})\n"
        "w2 = {V}({d}(1.0){lab_w2})\nb = {V}({d}(6.8813735870195432){lab_b})\n"
        "n = x1 * w1 + x2 * w2 + b\no = n.tanh()\n",
        "o",
        "x1 x2 w1 w2 b",
    ),
    "loss": (
        "w1 = {V}({d}(2.0){lab_w1})\nw2 = {V}({d}(3.0){lab_w2})\n"
        "loss = ((w1 - 1) ** 2 + (w2 - 5) ** 2) * 0.5\n",
        "loss",
        "w1 w2",
    ),
    "poly": (
        "a = {V}({d}(2){lab_a})\nb = {V}({d}(3){lab_b})\nc = a * b + a**2\nd = c * c - b\n",
        "d",
        "a b",
    ),
    "exp": (
        "x = {V}({d}(0.5){lab_x})\nk = {V}({d}(-1.5){lab_k})\ny = (x * k).exp() + x * x\n",
        "y",
        "x k",
    ),
}


def make(
    *,
    forward: str = "neuron",
    attr: str = "_prev",
    kind: str = "set",
    op: str | None = "_op",
    label: bool = True,
    grad: str = "0.0",
    data: str = "",
    rule: str = "_backward",
    whole: str = "backward",
    whole_args: str = "",
    topo: str = "nested",
    eq: bool = False,
    comment: str = "",
) -> str:
    """One program: its class's shape (value_class's options), its `forward` (a key of
    FORWARDS), `data` wrapping each leaf's number (a type's name, or nothing) and a `comment`
    line at the top."""
    cls = value_class(
        attr=attr,
        kind=kind,
        op=op,
        label=label,
        grad=grad,
        rule=rule,
        whole=whole,
        whole_args=whole_args,
        topo=topo,
        eq=eq,
    )
    text, root, leaves = FORWARDS[forward]
    labels = {f"lab_{n}": (f', label="{n}"' if label else "") for n in leaves.split()}
    text = text.format(V="Value", d=data, **labels)
    call = f"{root}.{whole}()" if not whole_args.startswith(", seed") else f"{root}.{whole}(1.0)"
    header = f"# {comment}\n" if comment else ""
    imports = "import math\n" + ("from fractions import Fraction\n" if "Fraction" in data else "")
    return (
        f"# ruff: noqa: B006, UP034 - a learner's code, as they write it\n"
        f"{header}# root: {root}\n# leaves: {leaves}\n{imports}\n\n{cls}\n\n{text}{call}\n"
        f"print({root}.data)\n"
    )


SHAPES = [
    ("g01_micrograd_shape", {}),
    (
        "g02_dict_default",
        {
            "attr": "_prev",
            "kind": "dict",
            "forward": "loss",
            "comment": "a seed's own code: children={} kept as it is",
        },
    ),
    ("g03_dict_default_children", {"attr": "children", "kind": "dict", "op": "op"}),
    ("g04_list_children", {"attr": "_children", "kind": "list"}),
    ("g05_tuple_prev", {"attr": "_prev", "kind": "tuple", "forward": "loss"}),
    ("g06_parents", {"attr": "_parents", "kind": "tuple"}),
    ("g07_parents_public", {"attr": "parents", "kind": "list", "forward": "poly"}),
    ("g08_inputs", {"attr": "inputs", "kind": "tuple", "forward": "exp"}),
    ("g09_inputs_private", {"attr": "_inputs", "kind": "set", "forward": "loss"}),
    ("g10_prev_public", {"attr": "prev", "kind": "set", "forward": "exp"}),
    ("g11_no_op", {"op": None}),
    ("g12_op_named_op", {"op": "op", "forward": "loss"}),
    ("g13_operation", {"op": "_operation", "forward": "exp"}),
    ("g14_no_label", {"label": False}),
    ("g15_no_label_loss", {"label": False, "forward": "loss", "kind": "tuple"}),
    ("g16_grad_none", {"grad": "None", "forward": "loss"}),
    ("g17_grad_none_neuron", {"grad": "None", "attr": "_children", "kind": "list"}),
    ("g18_grad_int", {"grad": "0", "forward": "poly"}),
    ("g19_int_data", {"forward": "poly", "kind": "tuple"}),
    ("g20_fraction_data", {"forward": "poly", "data": "Fraction", "grad": "0"}),
    (
        "g21_bool_data",
        {
            "forward": "loss",
            "data": "bool",
            "kind": "list",
            "comment": "data a bool: w1 = Value(True), w2 = Value(True)",
        },
    ),
    ("g22_rule_named_backward", {"rule": "backward", "whole": "backprop"}),
    ("g23_rule_backward_fn", {"rule": "_backward_fn", "forward": "loss"}),
    ("g24_rule_grad_fn", {"rule": "grad_fn", "forward": "exp", "kind": "tuple"}),
    ("g25_whole_with_default_arg", {"whole_args": ", retain=False", "forward": "loss"}),
    ("g26_whole_with_seed_arg", {"whole": "backprop", "whole_args": ", seed", "forward": "exp"}),
    ("g27_iterative_topo", {"topo": "iterative"}),
    (
        "g28_iterative_parents",
        {"topo": "iterative", "attr": "parents", "kind": "tuple", "forward": "poly"},
    ),
    (
        "g29_unhashable_eq",
        {
            "eq": True,
            "kind": "list",
            "forward": "loss",
            "comment": "__eq__ without __hash__: instances are unhashable",
        },
    ),
    ("g30_unhashable_eq_neuron", {"eq": True, "kind": "tuple", "attr": "_children"}),
    (
        "g31_rule_backward_dict",
        {
            "rule": "backward",
            "whole": "backpropagate",
            "kind": "dict",
            "attr": "children",
            "op": "op",
            "label": False,
        },
    ),
    (
        "g32_grad_fn_inputs_none",
        {
            "rule": "grad_fn",
            "attr": "inputs",
            "grad": "None",
            "op": "_operation",
            "forward": "poly",
            "data": "float",
        },
    ),
]


def generated() -> dict[str, str]:
    """Every generated program's text by its name (g01_micrograd_shape ...)."""
    return {name: make(**options) for name, options in SHAPES}
