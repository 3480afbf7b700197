"""The lesson in one view (issue 23, item 1): while stepping, the graph, the step controls, the
step's chain-rule line (and on wide screens the code) are on the first screen with no
scrolling; the inspector opens beside its node; Manual and Practice sit with the graph; a
legend names every highlight; the step's node stays in view with no label cut at an edge; the
status line is never cut with "…"; the dark theme covers every field. Positions and colours are
asserted, never pixels (scripts/screenshots.py makes pictures for people)."""

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.test_playground import BOOT, playground, wait_for_python
from tests.programs import program

__all__ = ["playground"]  # the fixture, used by name

WIDE = [(1280, 800), (1440, 900), (1920, 1080)]
NARROW = [(768, 1024), (390, 844)]
# A graph taller than a phone's panel and longer than one screen at readable text: its steps
# make the view pan.
CHAIN = """a = 1.5
b = -2.0
c = a*b + a
d = c*c + b
e = d.tanh() * a
f = e*e + c*d
g = f + e*b
h = g.tanh()
k = h*a + g*b
"""


def box(locator: Locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, f"{locator} has no box (hidden?)"
    return found


def assert_on_screen(page: Page, locator: Locator, what: str) -> None:
    """Wholly inside the viewport, with the page not scrolled."""
    size = page.viewport_size
    b = box(locator)
    assert b["x"] >= -0.5 and b["y"] >= -0.5, f"{what} starts off screen: {b}"
    right, bottom = b["x"] + b["width"], b["y"] + b["height"]
    assert right <= size["width"] + 0.5, f"{what} ends right of the screen: {b}"
    assert bottom <= size["height"] + 0.5, f"{what} ends below the screen ({size}): {b}"


def scroll_y(page: Page) -> float:
    return page.evaluate("() => window.scrollY")


def step(page: Page, n: int) -> None:
    count = page.locator("#step-count")
    for _ in range(n):
        before = count.inner_text()
        page.get_by_role("button", name="Next step").click()
        expect(count).not_to_have_text(before)


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


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_step_stays_in_view_and_no_label_is_cut(playground: Page, size) -> None:
    page = playground
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto("/?" + urlencode({"src": CHAIN}))
    count = page.locator("#step-count")
    total = int(count.inner_text().split("/")[1])
    assert total >= 10
    graph = page.locator("#graph")
    page.locator("#graph").focus()
    moved = set()
    for n in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        expect(count).to_have_text(f"{n} / {total}")
        panel = box(graph)
        boxes = page.locator("#graph svg g.node.value > polygon").evaluate_all(
            """(all) => all.map((p) => {
              const r = p.getBoundingClientRect();
              const g = p.parentElement.classList;
              return {x: r.x, y: r.y, width: r.width, height: r.height,
                      current: g.contains("current"), changed: g.contains("changed")};
            })"""
        )
        # The step's node, with the inputs it changed when they fit in the panel together.
        marked = [b for b in boxes if b["current"] or b["changed"]]
        span_x = max(b["x"] + b["width"] for b in marked) - min(b["x"] for b in marked)
        span_y = max(b["y"] + b["height"] for b in marked) - min(b["y"] for b in marked)
        together = span_x <= panel["width"] - 8 and span_y <= panel["height"] - 8
        for b in boxes:
            b["marked"] = b["current"] or (together and b["changed"])
        moved.add(page.locator("#graph svg").evaluate("(s) => s.style.transform"))
        for b in boxes:
            inside = (
                b["x"] >= panel["x"] - 1
                and b["y"] >= panel["y"] - 1
                and b["x"] + b["width"] <= panel["x"] + panel["width"] + 1
                and b["y"] + b["height"] <= panel["y"] + panel["height"] + 1
            )
            # The bottom edge may cut a record below its label row (data, grad), never through it.
            label_shown = (
                b["x"] >= panel["x"] - 1
                and b["y"] >= panel["y"] - 1
                and b["x"] + b["width"] <= panel["x"] + panel["width"] + 1
                and b["y"] + b["height"] / 3 <= panel["y"] + panel["height"] + 1
            )
            outside = (
                b["x"] + b["width"] <= panel["x"] + 1
                or b["y"] + b["height"] <= panel["y"] + 1
                or b["x"] >= panel["x"] + panel["width"] - 1
                or b["y"] >= panel["y"] + panel["height"] - 1
            )
            if b["marked"]:
                assert inside, f"step {n}: a highlighted value {b} is not in the panel {panel}"
            else:
                assert inside or label_shown or outside, f"step {n}: {b}'s label is cut: {panel}"
    assert len(moved) > 1, "the view never panned: this graph does not test following"


FITS = """(e) => {
  const s = getComputedStyle(e);
  return s.textOverflow !== "ellipsis" && e.scrollWidth <= e.clientWidth + 1
    && e.scrollHeight <= e.clientHeight + 1;
}"""


def test_the_status_line_is_never_cut(playground: Page) -> None:
    page = playground
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    status = page.locator("#status")
    for n in range(1, 7):
        step(page, 1)
        expect(status).to_contain_text(f"Step {n} of 6")
        assert status.evaluate(FITS), f"step {n}: the status line is cut: {status.inner_text()}"
        assert_on_screen(page, status, "the status line")


@pytest.mark.parametrize("width", [390, 768, 1280])
def test_that_python_is_ready_is_never_cut(playground: Page, width: int) -> None:
    """The lasting words fit on one line (a wrap would shift the page as Python starts)."""
    page = playground
    page.set_viewport_size({"width": width, "height": 844})
    page.goto("/")
    boot = page.locator("#boot-status")
    expect(boot).to_contain_text("edits run live", timeout=BOOT)
    cut = boot.evaluate(
        "(e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1"
    )
    assert not cut, f"the boot status is cut: {boot.inner_text()}"
    assert_on_screen(page, boot, "the boot status")


# Every field and panel on the page, in the dark theme: text against its own background
# (the first opaque background up its ancestors) at ≥ 4.5:1, and no white field.
AUDIT = """() => {
  const parse = (c) => {
    const m = c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const lum = ({ r, g, b }) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const backgroundOf = (e) => {
    for (let n = e; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c.a > 0.5) return c;
    }
    return { r: 255, g: 255, b: 255 };
  };
  const selector = "input, select, textarea, button, summary, table, th, td, dialog, details, "
    + "fieldset, output, pre, .code-editor, .cm-content, .loss-plot, #rule, .inspector, "
    + ".output, .legend li, #status, .manual-note, .learn-say, label";
  const out = [];
  for (const e of document.querySelectorAll(selector)) {
    if (!e.getClientRects().length || e.closest("[hidden]") || e.disabled) continue;
    if (getComputedStyle(e).visibility === "hidden") continue;
    if (e.type === "range" || e.type === "checkbox" || e.type === "radio") continue;
    const bg = backgroundOf(e);
    const fg = parse(getComputedStyle(e).color);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const name = e.id ? `#${e.id}` : `${e.tagName.toLowerCase()}.${e.className}`;
    out.push({ name, ratio: (hi + 0.05) / (lo + 0.05), bg: lum(bg) });
  }
  return out;
}"""


def test_dark_theme_covers_every_field(playground: Page) -> None:
    page = playground
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    page.get_by_label("Theme", exact=True).select_option("dark")
    wait_for_python(page)
    page.get_by_role("button", name="Node table").click()
    page.get_by_role("button", name="Practice: predict each grad").click()
    page.get_by_role("button", name="Check gradients").click()
    expect(page.get_by_role("table", name="Gradient check")).to_be_visible(timeout=BOOT)
    page.locator("#descent-params summary").click()
    page.get_by_role("button", name="Run descent").click()
    expect(page.get_by_role("table", name="Loss history")).to_be_visible(timeout=BOOT)
    page.locator("#graph").focus()
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("region", name="Inspector")).to_be_visible()
    found = page.evaluate(AUDIT)
    assert len(found) > 40, f"the audit saw too little: {len(found)}"
    white = [f for f in found if f["bg"] > 0.6]  # white is 1; the accent of a pressed toggle 0.44
    assert white == [], f"light backgrounds in the dark theme: {white}"
    poor = [f for f in found if f["ratio"] < 4.5]
    assert poor == [], f"text under 4.5:1 in the dark theme: {poor}"
    page.get_by_role("button", name="Keyboard shortcuts").click()
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(dialog).to_be_visible()
    in_dialog = page.evaluate(AUDIT)
    assert [f for f in in_dialog if f["bg"] > 0.6 or f["ratio"] < 4.5] == []
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # The Embed dialog and the Download menu.
    page.get_by_text("Download", exact=True).click()
    expect(page.get_by_role("button", name="Download SVG")).to_be_visible()
    menus = page.evaluate(AUDIT)
    assert [f for f in menus if f["bg"] > 0.6 or f["ratio"] < 4.5] == []
    page.get_by_text("Download", exact=True).click()
    page.get_by_role("button", name="Embed").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    embed = page.evaluate(AUDIT)
    assert len(embed) > len(found)
    assert [f for f in embed if f["bg"] > 0.6 or f["ratio"] < 4.5] == []
