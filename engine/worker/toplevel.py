"""Which of a program's variables may name its values: its own top-level variables.

A name on the graph is one the learner gave a value on purpose: `w1 = Value(2.0)`,
`loss = ...` (also inside a top-level `for` or `if`). A loop variable is not: after
`for v in reversed(topo): v._backward()` at the top level, `v` holds whichever node came
last, and which one that is depends on a set's order. Names bound only inside functions and
classes are not top-level at all. Read from the program's syntax tree, without recursion
over nesting (a program may nest its blocks deeply).
"""

import ast

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _targets(target: ast.AST) -> list[str]:
    """The names an assignment target binds (`a`, `a, b`, `[a, *rest]`)."""
    names = []
    stack = [target]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            names.append(node.id)
        elif isinstance(node, ast.Tuple | ast.List):
            stack.extend(node.elts)
        elif isinstance(node, ast.Starred):
            stack.append(node.value)
    return names


def assigned_names(tree: ast.Module) -> frozenset[str]:
    """Names the module's own statements assign, less any it also uses as a loop variable
    (`for`, `with ... as`, `except ... as`): such a name ends bound to whatever came last."""
    assigned: set[str] = set()
    looping: set[str] = set()
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, _SCOPES):
            continue  # its own scope; the name of the def itself is no value
        if isinstance(node, _COMPREHENSIONS):
            continue  # their variables do not leak
        if isinstance(node, ast.Assign):
            for target in node.targets:
                assigned.update(_targets(target))
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            assigned.update(_targets(node.target))
        elif isinstance(node, ast.NamedExpr):
            assigned.update(_targets(node.target))
        elif isinstance(node, ast.For | ast.AsyncFor):
            looping.update(_targets(node.target))
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            looping.update(_targets(node.optional_vars))
        elif isinstance(node, ast.ExceptHandler) and node.name:
            looping.add(node.name)
        stack.extend(ast.iter_child_nodes(node))
    return frozenset(assigned - looping)
