"""Live editing in the Pyodide worker, in real Chromium: a typed program is drawn and stepped to
the engine's grads, an invalid one says where and keeps the graph, its inputs are listed and
rerun, and the mode (`=` instead of `+=`) reruns it with a contribution lost."""

import re

from playwright.sync_api import Page, expect

from tests.browser.playground_page import (
    expect_grads,
    open_page,
    shown,
    trace_of,
    wait_for_python,
)


def test_typing_a_program_redraws_it(playground: Page) -> None:
    page = playground
    source = "a = 2.0\nb = -3.0\nc = a*b + a\nd = c.tanh()"
    trace = trace_of(source)
    open_page(page)
    wait_for_python(page)
    page.get_by_label("Expression").fill(source)
    expect(page.locator("#graph svg g.node.value")).to_have_count(len(trace["nodes"]))
    expect(page.locator("#editor-error")).to_be_hidden()
    page.locator("#graph").focus()
    page.keyboard.press("End")
    expect_grads(page, {i: shown(g) for i, g in trace["grads"].items()})
    expect(page).to_have_url(re.compile(r"[?&]src="))


def test_an_invalid_program_shows_where_and_keeps_the_graph(playground: Page) -> None:
    page = playground
    open_page(page)
    nodes = page.locator("#graph svg g.node.value")
    expect(nodes).to_have_count(10)
    wait_for_python(page)
    expression = page.get_by_label("Expression")
    expression.fill("x = 3 +* 2")
    error = page.locator("#editor-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(re.compile(r"line 1, column 8", re.IGNORECASE))
    expect(expression).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".cm-lintRange-error")).to_have_text("*")  # CodeMirror's error mark
    expect(nodes).to_have_count(10)

    expression.fill("x = 3 + 2")
    expect(error).to_be_hidden()
    expect(nodes).to_have_count(3)


def test_inputs_are_listed_and_rerun(playground: Page) -> None:
    page = playground
    open_page(page)
    wait_for_python(page)
    page.get_by_label("Expression").fill("y = x * w")
    field = page.get_by_role("spinbutton", name="x", exact=True)
    expect(field).to_have_value("1")
    field.fill("4")
    data = page.locator("#graph svg g.node.value").filter(has_text="y").locator("text").nth(1)
    expect(data).to_have_text("data 4.0000")


def test_overwrite_mode_loses_a_contribution(playground: Page) -> None:
    page = playground
    source = "a = 3.0\nb = a + a"
    a = page.locator("#graph svg g[id='n0'] > text").last
    open_page(page, src=source)
    page.locator("#graph").focus()  # the keys are the graph's
    page.keyboard.press("End")
    expect(a).to_have_text("grad 2.0000")
    a_group = page.locator("#graph svg g[id='n0']")
    expect(a_group).to_have_class(re.compile(r"\baccumulates\b"))
    page.keyboard.press("Home")  # before any step nothing has accumulated yet
    expect(a_group).not_to_have_class(re.compile(r"\baccumulates\b"))
    page.keyboard.press("End")
    wait_for_python(page)
    page.locator("#mode").select_option("overwrite")
    expect(page).to_have_url(re.compile(r"[?&]mode=overwrite"))
    page.locator("#graph").focus()
    page.keyboard.press("End")
    expect(a).to_have_text("grad 1.0000")
