"""engine.record.closure_statement: one statement of a learner's closure read for quoting —
what it sets and how, where it reads each free variable or local — or None when it is not
plain."""

import ast

import pytest

from engine.record.closure_statement import Statement, Use, read

FREE = {"self", "other", "out", "k"}


def one(line: str, local: frozenset[str] = frozenset()) -> Statement | None:
    text = [line]
    return read(ast.parse(line).body[0], text, set(FREE), set(local))


def test_a_grad_update_with_where_it_reads_each_name():
    s = one("other.grad += self.data * out.grad")
    assert s is not None
    assert (s.target, s.op, s.rhs, s.line, s.end_line) == (
        "other",
        "+=",
        "self.data * out.grad",
        1,
        1,
    )
    assert s.uses == (Use(0, 9, "self", "data"), Use(12, 20, "out", "grad"))
    assert [s.rhs[u.start : u.end] for u in s.uses] == ["self.data", "out.grad"]
    assert (s.loose, s.sums, s.simple) == (False, False, False)


def test_a_local_and_a_number_free_variable():
    s = one("t = out.data")
    assert s is not None and (s.target, s.op, s.simple) == ("t", "let", True)
    s = one("self.grad -= (1 - t**2) * k * out.grad + 0", local=frozenset({"t"}))
    assert s is not None and s.op == "-=" and s.sums
    assert [(u.name, u.attr) for u in s.uses] == [("t", ""), ("k", ""), ("out", "grad")]


def test_globals_are_quoted_as_they_are():
    s = one("self.grad += math.exp(self.data) * out.grad")
    assert s is not None and [u.name for u in s.uses] == ["self", "out"]


def test_columns_count_characters_in_a_line_with_other_scripts():
    s = one("self.grad += out.grad  # ü × é")
    assert s is not None and s.rhs == "out.grad"
    s = one("self.grad += 'é' and out.grad")
    assert s is not None and s.loose and s.rhs[s.uses[0].start : s.uses[0].end] == "out.grad"


@pytest.mark.parametrize(
    "line",
    [
        "print(out.grad)",  # not an assignment
        "self.data += out.grad",  # sets something other than a grad
        "x.grad += out.grad",  # a grad of something not free
        "self.grad += out.value",  # reads an attribute other than data and grad
        "out = 2",  # a free variable set
        "self.grad += sum(x for x in (out.grad,))",  # a name of its own
        "self.grad *= out.grad",  # not =, += or -=
    ],
)
def test_what_is_not_plain_is_none(line):
    assert one(line) is None


def test_a_local_set_twice_is_not_plain():
    assert one("t = out.data", local=frozenset({"t"})) is None
    assert one("self.grad += t.data", local=frozenset({"t"})) is None  # a local has no attributes
