"""The inspector (static/js/steps/inspector.js), in Chromium: a popover beside its value, opened
by a click or by the keyboard (the arrows choose a value, Enter goes in, Escape back to the
graph), and the story it tells of a node: its grad at the step, who uses it, its rule."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_screen import assert_on_screen, box
from tests.browser.playground_page import step


def beside(popover: dict, node: dict, gap: float = 24) -> bool:
    """Next to the node (touching within `gap` on one side) and not over it."""
    left_of = popover["x"] + popover["width"] <= node["x"] + 0.5
    right_of = popover["x"] >= node["x"] + node["width"] - 0.5
    above = popover["y"] + popover["height"] <= node["y"] + 0.5
    below = popover["y"] >= node["y"] + node["height"] - 0.5
    if right_of:
        return popover["x"] - (node["x"] + node["width"]) <= gap
    if left_of:
        return node["x"] - (popover["x"] + popover["width"]) <= gap
    if below:
        return popover["y"] - (node["y"] + node["height"]) <= gap
    if above:
        return node["y"] - (popover["y"] + popover["height"]) <= gap
    return False


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_inspector_opens_beside_its_node(playground: Page, size) -> None:
    page = playground
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto("/")
    step(page, 3)
    node = page.locator("#graph svg g.node.value.current")  # n, in view: the step's node
    node.click()
    inspector = page.get_by_role("region", name="Inspector")
    expect(inspector).to_be_visible()
    expect(inspector).to_contain_text("n")
    assert_on_screen(page, inspector, "the inspector")
    where, at = box(inspector), box(node.locator("polygon").first)
    assert beside(where, at), f"inspector {where} is not beside its node {at}"


def test_the_inspector_by_keyboard_and_escape(playground: Page) -> None:
    page = playground
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    graph = page.locator("#graph")
    graph.focus()
    page.keyboard.press("ArrowDown")  # the first value: x1
    inspector = page.get_by_role("region", name="Inspector")
    expect(inspector).to_be_visible()
    chosen = page.locator("#graph svg g.node.value.cursor")
    expect(chosen).to_have_count(1)
    assert beside(box(inspector), box(chosen.locator("polygon").first))
    page.keyboard.press("Enter")
    expect(inspector).to_be_focused()
    page.keyboard.press("Escape")
    expect(inspector).to_be_hidden()
    expect(graph).to_be_focused()
    page.keyboard.press("ArrowDown")  # the keyboard is on the graph again
    expect(inspector).to_be_visible()
    page.keyboard.press("Escape")
    expect(inspector).to_be_hidden()


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
