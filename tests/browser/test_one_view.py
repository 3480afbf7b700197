"""The lesson in one view (issue 23, item 1): while stepping, the graph, the step controls, the
step's chain-rule line (and on wide screens the code) are on the first screen with no
scrolling; the view controls are one row above the graph; Manual and Practice sit with the
graph; a legend names every highlight, in the graph's own colours. Positions and colours are
asserted, never pixels (scripts/screenshots.py makes pictures for people).

Elsewhere: the inspector beside its node (test_inspector.py), the step's node kept in view
(test_pan_zoom.py), status lines never cut (test_status_lines.py), the dark theme
(test_dark_theme.py)."""

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.on_screen import assert_on_screen, box, scroll_y
from tests.browser.playground_page import BOOT, step, wait_for_python
from tests.programs import program

WIDE = [(1280, 800), (1440, 900), (1920, 1080)]
NARROW = [(768, 1024), (390, 844)]


def code(page: Page) -> Locator:
    """The code editor's frame on screen (CodeMirror's, or the textarea before it loads)."""
    return page.locator(".code-editor:visible, #expression:visible").first


def the_lesson(page: Page) -> dict[str, Locator]:
    return {
        "graph": page.locator("#graph"),
        "Previous step": page.get_by_role("button", name="Previous step"),
        "Next step": page.get_by_role("button", name="Next step"),
        "timeline": page.get_by_role("slider", name="Step"),
        "step count": page.locator("#step-count"),
        "chain rule": page.locator("#rule"),
    }


@pytest.mark.parametrize("size", WIDE + NARROW, ids=lambda s: f"{s[0]}x{s[1]}")
def test_stepping_is_one_screen(playground: Page, size) -> None:
    page = playground
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto("/")
    step(page, 4)
    rule = page.locator("#rule")
    expect(rule).to_contain_text("0.0000 + 0.5000 = 0.5000")  # the line, with its numbers
    parts = the_lesson(page)
    if size in WIDE:
        parts["code"] = code(page)
    assert scroll_y(page) == 0
    for what, locator in parts.items():
        assert_on_screen(page, locator, what)
    graph = box(parts["graph"])
    assert graph["height"] >= 0.3 * size[1], f"the graph is squeezed: {graph}"


def test_a_learners_own_class_steps_on_one_screen(playground: Page) -> None:
    page = playground
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    wait_for_python(page)
    page.get_by_label("Expression").fill(program("own_class_descent"))
    rule = page.locator("#rule")
    expect(rule).to_contain_text("the program's first _backward() call", timeout=BOOT)
    page.evaluate("() => window.scrollTo(0, 0)")
    step(page, 3)
    expect(rule.locator("code").first).to_be_visible()
    assert scroll_y(page) == 0
    parts = {**the_lesson(page), "code": code(page)}
    for what, locator in parts.items():
        assert_on_screen(page, locator, what)


def test_view_controls_are_one_row_above_the_graph(playground: Page) -> None:
    page = playground
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    names = ["Fit", "Zoom in", "Zoom out", "Pan left", "Pan up", "Pan down", "Pan right"]
    names += ["Copy link", "Embed", "Node table", "Keyboard shortcuts"]
    tops = {round(box(page.get_by_role("button", name=n, exact=True))["y"]) for n in names}
    tops.add(round(box(page.get_by_text("Download", exact=True))["y"]))
    assert max(tops) - min(tops) <= 6, f"view controls on more than one row: {sorted(tops)}"
    assert max(tops) < box(page.locator("#graph"))["y"]


@pytest.mark.parametrize("mode", ["manual", "practice"])
def test_learning_modes_sit_with_the_graph(playground: Page, mode) -> None:
    page = playground
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    wait_for_python(page)
    if mode == "manual":
        page.get_by_role("button", name="Call _backward() yourself").click()
        controls = {
            "Node": page.get_by_label("Node", exact=True),
            "Call _backward()": page.get_by_role("button", name="Call _backward()", exact=True),
            "Undo call": page.get_by_role("button", name="Undo call"),
        }
    else:
        page.get_by_role("button", name="Practice: predict each grad").click()
        controls = {
            "first answer": page.locator("#practice-fields input").first,
            "Check": page.locator("#practice-form").get_by_role("button", name="Check"),
        }
    for what, locator in controls.items():
        expect(locator).to_be_visible()
        assert_on_screen(page, locator, what)
    assert_on_screen(page, page.locator("#graph"), "graph")
    assert scroll_y(page) == 0


# Each highlight class the graph's CSS styles on a value, and its legend entry.
LEGEND = {
    "current": "ran this step",
    "changed": "grad just changed",
    "accumulates": "grad summed (+=)",
    "nonfinite": "inf or nan",
    "cursor": "chosen value",
    "ready": "ready to call",
    "wrong": "wrong grad",
    "ok": "grad checks out",
}


def test_the_legend_names_every_highlight(playground: Page) -> None:
    page = playground
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    legend = page.get_by_role("list", name="Legend")
    for name, words in LEGEND.items():
        item = legend.locator(f"li.legend-{name}")
        expect(item).to_have_count(1)
        expect(item).to_have_text(words)
        expect(item.locator(".swatch")).to_have_count(1)
    step(page, 4)
    for name in ["current", "changed", "accumulates", "nonfinite", "cursor"]:
        expect(legend.locator(f"li.legend-{name}")).to_be_visible()
    assert_on_screen(page, legend, "the legend")
    # The swatch is drawn in the graph's own colour for that mark.
    for name in ["current", "changed"]:
        stroke = page.locator(f"#graph svg g.node.value.{name} polygon").first.evaluate(
            "(e) => getComputedStyle(e).stroke"
        )
        swatch = legend.locator(f".swatch-{name}").evaluate(
            "(e) => getComputedStyle(e).borderTopColor"
        )
        assert stroke == swatch, (name, stroke, swatch)
    # Calling _backward() by hand adds its marks to the legend.
    expect(legend.locator("li.legend-ready")).to_be_hidden()
    wait_for_python(page)
    page.get_by_role("button", name="Call _backward() yourself").click()
    expect(legend.locator("li.legend-ready")).to_be_visible()
    expect(legend.locator("li.legend-wrong")).to_be_visible()
