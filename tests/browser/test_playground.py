"""The playground in real Chromium: first paint without Python, stepping, keys, live editing in
the Pyodide worker, permalinks, modes, and a big graph. Every test also fails on a console
error, an uncaught exception or a CSP violation (fixture `playground`).

Waits are on locators only: under the page's CSP Playwright's wait_for_function (eval) fails.
"""

import re
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

import engine
from app.presets import NEURON, PRESETS
from bench import probes
from engine.numeric import format_number

BOOT = 60_000  # ms: Pyodide takes 3-10 s to start in headless Chromium, more on a busy machine
LAYOUT = 60_000  # ms: the MLP preset's layout in Graphviz WASM


def trace_of(source: str, mode: str = "correct") -> dict:
    return engine.trace(engine.parse(source), mode)


def shown(x: float | str) -> str:
    """A grad as the page prints it (non-finite values come as text already)."""
    return x if isinstance(x, str) else format_number(x)


def grads_after(trace: dict, position: int) -> dict[str, str]:
    """Each node's grad text once the first `position` backward steps have run."""
    texts = {n["id"]: n["grad_text"] for n in trace["nodes"]}
    for step in trace["backward"][:position]:
        for change in step["changes"]:
            texts[change["node"]] = change["after_text"]
    return texts


def expect_grads(page: Page, texts: dict[str, str]) -> None:
    for node_id, text in texts.items():
        group = page.locator(f"#graph svg g[id='{node_id}']")
        if "constant" in (group.get_attribute("class") or "").split():
            expect(group.locator("> text")).to_have_count(1)  # its number: no grad to show
            continue
        # Each value's record has three <text>s (label, data, grad); grad is the last.
        expect(group.locator("> text").last).to_have_text(f"grad {text}")


def step_count(page: Page):
    return page.locator("#step-count")


def open_page(page: Page, **query: str | int) -> None:
    page.goto("/" + (f"?{urlencode(query)}" if query else ""))
    expect(page.locator("#graph svg")).to_be_visible()


def wait_for_python(page: Page) -> None:
    expect(page.locator("#boot-status")).to_have_attribute("data-state", "ready", timeout=BOOT)


@pytest.fixture
def playground(page: Page) -> Iterator[Page]:
    """The page, failing the test on any console error (CSP violations are console errors),
    uncaught exception or failed request."""
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console: {message.text} ({message.location.get('url')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"pageerror: {error}"))
    page.on(
        "requestfailed",
        lambda request: (
            # A download cut short because the page moved on or closed is not a failure.
            "ERR_ABORTED" not in (request.failure or "")
            and problems.append(f"request failed: {request.url} {request.failure}")
        ),
    )
    page.on(
        "response",
        lambda response: (
            response.status >= 400 and problems.append(f"HTTP {response.status}: {response.url}")
        ),
    )
    page.set_default_timeout(15_000)
    yield page
    assert problems == []


def test_neuron_steps_to_the_end_and_back(playground: Page) -> None:
    page = playground
    trace = trace_of(NEURON)
    n = len(trace["backward"])
    open_page(page)
    expect(page.locator("#graph svg g.node.value")).to_have_count(len(trace["nodes"]))
    expect(step_count(page)).to_have_text(f"0 / {n}")
    expect_grads(page, {node["id"]: "0.0000" for node in trace["nodes"]})

    for k in range(1, n + 1):
        page.get_by_role("button", name="Next step").click()
        expect(step_count(page)).to_have_text(f"{k} / {n}")
    expect_grads(page, {i: shown(g) for i, g in trace["grads"].items()})
    expect(page.locator("#rule")).to_contain_text("x1.grad += w1.data * (x1*w1).grad")

    for k in range(n - 1, -1, -1):
        page.get_by_role("button", name="Previous step").click()
        expect(step_count(page)).to_have_text(f"{k} / {n}")
    expect_grads(page, {node["id"]: "0.0000" for node in trace["nodes"]})


def test_highlights_follow_the_step(playground: Page) -> None:
    page = playground
    open_page(page, step=2)  # the seed, then o's tanh: n.grad changes
    current = page.locator("#graph svg .current")
    expect(current).to_have_count(4)  # o, its op node, and the two edges into o
    expect(page.locator("#graph svg g.node.changed")).to_have_count(1)
    expect(page.locator("#graph svg g[id='n8']")).to_have_class(re.compile(r"\bchanged\b"))


def test_status_says_each_step(playground: Page) -> None:
    page = playground
    trace = trace_of(NEURON)
    n = len(trace["backward"])
    open_page(page)
    status = page.get_by_role("status").filter(has_text="Step")
    page.get_by_role("button", name="Next step").click()
    expect(page.locator("#status")).to_have_text(f"Step 1 of {n}: {trace['backward'][0]['say']}")
    page.get_by_role("button", name="Next step").click()
    expect(status).to_have_text(f"Step 2 of {n}: {trace['backward'][1]['say']}")


def test_play_then_pause(playground: Page) -> None:
    page = playground
    open_page(page)
    page.locator("#speed").select_option(index=page.locator("#speed option").count() - 1)
    play = page.get_by_role("button", name="Play")
    play.click()
    pause = page.get_by_role("button", name="Pause")
    expect(pause).to_have_attribute("aria-pressed", "true")
    expect(step_count(page)).not_to_have_text(re.compile(r"^0 /"))
    pause.click()
    expect(page.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "false")
    stopped = step_count(page).text_content()
    page.wait_for_timeout(600)
    expect(step_count(page)).to_have_text(stopped or "")


def test_keys_step_but_not_while_typing(playground: Page) -> None:
    page = playground
    n = len(trace_of(NEURON)["backward"])
    open_page(page)
    page.locator("#graph").focus()
    page.keyboard.press("ArrowRight")
    expect(step_count(page)).to_have_text(f"1 / {n}")
    page.keyboard.press("End")
    expect(step_count(page)).to_have_text(f"{n} / {n}")
    page.keyboard.press("ArrowLeft")
    expect(step_count(page)).to_have_text(f"{n - 1} / {n}")
    page.keyboard.press("Home")
    expect(step_count(page)).to_have_text(f"0 / {n}")
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Play")).to_be_visible()

    page.keyboard.press("Home")
    page.get_by_label("Expression").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    expect(step_count(page)).to_have_text(f"0 / {n}")


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


def test_a_permalink_lands_on_its_step(playground: Page) -> None:
    page = playground
    source = "a = 2.0\nb = a*a + a\nc = b.tanh()"
    trace = trace_of(source)
    open_page(page, src=source, step=3)
    expect(step_count(page)).to_have_text(f"3 / {len(trace['backward'])}")
    expect_grads(page, grads_after(trace, 3))
    page.get_by_role("button", name="Previous step").click()
    expect(page).to_have_url(re.compile(r"[?&]step=2(&|$)"))


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
    expect_grads(page, {k: v for k, v in grads_after(trace, 2).items() if v != "0.0000"})


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
