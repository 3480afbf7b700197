"""A graph that cannot be drawn (static/js/steps/result-view.js): the graph on screen stays, dimmed,
with "showing the last program that ran"; the status line, rule panel and timeline still
describe it, the learner's text stays in the editor, and the next program that draws replaces
it and un-dims it.

The failure is made deterministic by serving a layout worker (layout-worker.js, which lays out
graphs of more than 150 values) that fails every layout, as Graphviz WASM running out of memory
and the layered layout failing after it would.
"""

import re

from playwright.sync_api import Page, Route, expect

from app.presets import DEFAULT_SOURCE
from engine.worker.playground import run
from tests.browser.playground_page import open_page, step_count, wait_for_python

WORKER = "**/layout-worker/worker.js"  # under js/bundle/ once setup has built the bundle
STALE = re.compile(r"\bstale\b")  # #graph.stale: dimmed
DIMMED = re.compile(r"^0(\.[0-9]+)?$")  # any opacity below 1
FAILURE = "Graphviz ran out of memory, and so did the layered layout"
# Answers every layout request with a failure, in protocol.js's message shape.
FAILING_WORKER = f"""
self.addEventListener("message", (event) => {{
  self.postMessage({{ type: "layout-failed", id: event.data.id, message: "{FAILURE}" }});
}});
"""
BIG = "x = 1.0\n" + "x = x*1.01 + 0.5\n" * 40  # 161 values: laid out in the worker
SMALL = "a = 2.0\nb = a*a + 1"


def fail_layouts(route: Route) -> None:
    route.fulfill(status=200, content_type="text/javascript", body=FAILING_WORKER)


def describes(page: Page) -> tuple[str, str, str, str]:
    """What the page says of the step on screen: status, count, rule panel, timeline."""
    return (
        page.locator("#status").text_content() or "",
        step_count(page).text_content() or "",
        page.locator("#rule").text_content() or "",
        page.locator("#timeline").get_attribute("aria-valuetext") or "",
    )


def test_a_graph_that_cannot_be_drawn_leaves_the_last_one_dimmed(playground: Page) -> None:
    page = playground
    graph = page.locator("#graph")
    notice = page.locator("#notice")
    values = graph.locator("svg g.node.value")
    n = len(run(DEFAULT_SOURCE)["trace"]["backward"])
    open_page(page)
    wait_for_python(page)
    for _ in range(2):
        page.get_by_role("button", name="Next step").click()
    expect(step_count(page)).to_have_text(f"2 / {n}")
    before = describes(page)
    assert before[0].startswith(f"Step 2 of {n}:") and before[2]

    page.route(WORKER, fail_layouts)
    page.get_by_label("Expression").fill(BIG)
    expect(notice).to_have_text(
        f"The new graph could not be drawn ({FAILURE}): showing the last program that ran."
    )
    expect(graph).to_have_class(STALE)
    expect(graph).to_have_css("opacity", DIMMED)
    expect(values).to_have_count(len(run(DEFAULT_SOURCE)["trace"]["nodes"]))  # still on screen
    assert describes(page) == before
    expect(page.locator("#expression")).to_have_value(BIG)  # the learner's text is kept
    # The controls still step the graph on screen, and say so.
    page.get_by_role("button", name="Next step").click()
    expect(step_count(page)).to_have_text(f"3 / {n}")
    expect(page.locator("#status")).to_contain_text(f"Step 3 of {n}:")

    small = run(SMALL)["trace"]
    page.get_by_label("Expression").fill(SMALL)
    expect(values).to_have_count(len(small["nodes"]))
    expect(graph).not_to_have_class(STALE)
    expect(graph).to_have_css("opacity", "1")
    expect(notice).to_be_hidden()
    steps = len(small["backward"])
    expect(step_count(page)).to_have_text(f"0 / {steps}")
    expect(page.locator("#status")).to_contain_text(f"Step 0 of {steps}:")

    # A failed worker is not kept: once layouts work again, the big program draws in a new one.
    page.unroute(WORKER)
    page.get_by_label("Expression").fill(BIG)
    expect(values).to_have_count(len(run(BIG)["trace"]["nodes"]))
    expect(graph).not_to_have_class(STALE)
