"""The Value class a learner writes, in one of the shapes the corpus covers: how it keeps its
inputs (`_prev` as a set, `children` as a dict, `parents` as a tuple ...), whether it has an op
and a label, what a grad starts as, what its closures and its whole backward pass are called,
and how that pass orders the graph. tests/programs/learners/generate.py writes the programs."""


def container(kind: str, attr: str) -> tuple[str, str]:
    """(the __init__ parameter with its default, the line storing the inputs)."""
    if kind == "set":
        return "_children=()", f"self.{attr} = set(_children)"
    if kind == "tuple":
        return "_children=()", f"self.{attr} = tuple(_children)"
    if kind == "list":
        return "_children=()", f"self.{attr} = list(_children)"
    if kind == "dict":  # a seed's own code: children={} as the default, kept as it is
        return "_children={}", f"self.{attr} = _children"
    raise ValueError(kind)


def value_class(
    *,
    attr: str,
    kind: str,
    op: str | None,
    label: bool,
    grad: str,
    rule: str,
    whole: str,
    whole_args: str,
    topo: str,
    eq: bool,
) -> str:
    """The class's source: `attr` holds its inputs in a `kind` container; `op` names its op
    attribute (None: none), `label` gives it a label; grads start as `grad`; `rule` names each
    closure and `whole` the backward pass (with `whole_args`), which finds the order by a
    `topo` ("nested" recursion or an "iterative" stack); `eq` adds __eq__ without __hash__."""
    acc = (
        (lambda t, x: f"{t}.grad = ({t}.grad or 0) + {x}")
        if grad == "None"
        else (lambda t, x: f"{t}.grad += {x}")
    )
    param, store = container(kind, attr)
    op_param = ', _op=""' if op else ""
    op_store = f"\n        self.{op} = _op" if op else ""
    label_param = ', label=""' if label else ""
    label_store = "\n        self.label = label" if label else ""

    def out(expr: str, kids: str, opname: str) -> str:
        args = f"{expr}, ({kids})"
        if op:
            args += f', "{opname}"'
        return f"out = Value({args})"

    seen = "seen_ids" if eq else "seen"
    visit = "id(v) not in seen_ids" if eq else "v not in seen"
    add = "seen_ids.add(id(v))" if eq else "seen.add(v)"
    seed = "1.0" if grad != "0" else "1"
    call_rule = f"v.{rule}()"
    if topo == "nested":
        pass_body = f"""        topo = []
        {seen} = set()

        def build_topo(v):
            if {visit}:
                {add}
                for child in v.{attr}:
                    build_topo(child)
                topo.append(v)

        build_topo(self)
        self.grad = {seed}
        for v in reversed(topo):
            {call_rule}"""
    else:  # iterative, with an explicit stack
        pass_body = f"""        topo, {seen}, stack = [], set(), [(self, False)]
        while stack:
            v, done = stack.pop()
            if done:
                topo.append(v)
            elif {visit}:
                {add}
                stack.append((v, True))
                for child in v.{attr}:
                    stack.append((child, False))
        self.grad = {seed}
        for v in reversed(topo):
            {call_rule}"""
    eq_code = (
        "\n    def __eq__(self, other):\n"
        "        return isinstance(other, Value) and self.data == other.data\n"
        if eq
        else ""
    )
    cls = f"""class Value:
    def __init__(self, data, {param}{op_param}{label_param}):
        self.data = data
        self.grad = {grad}
        {store}{op_store}{label_store}
        self.{rule} = lambda: None
{eq_code}
    def __repr__(self):
        return f"Value(data={{self.data}})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        {out("self.data + other.data", "self, other", "+")}

        def {rule}():
            {acc("self", "out.grad")}
            {acc("other", "out.grad")}

        out.{rule} = {rule}
        return out

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        {out("self.data * other.data", "self, other", "*")}

        def {rule}():
            {acc("self", "other.data * out.grad")}
            {acc("other", "self.data * out.grad")}

        out.{rule} = {rule}
        return out

    def __rmul__(self, other):
        return self * other

    def __pow__(self, k):
        {out("self.data**k", "self,", "**")}

        def {rule}():
            {acc("self", "k * self.data ** (k - 1) * out.grad")}

        out.{rule} = {rule}
        return out

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def tanh(self):
        t = (math.exp(2 * self.data) - 1) / (math.exp(2 * self.data) + 1)
        {out("t", "self,", "tanh")}

        def {rule}():
            {acc("self", "(1 - t**2) * out.grad")}

        out.{rule} = {rule}
        return out

    def exp(self):
        {out("math.exp(self.data)", "self,", "exp")}

        def {rule}():
            {acc("self", "out.data * out.grad")}

        out.{rule} = {rule}
        return out

    def {whole}(self{whole_args}):
{pass_body}
"""
    return cls
