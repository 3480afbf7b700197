"""The playground in real Chromium: the first graph without waiting for Python, permalinks and
Copy link, the MLP preset (a big graph), and an embed with neither controls nor editor. Every
test also fails on a console error, an uncaught exception or a CSP violation (the fixture
`playground`, tests/browser/conftest.py). Stepping: test_stepping.py; editing:
test_live_editing.py; zoom and pan: test_pan_zoom.py.
"""

import re

from playwright.sync_api import Page, expect

from app.presets import NEURON, PRESETS
from bench import probes
from engine.record.graph_record import grad_texts_at
from tests.browser.playground_page import (
    LAYOUT,
    expect_grads,
    open_page,
    shown,
    step_count,
    trace_of,
    wait_for_python,
)


def test_a_permalink_lands_on_its_step(playground: Page) -> None:
    page = playground
    source = "a = 2.0\nb = a*a + a\nc = b.tanh()"
    trace = trace_of(source)
    open_page(page, src=source, step=3)
    expect(step_count(page)).to_have_text(f"3 / {len(trace['backward'])}")
    expect_grads(page, grad_texts_at(trace, 3))
    page.get_by_role("button", name="Previous step").click()
    expect(page).to_have_url(re.compile(r"[?&]step=2(&|$)"))


def test_copy_link_announces(playground: Page) -> None:
    page = playground
    open_page(page)
    page.get_by_role("button", name="Next step").click()
    page.get_by_role("button", name="Copy link").click()
    expect(page.locator("#status")).to_have_text(re.compile(r"^Link (copied|selected)"))
    expect(page).to_have_url(re.compile(r"[?&]step=1(&|$)"))


def test_the_mlp_preset_draws_and_steps(playground: Page) -> None:
    page = playground
    index, preset = next((i, p) for i, p in enumerate(PRESETS) if p.name.startswith("MLP"))
    trace = trace_of(preset.source)
    open_page(page)
    wait_for_python(page)
    page.locator("#preset").select_option(str(index))
    page.get_by_role("button", name="Load example").click()
    nodes = page.locator("#graph svg g.node.value")
    expect(nodes).to_have_count(len(trace["nodes"]), timeout=LAYOUT)
    n = len(trace["backward"])
    expect(step_count(page)).to_have_text(f"0 / {n}")
    page.get_by_role("button", name="Next step").click()
    page.get_by_role("button", name="Next step").click()
    expect(step_count(page)).to_have_text(f"2 / {n}")
    expect_grads(page, {k: v for k, v in grad_texts_at(trace, 2).items() if v != "0.0000"})


def test_an_embed_without_controls_or_editor_works(playground: Page) -> None:
    page = playground
    page.goto("/embed?controls=0&editor=0")
    expect(page.locator("#graph svg")).to_be_visible()
    trace = trace_of(NEURON)
    expect_grads(page, {i: shown(g) for i, g in trace["grads"].items()})  # starts at the end
    page.locator("#graph").focus()
    page.keyboard.press("Home")
    expect_grads(page, {node["id"]: "0.0000" for node in trace["nodes"]})
    # A picture with nothing to edit never needs Python (test_embed_costs.py).
    expect(page.locator("#boot-status")).to_have_attribute("data-state", "idle")


def test_timings_are_recorded_and_the_first_graph_does_not_wait_for_python(playground: Page):
    """Both moments are performance marks for bench/ (which times them; this only checks they
    are made, and that the first graph came before Python was ready), not DOM attributes."""
    page = playground
    open_page(page)
    first = probes.entries(page, "first-graph")[0]["start"]
    wait_for_python(page)
    ready = probes.entries(page, "worker-ready")[0]["start"]
    assert 0 < first < ready
    assert probes.measure_ms(page, "install") is not None  # the last graph's, for bench/
    assert probes.measure_ms(page, "first-step") is not None
    assert page.locator("[data-first-graph-ms], [data-worker-ready-ms]").count() == 0
