"""Calling `_backward()` by hand (static/js/learn/manual.js), in Chromium: in the notebook's
order, by mouse or by keyboard on the graph, the grads equal the correct pass; in a wrong order
each call is explained, the wrong grads marked, and a call undone."""

import re

from playwright.sync_api import Page, expect

from tests.browser.playground_page import expect_grads, open_ready

NEURON_CALLS = ["n9", "n8", "n6", "n5", "n2"]  # o, n, x1*w1 + x2*w2, x2*w2, x1*w1


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


def call_in_the_notebook_order(page: Page) -> None:
    """Open the page, start the manual mode and call each node in the notebook's order, until
    the note says the grads are the correct pass's."""
    open_ready(page)
    start_manual(page)
    for node in NEURON_CALLS:
        call(page, node)
    expect(page.locator("#manual-note")).to_have_text(
        "Every node has run, and every grad equals the correct pass."
    )


def test_manual_calls_in_the_notebook_order(playground: Page) -> None:
    page = playground
    call_in_the_notebook_order(page)
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
