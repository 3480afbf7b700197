"""A learner's real Python in the page: the four kinds of course code pasted into "Expression",
the Output region, "Graph of", and hostile programs stopped and recovered from. The expected
numbers come from engine.worker.runner run in CPython on the same text (the oracle for the page),
and
from the seeds' own figures.
"""

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from engine.record.graph_record import grad_texts_at
from engine.worker.runner import run_program
from tests.browser.playground_page import (
    BOOT,
    RUNTIME,
    block_runtime,
    expect_grads,
    open_ready,
    replace_code,
    wait_for_python,
)
from tests.programs import program

LIMIT_S = 2  # the run limit these tests ask for in the URL (the default is 5 s)
# How long the answer to a stopped run may take: a ceiling that only catches a limit that never
# fires (timings belong in bench/; a loaded machine answers late).
LIMIT_HANG_CEILING_MS = (LIMIT_S + 20) * 1000


def paste(page: Page, source: str) -> None:
    replace_code(page, page, source)


def output(page: Page):
    return page.get_by_role("region", name="Output")


def own_timeline(page: Page) -> None:
    """The program's own timeline is on screen (not the graph that was there before it)."""
    expect(page.locator("#rule")).to_contain_text("the program's first _backward() call")


def pasted(page: Page, source: str, printed: str) -> None:
    """Open the page with Python ready and paste `source`: it printed `printed`, and its own
    timeline is on screen."""
    open_ready(page)
    paste(page, source)
    expect(output(page)).to_contain_text(printed, timeout=BOOT)
    own_timeline(page)


def step_to_end(page: Page, n: int) -> None:
    own_timeline(page)
    page.locator("#graph").focus()
    page.keyboard.press("End")
    expect(page.locator("#step-count")).to_have_text(f"{n} / {n}")


def chosen_record(source: str) -> dict:
    result = run_program(source)
    return result["graphs"][result["chosen"]]["record"]


@pytest.mark.parametrize(
    ("name", "printed"),
    [
        ("neuron_by_hand", "x1 -1.5000 w1 1.0000 x2 0.5000 w2 0.0000"),
        ("own_class_descent", "w1 1.0010 w2 4.9980"),
        ("overwrite_bug", "a.grad = 1.0"),
        ("micrograd_nn", "2 "),
    ],
)
def test_course_code_runs_and_steps_to_the_right_grads(playground: Page, name, printed) -> None:
    page = playground
    open_ready(page)
    source = program(name)
    paste(page, source)
    expect(output(page)).to_contain_text(printed, timeout=BOOT)
    record = chosen_record(source)
    n = len(record["backward"])
    if len(record["groups"]) > 0:  # micrograd's nn: folded first by its modules (issue 26)
        expect(page.locator("#graph svg g.node.fold").first).to_be_visible(timeout=BOOT)
        page.get_by_role("button", name="Open all").click()
    expect(page.locator("#graph svg g.node.value")).to_have_count(len(record["nodes"]))
    step_to_end(page, n)
    expect_grads(page, grad_texts_at(record, n))
    expect(page.locator("#expression")).to_have_value(source)  # the learner's text stays


def test_the_equals_bug_class_shows_its_wrong_grad(playground: Page) -> None:
    page = playground
    open_ready(page)
    paste(page, program("overwrite_bug"))
    expect(output(page)).to_contain_text("a.grad = 1.0", timeout=BOOT)
    step_to_end(page, 1)
    a = page.locator("#graph svg g.node.value", has_text="a").first
    expect(a.locator("text").last).to_have_text("grad 1.0000")  # not 2: the = bug


def test_hand_ordered_calls_are_the_timeline(playground: Page) -> None:
    page = playground
    pasted(page, program("neuron_by_hand"), "x1 -1.5000")
    said = []
    for _ in range(6):
        page.get_by_role("button", name="Next step").click()
        said.append(page.locator("#status").inner_text().split(": ", 1)[1].split(":")[0])
    assert said == ["o", "n", "b", "(x1*w1 + x2*w2)", "(x2*w2)", "(x1*w1)"]


def test_graph_of_offers_the_roots_and_snapshots(playground: Page) -> None:
    page = playground
    open_ready(page)
    page.locator("#graph").focus()
    page.keyboard.press("End")  # the neuron's last step is told in the status line...
    expect(page.locator("#status")).to_contain_text("Step 6 of 6")
    source = "a = Value(2.0, label='a')\nb = a * a\nb.label = 'b'\ndraw_dot(b)\n"
    source += "b.backward()\nprint(b)"  # print: Python, not the expression language
    paste(page, source)
    expect(page.locator("#status")).to_contain_text("Step 0 of 1", timeout=BOOT)  # ...not now
    choice = page.get_by_label("Graph of", exact=True)
    expect(choice).to_be_visible(timeout=BOOT)
    expect(choice.locator("option")).to_have_text(["b", "draw_dot(b) (snapshot)"])
    # b's timeline at its start: after backward() seeded b.grad, before its one _backward()
    expect_grads(page, grad_texts_at(chosen_record(source), 0))
    expect(page.locator("#step-count")).to_have_text("0 / 1")
    choice.select_option(label="draw_dot(b) (snapshot)")
    expect(page.locator("#step-count")).to_have_text("0 / 0")
    expect_grads(page, {"n0": "0.0000", "n1": "0.0000"})  # drawn before backward()


def test_an_error_is_shown_with_its_line_and_jumps_there(playground: Page) -> None:
    page = playground
    open_ready(page)
    paste(page, "a = Value(1.0)\nprint('before')\nb = a.nope")
    expect(output(page)).to_contain_text("before", timeout=BOOT)
    expect(output(page)).to_contain_text("AttributeError")
    expect(output(page)).to_contain_text("line 3, in the program")
    output(page).get_by_role("button", name="Line 3, column 5").click()
    expect(page.get_by_label("Expression")).to_be_focused()


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("while True: pass", f"Stopped after {LIMIT_S} s — an endless loop?"),
        ("x = [0] * 10**10", "Error"),
        ("def f():\n    return f()\nf()", "RecursionError"),
        ("import js\njs.fetch('/')", "No module named 'js' here"),
        ("vals = [Value(i) for i in range(10**6)]", "more than 20,000 values"),
    ],
)
def test_hostile_programs_are_told_and_the_page_recovers(playground: Page, source, message):
    page = playground
    open_ready(page, limit=LIMIT_S)
    paste(page, program("overwrite_bug"))
    expect(output(page)).to_contain_text("a.grad = 1.0", timeout=BOOT)
    paste(page, source)
    expect(output(page)).to_contain_text(message, timeout=LIMIT_HANG_CEILING_MS)
    expect(page.locator("#graph svg")).to_be_visible()  # the last good graph stays
    expect(page.locator("#expression")).to_have_value(source)
    paste(page, "a = Value(3.0, label='a')\nb = a * a\nb.backward()\nprint('again')")
    expect(output(page)).to_contain_text("again", timeout=BOOT)  # the next edit draws


def test_five_endless_loops_in_a_row_each_recover(playground: Page) -> None:
    page = playground
    open_ready(page, limit=1)
    for i in range(5):
        paste(page, f"n = {i}\nwhile True: n += 1")
        expect(output(page)).to_contain_text("Stopped after 1 s", timeout=LIMIT_HANG_CEILING_MS)
        paste(page, f"print('alive {i}')")
        expect(output(page)).to_contain_text(f"alive {i}", timeout=BOOT)


def test_a_python_permalink_runs_in_the_browser(playground: Page) -> None:
    page = playground
    source = program("own_class_descent")
    page.goto("/?" + urlencode({"src": source}))
    expect(page.locator("#notice")).to_contain_text("This program is Python")
    expect(output(page)).to_contain_text("w1 1.0010 w2 4.9980", timeout=BOOT)
    expect(page.locator("#graph svg")).to_be_visible()


def test_an_edit_during_boot_runs_once_python_is_ready(playground: Page) -> None:
    page = playground
    page.goto("/")
    expect(page.locator("#graph svg")).to_be_visible()  # the server's graph, before Python
    # The code editor replaces the textarea right after the first graph: typing into the
    # textarea as it is swapped out would race with the swap, not test the boot.
    expect(page.locator(".cm-content")).to_be_visible()
    paste(page, "print('typed while booting')")
    booting = "() => performance.getEntriesByName('worker-ready').length === 0"
    assert page.evaluate(booting)  # the edit was made before Python was ready
    expect(output(page)).to_contain_text("typed while booting", timeout=BOOT)


@pytest.mark.parametrize("blocked", ["abort", "never answer"])
def test_a_blocked_runtime_is_told_with_its_cause_and_retry_works(page: Page, blocked) -> None:
    """The runtime's download fails or hangs: told within ~2 s with why, the server's graph
    stays, and Retry boots Python once the download works again."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    cause = block_runtime(page, blocked)
    page.goto("/")
    expect(page.locator("#graph svg")).to_be_visible()
    status = page.locator("#boot-status")
    # The probe gives up after 2 s (the message below says so); this ceiling only catches a hang.
    expect(status).to_have_attribute("data-state", "failed", timeout=LIMIT_HANG_CEILING_MS)
    expect(status).to_contain_text(cause)
    expect(page.locator("#graph svg")).to_be_visible()  # the graph stays
    page.unroute(RUNTIME)
    status.get_by_role("button", name="Retry").click()
    wait_for_python(page)
    assert errors == []
