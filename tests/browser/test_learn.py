"""Learning by doing, in Chromium: manual `_backward()` calls in the notebook order and in a
wrong order, "Check gradients" on a correct program, on the `=`-bug class and on a class whose
`__mul__` backward is wrong, and gradient descent reproducing the seeds' numbers, step by step,
paused, and on chosen parameters."""

import re
from urllib.parse import urlencode

from playwright.sync_api import Page, expect

from tests.browser.test_playground import BOOT, expect_grads, playground, wait_for_python
from tests.programs import program

__all__ = ["playground"]  # the fixture, used by name

LOSS = "w1 = 2.0\nw2 = 3.0\nloss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5"
NEURON_CALLS = ["n9", "n8", "n6", "n5", "n2"]  # o, n, x1*w1 + x2*w2, x2*w2, x1*w1


def open_ready(page: Page, **query: str) -> None:
    page.goto("/" + (f"?{urlencode(query)}" if query else ""))
    wait_for_python(page)


def call(page: Page, node: str) -> None:
    page.get_by_label("Node", exact=True).select_option(node)
    calls = page.locator("#step-count")
    before = calls.inner_text()
    page.get_by_role("button", name="Call _backward()", exact=True).click()
    expect(calls).not_to_have_text(before)


def start_manual(page: Page) -> None:
    page.get_by_role("button", name="Call _backward() yourself").click()
    expect(page.get_by_label("Node", exact=True)).to_be_visible()
    expect(page.locator("#graph svg g.node.ready")).to_have_count(1)  # the output only


def test_manual_calls_in_the_notebook_order(playground: Page) -> None:
    page = playground
    open_ready(page)
    start_manual(page)
    for node in NEURON_CALLS:
        call(page, node)
    expect(page.locator("#manual-note")).to_have_text(
        "Every node has run, and every grad equals the correct pass."
    )
    expect_grads(page, {"n0": "-1.5000", "n1": "1.0000", "n3": "0.5000", "n4": "0.0000"})
    expect(page.locator("#graph svg g.node.wrong")).to_have_count(0)


def test_manual_calls_by_keyboard_on_the_graph(playground: Page) -> None:
    """Arrows on the graph choose the node (the Node list's order: the output first), Enter
    calls it; the notebook's order gives the correct grads."""
    page = playground
    open_ready(page)
    start_manual(page)
    graph = page.locator("#graph")
    graph.focus()
    menu = page.get_by_label("Node", exact=True)
    order = menu.locator("option").evaluate_all("(options) => options.map((o) => o.value)")
    for node in NEURON_CALLS:
        while menu.input_value() != node:  # ↓ moves down the list, wrapping round
            page.keyboard.press("ArrowDown")
            expect(page.locator("#status")).to_contain_text("Enter calls its _backward()")
        chosen = page.locator(f"#graph svg g[id='{node}']")
        expect(chosen).to_have_class(re.compile(r"\bchosen\b"))
        calls = page.locator("#step-count").inner_text()
        page.keyboard.press("Enter")
        expect(page.locator("#step-count")).not_to_have_text(calls)
    assert set(NEURON_CALLS) <= set(order)
    expect(page.locator("#manual-note")).to_have_text(
        "Every node has run, and every grad equals the correct pass."
    )
    expect_grads(page, {"n0": "-1.5000", "n1": "1.0000", "n3": "0.5000", "n4": "0.0000"})
    page.keyboard.press("ArrowUp")  # ↑ chooses the node before (still one chosen)
    expect(page.locator("#graph svg g.node.chosen")).to_have_count(1)


def test_manual_calls_in_a_wrong_order_are_explained_and_marked(playground: Page) -> None:
    page = playground
    open_ready(page)
    start_manual(page)
    call(page, "n8")  # n before o: n.grad is still 0
    expect(page.locator("#status")).to_contain_text(
        "n._backward() ran while n.grad was still 0.0000: o._backward() had not run yet"
    )
    for node in ["n9", "n6", "n5", "n2"]:
        call(page, node)
    note = page.locator("#manual-note")
    expect(note).to_contain_text("7 grads differ from the correct pass")
    expect(note).to_contain_text("x1 is 0.0000, correct -1.5000")
    expect(page.locator("#graph svg g.node.wrong")).to_have_count(7)
    page.get_by_role("button", name="Undo call").click()  # undo restores the exact grads
    expect(page.locator("#step-count")).to_have_text("4 / 4")
    page.get_by_role("button", name="Stop calling _backward() yourself").click()
    expect(page.locator("#graph svg g.node.ready")).to_have_count(0)


def check(page: Page) -> None:
    page.get_by_role("button", name="Check gradients").click()
    expect(page.get_by_role("table", name="Gradient check")).to_be_visible(timeout=BOOT)


def test_gradient_check_passes_a_correct_program(playground: Page) -> None:
    page = playground
    open_ready(page)
    check(page)
    table = page.get_by_role("table", name="Gradient check")
    expect(table.locator("tbody tr")).to_have_count(5)
    expect(table.locator("tr.mismatch")).to_have_count(0)
    expect(page.locator("#check-say")).to_have_text(
        "Every leaf's grad matches its finite difference (5 leaves)."
    )
    expect(page.locator("#graph svg g.node.grad-ok")).to_have_count(5)


def test_gradient_check_flags_the_equals_bug(playground: Page) -> None:
    page = playground
    open_ready(page)
    page.get_by_label("Expression").fill(program("overwrite_bug"))
    expect(page.locator("#output-text")).to_contain_text("a.grad = 1.0", timeout=BOOT)
    expect(page.locator("#graph svg g.node")).to_have_count(3)  # a, b and its +: drawn
    check(page)
    bad = page.get_by_role("table", name="Gradient check").locator("tr.mismatch")
    expect(bad).to_have_count(1)
    expect(bad.locator("th")).to_have_text("a")
    expect(bad).to_contain_text("2.0000")  # the numeric grad: a is used twice
    expect(page.locator("#graph svg g.node.grad-bad")).to_have_count(1)


def test_gradient_check_flags_a_wrong_mul_backward(playground: Page) -> None:
    page = playground
    open_ready(page)
    source = program("own_class_descent").split("w1 = Value(2.0)")[0]
    source = source.replace("self.grad += other.data * out.grad", "self.grad += out.grad")
    source += "x = Value(2.0)\ny = Value(-3.0)\nout = x * y + x\nbackprop(out)\nprint('ran')\n"
    page.get_by_label("Expression").fill(source)
    expect(page.locator("#output-text")).to_contain_text("ran", timeout=BOOT)
    check(page)
    bad = page.get_by_role("table", name="Gradient check").locator("tr.mismatch")
    expect(bad).to_have_count(1)
    expect(bad.locator("th")).to_have_text("x")


def test_descent_reproduces_the_seed_numbers(playground: Page) -> None:
    page = playground
    open_ready(page, src=LOSS)
    region = page.get_by_role("region", name="Gradient descent")
    region.get_by_label("Learning rate").fill("0.5")
    region.get_by_label("Steps").fill("10")
    region.get_by_role("button", name="Run descent").click()
    history = page.get_by_role("table", name="Loss history")
    expect(history.locator("tbody tr")).to_have_count(10, timeout=BOOT)
    losses = history.locator("tbody td")
    expect(losses.nth(0)).to_have_text("2.5000")
    expect(losses.nth(1)).to_have_text("0.6250")
    expect(losses.nth(2)).to_have_text("0.1562")
    expect(losses.nth(3)).to_have_text("0.0391")
    expect(page.locator("#descent-say")).to_contain_text("the loss went from 2.5000 to")
    expect(page.locator("#loss-plot")).to_be_visible()
    # The graph and the text say the same numbers: the parameters after ten updates.
    expect(page.locator("#descent-say")).to_contain_text("w1 is now 1.0010, w2 is now 4.9980")
    w1 = page.locator("#graph svg g.node.value", has_text="w1").first.locator("text").nth(1)
    w2 = page.locator("#graph svg g.node.value", has_text="w2").first.locator("text").nth(1)
    expect(w1).to_have_text("data 1.0010")
    expect(w2).to_have_text("data 4.9980")
    region.get_by_label("Steps").fill("1")
    region.get_by_role("button", name="Run descent").click()  # one more starts there
    expect(history.locator("tbody tr")).to_have_count(11)
    expect(w1).to_have_text("data 1.0005")


def test_descent_single_steps_pause_and_chosen_parameters(playground: Page) -> None:
    page = playground
    open_ready(page, src=LOSS)
    region = page.get_by_role("region", name="Gradient descent")
    region.get_by_label("Learning rate").fill("0.5")
    history = page.get_by_role("table", name="Loss history")
    say = page.locator("#descent-say")
    step = region.get_by_role("button", name="Descent step")
    step.click()
    expect(history.locator("tbody tr")).to_have_count(1, timeout=BOOT)
    expect(history.locator("tbody td").nth(0)).to_have_text("2.5000")
    expect(say).to_have_text(
        "Descent step 0: the loss was 2.5000; w1 is now 1.5000, w2 is now 4.0000, "
        "where the loss is 0.6250 (on the graph)."
    )
    # A round rewrites the numbers on the graph already on screen: no new layout.
    page.locator("#graph > svg").evaluate("svg => svg.setAttribute('data-kept', '')")
    step.click()
    expect(history.locator("tbody td").nth(1)).to_have_text("0.6250")
    expect(page.locator("#graph > svg[data-kept]")).to_have_count(1)
    w1 = page.locator("#graph svg g.node.value", has_text="w1").first.locator("text").nth(1)
    expect(w1).to_have_text("data 1.2500")  # after two updates, as the text says
    expect(page.locator("#loss-plot")).to_have_attribute(
        "aria-label", "Loss by step: from 2.5 at step 0 to 0.625 at step 1"
    )

    # Run a long descent and pause it: the steps stop, and Run descent goes on from there.
    region.get_by_label("Steps").fill("1000")
    region.get_by_role("button", name="Run descent").click()
    pause = region.get_by_role("button", name="Pause descent")
    expect(history.locator("tbody tr").nth(6)).to_be_attached()
    pause.click()
    # A hang ceiling, not a timing: the button answers at once, the loop at its next step.
    expect(region.get_by_role("button", name="Run descent")).to_be_visible(timeout=2_000)
    expect(say).to_contain_text("Paused after", timeout=2_000)
    rows = history.locator("tbody tr").count()
    page.wait_for_timeout(500)
    assert history.locator("tbody tr").count() == rows < 1002
    assert page.locator("#loss-plot polyline").get_attribute("points").count(",") == rows

    # Only the parameters chosen move.
    region.get_by_text("Parameters (default: every named leaf)").click()
    region.get_by_role("checkbox", name="w1").uncheck()
    expect(region.get_by_role("checkbox", name="w2")).to_be_checked()
    step.click()
    expect(history.locator("tbody tr")).to_have_count(rows + 1)
    expect(say).to_contain_text("w2 is now")
    expect(say).not_to_contain_text("w1")


def test_practice_with_right_and_wrong_answers(playground: Page) -> None:
    page = playground
    page.goto("/?practice=1")
    expect(page.get_by_label("n.grad after o._backward()")).to_be_visible()  # seed step passed
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#practice-hint-text")).to_contain_text(
        "n.grad += (1 - o.data**2) * o.grad"
    )
    page.get_by_label("n.grad after o._backward()").fill("0.5")
    page.keyboard.press("Enter")
    expect(page.locator("#practice-score")).to_have_text("Score: 1 of 1.")
    expect(page.locator("#status")).to_contain_text("Right: n.grad = 0.5000.")
    page.get_by_label("b.grad after n._backward()").fill("1")  # wrong: it is 0.5
    page.get_by_label("(x1*w1 + x2*w2).grad after n._backward()").fill("0.5")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("#practice-score")).to_have_text("Score: 2 of 3.")
    expect(page.locator("#status")).to_contain_text("Not quite: b.grad = 0.5000 (you said 1).")
    expect(page.locator("#step-count")).to_have_text("3 / 6")


def test_the_inspector_tells_a_nodes_story(playground: Page) -> None:
    page = playground
    page.goto("/?step=6")
    page.locator("#graph svg g[id='n0']").click()  # x1
    inspector = page.get_by_role("region", name="Inspector")
    expect(inspector).to_be_visible()
    expect(inspector).to_contain_text("x1")
    expect(inspector).to_contain_text("-1.5000 (at step 6 of 6)")
    expect(inspector).to_contain_text("used by")
    expect(inspector).to_contain_text("x1*w1")
    expect(inspector).to_contain_text("after step 6")
    page.locator("#graph svg g[id='n2']").click()  # x1*w1: its own rule, with numbers
    expect(inspector).to_contain_text("x1.grad += w1.data * (x1*w1).grad")


def test_forward_steps_fill_in_the_data_in_order(playground: Page) -> None:
    page = playground
    page.goto("/?forward=1")
    expect(page.locator("#step-count")).to_have_text("0 / 16")  # 10 values, then 6 backward
    n = page.locator("#graph svg g[id='n8'] > text").nth(1)  # n's data field
    expect(n).to_have_text("data ?")
    for _ in range(9):
        page.get_by_role("button", name="Next step").click()
    expect(page.locator("#status")).to_contain_text(
        "n = (x1*w1 + x2*w2) + b  →  (-6.0000) + 6.8814 = 0.8814"
    )
    expect(n).to_have_text("data 0.8814")
    expect(page.locator("#graph svg g[id='n9'] > text").nth(1)).to_have_text("data ?")
    page.locator("#graph").focus()
    page.keyboard.press("End")
    expect(page.locator("#step-count")).to_have_text("16 / 16")
    expect_grads(page, {"n0": "-1.5000"})


def test_what_if_a_leaf_had_another_value(playground: Page) -> None:
    page = playground
    page.goto("/?step=6")
    wait_for_python(page)
    x1 = page.get_by_role("spinbutton", name="x1")  # a name the program assigns a number
    expect(page.get_by_role("slider", name="x1")).to_be_visible()
    x1.fill("3")
    data = page.locator("#graph svg g[id='n0'] > text").nth(1)
    expect(data).to_have_text("data 3.0000")
    expect(page.locator("#step-count")).to_have_text("6 / 6")  # the step position stays
    expect_grads(page, {"n1": "0.1685"})  # w1.grad = x1 * (1 - o²): 3 * (1 - (-0.9713)²)
    page.get_by_role("slider", name="x1").focus()
    page.keyboard.press("ArrowRight")  # keyboard-operable
    expect(data).not_to_have_text("data 3.0000")
    link = page.get_by_role("button", name="Copy link")
    link.click()
    assert "values=" in page.url
    page.goto(page.url)  # the permalink keeps the value: the server draws it
    expect(page.locator("#graph svg g[id='n0'] > text").nth(1)).not_to_have_text("data 2.0000")


def test_modes_rate_steps_and_parameters_go_into_the_permalink(playground: Page) -> None:
    page = playground
    open_ready(page, src=LOSS)
    region = page.get_by_role("region", name="Gradient descent")
    region.get_by_label("Learning rate").fill("0.25")
    region.get_by_label("Steps").fill("4")
    region.get_by_label("Steps").dispatch_event("change")
    page.get_by_role("button", name="Step the forward pass too").click()
    page.get_by_role("button", name="Practice: predict each grad").click()
    for kept in ("forward=1", "practice=1", "rate=0.25", "steps=4"):
        expect(page).to_have_url(re.compile(rf"[?&]{re.escape(kept)}(&|$)"))
    page.goto(page.url)  # the permalink opens as it was left
    region = page.get_by_role("region", name="Gradient descent")
    expect(region.get_by_label("Learning rate")).to_have_value("0.25")
    expect(region.get_by_label("Steps")).to_have_value("4")
    forward = page.get_by_role("button", name="Step the forward pass too")
    expect(forward).to_have_attribute("aria-pressed", "true")
    practice = page.get_by_role("button", name="Practice: predict each grad")
    expect(practice).to_have_attribute("aria-pressed", "true")

    page.goto("/?" + urlencode({"src": LOSS, "params": "w2", "manual": "1"}))
    wait_for_python(page)  # manual mode starts once Python can take the calls
    stop = page.get_by_role("button", name="Stop calling _backward() yourself")
    expect(stop).to_be_visible(timeout=BOOT)
    region = page.get_by_role("region", name="Gradient descent")
    region.locator("summary").click()  # the Parameters list
    expect(region.get_by_role("checkbox", name="w2")).to_be_checked()
    expect(region.get_by_role("checkbox", name="w1")).not_to_be_checked()
    expect(page).to_have_url(re.compile(r"manual=1"))
    expect(page).to_have_url(re.compile(r"params=w2"))


def test_arrow_keys_move_between_the_values(playground: Page) -> None:
    page = playground
    page.goto("/?step=6")
    graph = page.locator("#graph")
    graph.focus()
    page.keyboard.press("ArrowDown")  # the first value: x1
    expect(page.locator("#status")).to_have_text("x1: data 2.0000, grad -1.5000, an input.")
    expect(page.locator("#graph svg g[id='n0']")).to_have_class(re.compile(r"\bcursor\b"))
    inspector = page.get_by_role("region", name="Inspector")
    expect(inspector).to_contain_text("x1")
    page.keyboard.press("ArrowUp")  # stays on the first
    expect(page.locator("#status")).to_contain_text("x1: data 2.0000")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#graph svg g[id='n0']")).not_to_have_class(re.compile(r"\bcursor\b"))
    expect(page.locator("#graph svg g.cursor")).to_have_count(1)
    expect(page.locator("#step-count")).to_have_text("6 / 6")  # ↑ and ↓ never step
