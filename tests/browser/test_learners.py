"""Learners' own engines in the page: five of tests/programs/learners/ pasted as a learner
would, each drawn and stepped to the grads the engine (CPython, the oracle) gives its own
code, or told in Output why its values make no graph. The whole corpus runs in CPython and
Pyodide (tests/engine/test_learners.py); these check the page shows what the worker sends."""

import contextlib
import io

import pytest
from playwright.sync_api import Page, expect

from engine.record.graph_record import grad_texts_at
from engine.worker.playground import run_in_worker
from tests.browser.playground_page import BOOT, expect_grads, open_ready
from tests.browser.test_python import output, paste, step_to_end
from tests.programs import learners

DRAWN = [
    "g03_dict_default_children",  # the blog post's own class: leaves in `children={}`
    "h01_dataclass",
    "h02_slots",
    "h03_float_subclass",
]


def printed(source: str) -> str:
    """What the program prints when run as plain Python: the oracle for Output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "<plain>", "exec"), {"__name__": "__main__"})  # noqa: S102
    return out.getvalue().strip()


@pytest.mark.parametrize("name", DRAWN)
def test_a_learners_class_is_drawn_and_stepped_with_its_own_numbers(playground: Page, name):
    page = playground
    source = learners.program(name)
    result = run_in_worker(source)
    record = result["graphs"][result["chosen"]]["record"]
    n = len(record["backward"])
    open_ready(page)
    paste(page, source)
    last_line = printed(source).splitlines()[-1]
    expect(output(page)).to_contain_text(last_line, timeout=BOOT)
    expect(page.locator("#graph svg g.node.value")).to_have_count(len(record["nodes"]))
    step_to_end(page, n)
    expect_grads(page, grad_texts_at(record, n))


def test_values_the_page_cannot_read_are_told_in_output(playground: Page) -> None:
    page = playground
    source = learners.program("h07_unknown_inputs_attr")
    open_ready(page)
    paste(page, source)
    note = page.locator("#output-note")
    expect(note).to_be_visible(timeout=BOOT)
    expect(note).to_contain_text("keep their inputs in `srcs`; the page reads `_children`")
    paste(page, "a = Value(2.0, label='a')\nb = a * a\nb.backward()\nprint('grad', a.grad)")
    expect(output(page)).to_contain_text("grad 4.0", timeout=BOOT)
    expect(note).to_be_hidden()  # the note is about the program on screen only
