"""The program as a .py (engine and micrograd) and as a notebook: each runs, and prints the
grads the engine's trace has."""

import json
import math
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from app.presets import LOSS, NEURON, PRESETS, USED_TWICE
from app.program_code import (
    MICROGRAD_INSTALL,
    DoesNotFit,
    notebook,
    notebook_json,
    python_file,
    python_notebook,
    translate,
)
from engine import parse, trace
from engine.graph import node_ids, topological_order
from engine.worker.playground import is_python_only
from tests.bare_kernel import run_bare

ROOT = Path(__file__).resolve().parents[2]
RUN_TIMEOUT = 60  # seconds: a hang check
SEEDS_CODE = """\
a = Value(2.0, label='a')
b = Value(-3.0, label='b')
c = a*b; c.label = 'c'
d = tanh(c) + max(a, b)
d.backward()
draw_dot(d)
"""
# The expression-language presets (the Python ones run in the worker only)
PROGRAMS = [p.source for p in PRESETS if not is_python_only(p.source)] + [
    SEEDS_CODE,
    "tanh(x*w + 2*3)",
    "y = x\ny += x*x\n",
]


def expected_grads(source: str, mode: str) -> dict[str, float]:
    program = parse(source)
    record = trace(program, mode)
    ids = node_ids(topological_order(program.output))
    grads = {n: record["grads"][ids[id(v)]] for n, v in program.values.items() if id(v) in ids}
    grads.setdefault("out", record["grads"][ids[id(program.output)]])  # an unnamed output
    return grads


def printed(stdout: str) -> dict[str, float]:
    lines = re.findall(r"^ *(\S+)  data (\S+)  grad (\S+)$", stdout, re.M)
    return {name: float(grad) for name, _data, grad in lines}


def run_python(code: str, tmp_path: Path, bare: bool = False) -> str:
    """`bare`: without site-packages (so without this repository, installed editable there),
    in an empty folder: the file must carry what it needs."""
    path = tmp_path / "program.py"
    path.write_text(code)
    python = [sys.executable, "-S"] if bare else [sys.executable]
    done = subprocess.run(
        [*python, str(path)],
        cwd=tmp_path if bare else ROOT,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def assert_same(got: dict[str, float], want: dict[str, float]) -> None:
    assert got, "nothing printed"
    for name, grad in got.items():
        assert name in want, name
        value = want[name]
        if isinstance(value, str):
            assert str(grad) == value.replace("inf", "inf")
        else:
            assert math.isclose(grad, value, rel_tol=1e-3, abs_tol=1e-4), (name, grad, value)


@pytest.mark.parametrize("mode", ["correct", "accumulate"])
@pytest.mark.parametrize("source", PROGRAMS, ids=range(len(PROGRAMS)))
def test_the_py_file_runs_and_prints_the_trace_s_grads(source, mode, tmp_path):
    stdout = run_python(python_file(source, mode), tmp_path, bare=True)
    assert_same(printed(stdout), expected_grads(source, mode))


@pytest.mark.parametrize("source", [LOSS, USED_TWICE, "relu(x*w - 1) / (y + 2)"])
def test_the_micrograd_variant_runs_on_micrograd(source, tmp_path):
    code = python_file(source, micrograd=True)
    assert "from micrograd.engine import Value" in code and "label" not in code
    assert_same(printed(run_python(code, tmp_path)), expected_grads(source, "correct"))


@pytest.mark.parametrize("source", [NEURON, "x ** y", "max(a, b)"])
def test_programs_micrograd_cannot_run_are_refused(source):
    with pytest.raises(DoesNotFit):
        python_file(source, micrograd=True)


def test_the_overwrite_mode_says_what_the_file_runs():
    assert "`=` bug" in python_file(NEURON, "overwrite")


def test_groups_follow_blank_lines_and_inputs_come_first():
    program = translate("x1 = 2.0\nw1 = -3.0\n# the neuron\nn = x1*w1 + b\n\no = tanh(n)\n")
    assert program.inputs == ["b"]
    assert program.groups == [
        ["x1 = Value(2.0, label='x1')", "w1 = Value(-3.0, label='w1')"],
        ["# the neuron", "n = x1 * w1 + b", "n.label = 'n'"],
        ["o = n.tanh()", "o.label = 'o'"],
    ]


@pytest.mark.parametrize("mode", ["correct", "accumulate"])
def test_the_notebook_is_valid_and_runs_without_this_repository(mode, tmp_path, monkeypatch):
    document = nbformat.reads(json.dumps(notebook(NEURON, mode)), as_version=4)
    nbformat.validate(document)
    assert "class Value:" in document.cells[1].source  # carried, not imported
    document, stdout = run_bare(document, tmp_path, monkeypatch)
    cells = [cell for cell in document.cells if cell.cell_type == "code"]
    assert cells[-1].source == "draw_dot(o)"
    assert_same(printed(stdout), expected_grads(NEURON, mode))
    drawing = cells[-1].outputs[0]["data"]
    assert "image/svg+xml" in drawing and "grad" in drawing["image/svg+xml"]


OWN_ENGINE = """\
from engine import Value

x1 = Value(2.0, label='x1')
w1 = Value(-3.0, label='w1')
b = Value(6.8813735870195432, label='b')
n = x1*w1 + b
o = n.tanh()
o.backward()
for name, v in [('x1', x1), ('w1', w1), ('b', b), ('n', n), ('o', o)]:
    print(f"{name:>8}  data {v.data:.4f}  grad {v.grad:.4f}")
"""


def test_a_python_program_that_imports_engine_runs_in_a_notebook_without_it(tmp_path, monkeypatch):
    book = nbformat.reads(notebook_json(OWN_ENGINE, python=True), as_version=4)
    nbformat.validate(book)
    assert book.cells[-1].source == OWN_ENGINE.rstrip("\n")  # the learner's code as written
    _, stdout = run_bare(book, tmp_path, monkeypatch)
    assert printed(stdout) == {"x1": -1.5, "w1": 1.0, "b": 0.5, "n": 0.5, "o": 1.0}


def test_a_python_program_that_imports_micrograd_installs_it_first():
    source = "from micrograd.engine import Value\na = Value(2.0)\n(a * a).backward()\n"
    cells = python_notebook(source)["cells"]
    assert ["".join(c["source"]) for c in cells[1:]] == [MICROGRAD_INSTALL, source.rstrip()]


def test_a_python_program_that_imports_neither_is_kept_as_it_is():
    cells = python_notebook("print(1)\n")["cells"]
    assert [c["cell_type"] for c in cells] == ["markdown", "code"]
