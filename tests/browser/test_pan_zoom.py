"""Moving the view (static/js/graph/pan-zoom.js), in real Chromium: zoom, a drag and Fit; the pan
buttons; the wheel zooms an embed only with Ctrl, leaving the page's scrolling alone; on a phone,
which shows the graph first, one finger scrolls the page and two zoom the graph; and the view
follows the step, its node in the panel and no label cut at an edge."""

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.measure import settled, view
from tests.browser.on_screen import box
from tests.browser.playground_page import open_page


def test_zoom_pan_and_fit_move_the_picture(playground: Page) -> None:
    page = playground
    open_page(page)
    svg = page.locator("#graph svg")
    graph = page.locator("#graph").bounding_box()
    before = svg.bounding_box()
    page.get_by_role("button", name="Zoom in").click()
    zoomed = svg.bounding_box()
    assert zoomed["width"] == pytest.approx(before["width"] * 1.25, rel=0.02)
    page.mouse.move(graph["x"] + 100, graph["y"] + 50)
    page.mouse.down()
    page.mouse.move(graph["x"] + 160, graph["y"] + 90, steps=4)
    page.mouse.up()
    dragged = svg.bounding_box()
    assert (dragged["x"] - zoomed["x"], dragged["y"] - zoomed["y"]) == pytest.approx(
        (60, 40), abs=1
    )
    page.keyboard.press("0")  # the graph has focus after the drag: 0 fits
    fitted = svg.bounding_box()
    assert fitted["width"] <= graph["width"] + 1 and fitted["height"] <= graph["height"] + 1
    assert (
        graph["x"] - 1 <= fitted["x"]
        and fitted["x"] + fitted["width"] <= graph["x"] + graph["width"] + 1
    )


# Where an element is on the page (not on the screen), and its size: [x, y, width, height].
_ON_PAGE = """e => { const r = e.getBoundingClientRect();
  return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }"""


def test_pan_buttons_move_the_view(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    expect(page.locator("#graph svg.pan-zoom")).to_be_visible()
    panel = view(page)
    for name, dx, dy in [("Pan left", 1, 0), ("Pan right", -1, 0), ("Pan up", 0, 1),
                         ("Pan down", 0, -1)]:  # fmt: skip
        before = view(page)["output"]
        page.get_by_role("button", name=name, exact=True).click()
        after = view(page)["output"]
        # The view moves that way, so the picture moves the other way by a quarter panel.
        moved_x = after["left"] - before["left"]
        moved_y = after["top"] - before["top"]
        assert moved_x == pytest.approx(dx * panel["panelWidth"] / 4, abs=2), (name, moved_x)
        assert moved_y == pytest.approx(dy * panel["panelHeight"] / 4, abs=2), (name, moved_y)


def test_the_wheel_zooms_only_with_ctrl_in_an_embed(page: Page) -> None:
    page.set_viewport_size({"width": 720, "height": 520})
    page.goto("/embed?editor=0")
    svg = page.locator("#graph svg.pan-zoom")
    expect(svg).to_be_visible()
    width = svg.bounding_box()["width"]
    graph = page.locator("#graph").bounding_box()
    page.mouse.move(graph["x"] + graph["width"] / 2, graph["y"] + graph["height"] / 2)
    page.mouse.wheel(0, -300)
    page.wait_for_timeout(200)
    assert svg.bounding_box()["width"] == pytest.approx(width, abs=0.5), "no zoom"
    page.keyboard.down("Control")
    page.mouse.wheel(0, -300)
    page.keyboard.up("Control")
    settled(page, lambda: _assert_wider(svg.bounding_box()["width"], width))


def _assert_wider(now: float, before: float) -> None:
    assert now > before * 1.2, (now, before)


def test_a_phone_shows_the_graph_first_and_scrolls_with_one_finger(
    browser: Browser, base_url: str
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, base_url=base_url
    )
    page = context.new_page()
    page.goto("/")
    expect(page.locator("#graph svg.pan-zoom")).to_be_visible()
    graph = page.locator(".graph-panel").bounding_box()
    editor = page.locator(".editor-panel").bounding_box()
    assert graph["y"] < editor["y"], "the graph comes before the program"
    assert graph["y"] < 844 / 4 and graph["y"] + graph["height"] <= 844 + 1
    # One finger is the browser's: it scrolls the page, the picture stays put in the panel.
    touch = page.locator("#graph").evaluate("g => getComputedStyle(g).touchAction")
    assert touch == "pan-x pan-y"
    cdp = context.new_cdp_session(page)
    svg = page.locator("#graph svg")
    box = page.locator("#graph").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = svg.evaluate(_ON_PAGE)
    swipe([[(x, y - 20 * i)] for i in range(11)], cdp)
    settled(page, lambda: _assert_scrolled(page.evaluate("scrollY")))
    assert svg.evaluate(_ON_PAGE) == pytest.approx(before), "the picture did not move in its panel"
    # Two fingers spreading apart are ours: they zoom in, and the page does not scroll (a fresh
    # page: a fling left by the swipe above would make the browser's touchstart uncancelable).
    page.goto("/?two-fingers")  # a new page, not a reload (which restores the scroll)
    expect(page.locator("#graph svg.pan-zoom")).to_be_visible()
    assert page.evaluate("scrollY") == 0
    box = page.locator("#graph").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    width = svg.bounding_box()["width"]
    swipe([[(x - 30 - 5 * i, y), (x + 30 + 5 * i, y)] for i in range(11)], cdp)
    settled(page, lambda: _assert_wider(svg.bounding_box()["width"], width))
    assert page.evaluate("scrollY") == 0
    context.close()


def swipe(frames: list[list[tuple[float, float]]], cdp) -> None:
    """Touch points moving through `frames` (one list of (x, y) per frame), then lifted."""
    for i, frame in enumerate(frames):
        points = [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(frame)]
        kind = "touchStart" if i == 0 else "touchMove"
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _assert_scrolled(scroll_y: float) -> None:
    assert scroll_y > 100, scroll_y


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
