"""How the exercise pages look (issue 25, "Look at it"): /learn/neuron after a failed check
whose mistake the graph locates, and /learn, at 1280×800, 1920×1080 and 390×844, light and
dark. Positions and text are asserted, never pixels: on wide screens the Check button, the
verdict and the graph are on the screen where Check was pressed, nothing overflows sideways,
the prompt's MathML is drawn; on a phone one column, in the order prompt, program, checks,
graph; the sticky graph never lies over the rows below it; the located node is whole in the
graph's box; a verdict below the screen, and on a phone "Show on the graph", scroll what they
show into view. Screenshots go to $EXERCISE_SHOTS when set (for people to look at), else to the
test's tmp_path."""

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.exercise_page import check, fail_located, replace_code, wrong
from tests.browser.on_screen import box, scroll_y
from tests.browser.playground_page import BOOT, wait_for_python
from tests.browser.test_a11y import DARK_BG, LIGHT_BG, background

WIDE = [(1280, 800), (1920, 1080)]
PHONE = (390, 844)
SIZES = [*WIDE, PHONE]
THEMES = ["light", "dark"]
# A tanh whose closure uses its input, not its output: the first wrong call, on the neuron.
MISTAKE = wrong("neuron", "wrong_tanh_of_input")


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("EXERCISE_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def show(page: Page, theme: str, size: tuple[int, int], path: str) -> None:
    page.emulate_media(color_scheme=theme)  # the pages' Theme is "auto": it follows this
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(path)
    assert background(page) == (DARK_BG if theme == "dark" else LIGHT_BG)


def no_sideways_overflow(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def inside(inner: dict, outer: dict, what: str) -> None:
    assert inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5, (what, inner, outer)
    assert inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5, (what, inner, outer)
    assert inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5, (what, inner, outer)


def on_screen(page: Page, locator: Locator, what: str) -> None:
    """Wholly inside the viewport as the page is scrolled now."""
    size = page.viewport_size
    inside(box(locator), {"x": 0, "y": 0, "width": size["width"], "height": size["height"]}, what)


def whole(page: Page, locator: Locator, what: str) -> None:
    """Its text is not cut (an ellipsis, a clipped line)."""
    cut = locator.evaluate(
        "(e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight"
    )
    assert not cut, f"{what} is cut: {locator.inner_text()!r}"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_an_exercise_after_a_located_failure(playground: Page, tmp_path, size, theme) -> None:
    page = playground
    show(page, theme, size, "/learn/neuron")
    wait_for_python(page)
    replace_code(page, page, MISTAKE.code)
    # The learner scrolls to Check (the editor's end is in view after the paste; the button
    # may be below it), to the middle of the screen.
    page.get_by_role("button", name="Check", exact=True).evaluate(
        "(b) => b.scrollIntoView({block: 'center'})"
    )
    scrolled = scroll_y(page)
    fail_located(page, MISTAKE)
    name = f"neuron-failed-{size_id(size)}-{theme}"
    page.screenshot(path=str(shots(tmp_path) / f"{name}.png"))
    no_sideways_overflow(page)
    whole(page, page.locator(".site-header h1"), "the page's title")
    math = page.locator("#exercise .exercise-prompt math").first
    math_box = box(math)
    assert math_box["width"] > 20 and math_box["height"] > 10, math_box  # drawn, not raw TeX
    title = page.get_by_role("heading", name="tanh, and a neuron", exact=True)
    expect(title).to_have_css("text-transform", "none")
    graph = page.locator("#graph")
    verdict = page.locator("#exercise-verdict")
    if size in WIDE:
        # Check does not scroll the page: the button, its verdict and the graph (the stage is
        # sticky) are on the screen where the learner pressed it.
        assert scroll_y(page) == scrolled
        for what, locator in {
            "Check": page.get_by_role("button", name="Check", exact=True),
            "the verdict": verdict,
            "the graph": graph,
        }.items():
            on_screen(page, locator, what)
        assert box(graph)["height"] >= 0.4 * size[1], box(graph)
        if size == WIDE[1]:  # room for the learner's class: its longest lines whole
            code = page.locator(".code-editor .cm-scroller")
            assert code.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "code scrolls sideways"
    else:  # one column, in reading order, each below the one before
        order = [
            page.locator("#exercise .exercise-prompt"),
            page.locator(".editor-panel"),
            page.get_by_role("region", name="Checks"),
            graph,
        ]
        tops = [box(locator)["y"] for locator in order]
        assert tops == sorted(tops), tops
        for above, below in zip(order, order[1:], strict=False):
            a, b = box(above), box(below)
            assert a["y"] + a["height"] <= b["y"] + 0.5, (a, b)  # no overlap
            assert b["x"] < a["x"] + a["width"] and a["x"] < b["x"] + b["width"]  # one column
        for locator in order:
            b = box(locator)
            assert b["x"] >= 0 and b["x"] + b["width"] <= size[0] + 0.5, b
    # Last: a full-page screenshot resizes the viewport for a moment (the graph refits).
    page.screenshot(path=str(shots(tmp_path) / f"{name}-full.png"), full_page=True)


# Whether the element is what is drawn all over its part of the screen (a grid of points):
# no other box lies over it anywhere.
ON_TOP = """(e) => { const r = e.getBoundingClientRect();
  const top = Math.max(r.top, 0) + 2, bottom = Math.min(r.bottom, innerHeight) - 2;
  const missed = [];
  for (let y = top; y <= bottom; y += 20) for (let x = r.left + 2; x <= r.right - 2; x += 20) {
    if (!e.contains(document.elementFromPoint(x, y))) missed.push([Math.round(x), Math.round(y)]);
  }
  return missed.slice(0, 5); }"""


@pytest.mark.parametrize("size", WIDE, ids=size_id)
def test_the_sticky_graph_never_lies_over_the_rows_below(playground: Page, size) -> None:
    """The stage keeps the graph in view beside the exercise; scrolled on to the rows below it
    (the node table, Check and descend: the page's width), it must not be drawn over them."""
    page = playground
    show(page, "light", size, "/learn/neuron")
    page.get_by_role("button", name="Node table").click()
    for region in ("Node table", "Check and descend"):
        rows = page.get_by_role("region", name=region, exact=True)
        rows.evaluate("(e) => e.scrollIntoView({block: 'center'})")
        assert rows.evaluate(ON_TOP) == [], f"{region} lies under something"
        # ... and hides the stage it passes over (its background is not see-through).
        assert rows.evaluate("(e) => getComputedStyle(e).backgroundColor") == LIGHT_BG


# A node's box as getBoundingClientRect gives it: its shape, not the paint of its outline.
SHAPE = """(g) => {
  const r = g.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}"""


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_located_node_is_whole_in_the_graph(playground: Page, size) -> None:
    page = playground
    show(page, "light", size, "/learn/neuron")
    wait_for_python(page)
    replace_code(page, page, MISTAKE.code)
    located = fail_located(page, MISTAKE)
    node = page.locator(f"#graph svg g[id='{located['node']}']")
    # The page scrolled to the graph (not the node: that would scroll the graph's own box,
    # which clips the SVG the view pans, and so cut what it shows).
    page.locator("#graph").scroll_into_view_if_needed()
    # The node's box itself (getBoundingClientRect: its shape, not its outline's paint, which
    # Playwright's box counts; at the graph's very edge half the 4-unit outline may be trimmed).
    shape = node.evaluate(SHAPE)
    inside(shape, box(page.locator("#graph")), "the located node, in the graph's box")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_chapter_page(playground: Page, tmp_path, size, theme) -> None:
    page = playground
    show(page, theme, size, "/learn")
    links = page.get_by_role("list").first.get_by_role("link")
    expect(links).to_have_count(8)
    expect(links.nth(6)).to_have_text("tanh, and a neuron")
    expect(page.locator(".exercise-state").first).to_have_text("Not started")
    page.screenshot(path=str(shots(tmp_path) / f"learn-{size_id(size)}-{theme}.png"))
    no_sideways_overflow(page)
    first, last = box(links.first), box(links.last)
    assert first["y"] < last["y"]  # one exercise a line, in order
    on_screen(page, links.last, "the last exercise")  # eight lines fit a first screen
    on_screen(page, page.get_by_role("button", name="Download my work"), "Download my work")
    back = page.get_by_role("link", name="The playground")  # the way back, shown
    expect(back).to_be_visible()
    on_screen(page, back, "the link to the playground")


def test_a_check_that_passes_is_said_on_screen(playground: Page, tmp_path) -> None:
    """The same page after the solution: Ready, the next exercise's link focused, no mark on the
    graph left from a failure before."""
    page = playground
    show(page, "light", WIDE[0], "/learn/neuron")
    wait_for_python(page)
    replace_code(page, page, MISTAKE.code)
    fail_located(page, MISTAKE)
    page.get_by_role("button", name="Reset to starter").click()
    page.get_by_role("button", name="Show solution").click()
    solution = page.locator("#exercise-solution-code code").inner_text()
    replace_code(page, page, solution)
    check(page, "passed")
    expect(page.locator("#exercise-verdict")).to_have_text(re.compile(r"^Ready"))
    expect(page.locator("#exercise-next")).to_be_focused()
    expect(page.locator("#exercise-results li.check-fail")).to_have_count(0)
    expect(page.locator("#graph")).not_to_have_attribute("data-located", "")
    page.screenshot(path=str(shots(tmp_path) / "neuron-passed-1280x800-light.png"))
    no_sideways_overflow(page)
    on_screen(page, page.locator("#exercise-next"), "the next exercise's link")


def test_a_verdict_below_the_screen_is_brought_into_view(playground: Page) -> None:
    """Check pressed at the bottom edge of a laptop's screen: the verdict under it is shown."""
    page = playground
    show(page, "light", WIDE[0], "/learn")
    # The mistake as the learner's kept code (exercise/progress.js), so no typing: the editor
    # scrolls its cursor into view a moment after a paste, which would undo the scroll below.
    entry = json.dumps({"code": MISTAKE.code})
    page.evaluate("(e) => localStorage.setItem('autograd-playground.exercise:neuron', e)", entry)
    page.goto("/learn/neuron")
    wait_for_python(page)
    expect(page.locator("#expression")).to_have_value(MISTAKE.code)
    # Its run done: the program's What if? fields are in (below the checks: nothing above
    # Check moves after the scroll below).
    expect(page.get_by_role("list", name="Inputs").get_by_role("listitem")).not_to_have_count(0)
    button = page.get_by_role("button", name="Check", exact=True)
    button.evaluate("(b) => b.scrollIntoView({block: 'end'})")
    on_screen(page, button, "Check")
    verdict = page.locator("#exercise-verdict")
    expect(verdict).not_to_be_in_viewport()
    # A click where the button is (Playwright's click() would first scroll it to the middle).
    button.dispatch_event("click")
    expect(page.locator("#graph")).to_have_attribute("data-located", "", timeout=BOOT)
    expect(verdict).to_be_in_viewport(ratio=1)


def test_on_a_phone_show_on_the_graph_brings_the_node_into_view(playground: Page) -> None:
    """One column: the graph is below the checks; "Show on the graph" shows the wrong call's
    node on the screen."""
    page = playground
    show(page, "light", PHONE, "/learn/neuron")
    wait_for_python(page)
    replace_code(page, page, MISTAKE.code)
    located = fail_located(page, MISTAKE)
    show_it = page.get_by_role("button", name="Show on the graph").first
    show_it.scroll_into_view_if_needed()
    node = page.locator(f"#graph svg g[id='{located['node']}']")
    expect(node).not_to_be_in_viewport()
    show_it.click()
    expect(node).to_be_in_viewport(ratio=0.9)  # at the graph's edge its outline is trimmed
