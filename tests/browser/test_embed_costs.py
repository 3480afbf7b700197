"""Embeds that cost little: one without controls is a picture and loads no Python until the
reader turns to the editor (none at all without an editor); `speed` holds without controls."""

import re

import pytest
from playwright.sync_api import Page, expect

from app.presets import NEURON
from engine.record.tracing import DEFAULT_SPEED
from tests.browser.playground_page import trace_of
from tests.browser.watch import watch

PYODIDE = re.compile(r"/static/vendor/pyodide/")


def test_a_picture_embed_loads_python_only_when_the_reader_edits(page: Page) -> None:
    problems = watch(page)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto("/embed?controls=0")
    expect(page.locator("#graph svg")).to_be_visible()
    expect(page.locator("#boot-status")).to_have_attribute("data-state", "idle")
    page.wait_for_load_state("networkidle")
    assert not [url for url in requests if PYODIDE.search(url)]
    # Panning the picture is not a reason to load Python.
    page.locator("#graph").click()
    page.wait_for_load_state("networkidle")
    assert not [url for url in requests if PYODIDE.search(url)]
    with page.expect_request(PYODIDE):
        page.get_by_label("Expression").click()
    expect(page.locator("#boot-status")).to_have_attribute("data-state", "ready", timeout=60_000)
    page.get_by_label("Expression").fill("a = 3.0\nb = a * a\n")
    expect(page.locator("#graph svg g.node.value")).to_have_count(2)
    assert problems == []


def test_without_an_editor_python_never_loads(page: Page) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto("/embed?controls=0&editor=0")
    expect(page.locator("#graph svg")).to_be_visible()
    page.locator("#graph").click()
    page.keyboard.press("ArrowRight")
    page.wait_for_load_state("networkidle")
    assert not [url for url in requests if PYODIDE.search(url)]


def frozen_clock(page: Page) -> None:
    """Timers run only when the test says (page.clock.run_for), however slow the machine."""
    page.clock.install(time=0)
    page.clock.pause_at(1000)


@pytest.mark.parametrize(
    "query, ms", [("&speed=250", 250), ("", DEFAULT_SPEED)], ids=["speed=250", "default"]
)
def test_the_speed_holds_in_an_embed_without_controls(page: Page, query: str, ms: int) -> None:
    """The URL's speed, else the server's default (engine.record.tracing.DEFAULT_SPEED)."""
    frozen_clock(page)
    page.goto(f"/embed?controls=0&editor=0&autoplay=1{query}")
    # The page wires itself after its first frame (static/js/page/first-frame.js): a paused
    # clock paints none, so the test lets a frame pass; play starts within these 20 ms.
    page.clock.run_for(20)
    status = page.locator("#status")
    expect(status).to_have_text(re.compile(r"^Step 1 of "))
    page.clock.run_for(ms - 30)
    expect(status).to_have_text(re.compile(r"^Step 1 of "))
    page.clock.run_for(40)
    expect(status).to_have_text(re.compile(r"^Step 2 of "))


@pytest.mark.parametrize("size", [(640, 360), (900, 500)])
def test_a_picture_embed_never_crops_the_output(page: Page, size: tuple[int, int]) -> None:
    """A picture at the end of the pass shows its output node whole, however narrow the iframe
    (the last step's node is at the other end of the graph: the first view does not follow it)."""
    problems = watch(page)
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto("/embed?controls=0&editor=0")
    output = trace_of(NEURON)["output"]
    node = page.locator(f"#graph svg g[id='{output}']")
    expect(node).to_be_visible()
    panel = page.locator("#graph").bounding_box()
    box = node.bounding_box()
    assert panel and box
    assert panel["x"] <= box["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"]
    assert panel["y"] <= box["y"] and box["y"] + box["height"] <= panel["y"] + panel["height"]
    assert problems == []
