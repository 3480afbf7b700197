"""Names a learner recognises, and a page that is never stale, in real Chromium: constants
drawn as their value, unnamed values as their expression, no node id in any text a learner
reads; an error dims the old graph with a note; presets load only on "Load", one undo away."""

import re

from playwright.sync_api import Locator, Page, expect

from tests.browser.playground_page import open_page, step_count, trace_of, wait_for_python

ID = re.compile(r"\bn[0-9]+\b")
LOSS_TIMES_TWO = "w = 3.0\nloss = (w - 1)**2 * 2"
NEURON_UNNAMED = "tanh(x1*w1 + x2*w2 + b)"
NOTE = "showing the last program that ran"


def node_texts(page: Page, node_id: str) -> list[str]:
    return page.locator(f"#graph svg g[id='{node_id}'] > text").all_text_contents()


def learner_text(page: Page) -> str:
    """Everything a learner reads about the graph and its step, in one string."""
    parts = [
        page.locator("#status").text_content() or "",
        page.locator("#rule").text_content() or "",
        page.locator("#graph").get_attribute("aria-label") or "",
        page.locator("#timeline").get_attribute("aria-valuetext") or "",
        *page.locator("#graph svg text").all_text_contents(),
    ]
    return "\n".join(parts)


def typed(page: Page, source: str, **query: str | int) -> Locator:
    """Open the page (with `query`), Python ready, and type `source` in; the code box."""
    open_page(page, **query)
    wait_for_python(page)
    expect(page.locator(".cm-content")).to_be_visible()  # CodeMirror is up
    box = page.get_by_role("textbox", name="Expression")
    box.fill(source)
    return box


def test_constants_show_their_value_and_no_grad(playground: Page) -> None:
    page = playground
    trace = trace_of(LOSS_TIMES_TWO)
    open_page(page, src=LOSS_TIMES_TWO)
    constants = [n for n in trace["nodes"] if n["constant"]]
    assert {n["shown"] for n in constants} == {"1", "-1", "2"}
    for n in constants:
        assert node_texts(page, n["id"]) == [n["shown"]]  # its number, no data or grad field
    w = next(n for n in trace["nodes"] if n["label"] == "w")
    assert node_texts(page, w["id"])[0] == "w" and len(node_texts(page, w["id"])) == 3
    for _ in range(len(trace["backward"])):  # stepping never writes a grad over a number
        page.get_by_role("button", name="Next step").click()
    expect(step_count(page)).to_have_text(f"{len(trace['backward'])} / {len(trace['backward'])}")
    for n in constants:
        assert node_texts(page, n["id"]) == [n["shown"]]


def test_unnamed_values_are_named_by_their_expression(playground: Page) -> None:
    page = playground
    trace = trace_of(NEURON_UNNAMED)
    open_page(page, src=NEURON_UNNAMED)
    texts = node_texts(page, trace["output"])
    assert texts[0] == "tanh(x1*w1 + x2*w2 + b)", texts
    expect(page.locator("#graph")).to_have_attribute(
        "aria-label", re.compile(r"The output tanh\(x1\*w1 \+ x2\*w2 \+ b\) = ")
    )


def test_status_and_rule_never_mention_ids(playground: Page) -> None:
    page = playground
    source = "w = 3.0\nloss = tanh(x*w + 1)*2 - w"
    trace = trace_of(source)
    n = len(trace["backward"])
    open_page(page, src=source)
    for k in range(1, n + 1):
        page.get_by_role("button", name="Next step").click()
        expect(step_count(page)).to_have_text(f"{k} / {n}")
        expect(page.locator("#status")).to_contain_text(f"Step {k} of {n}")
        text = learner_text(page)
        assert not ID.search(text), text


def test_an_error_dims_the_graph_with_a_note_until_a_new_graph(playground: Page) -> None:
    page = playground
    graph = page.locator("#graph")
    box = typed(page, "y = 2*x +")
    expect(page.locator("#editor-error")).to_be_visible()
    expect(graph).to_have_class(re.compile(r"\bstale\b"))
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text(NOTE)
    assert float(graph.evaluate("g => getComputedStyle(g).opacity")) < 1
    box.fill("y = 2*x + 1")
    expect(graph).not_to_have_class(re.compile(r"\bstale\b"))
    expect(page.locator("#notice")).not_to_contain_text(NOTE)
    expect(step_count(page)).to_have_text("0 / 3")  # the status and timeline: the new graph


def test_a_python_error_dims_the_graph_too(playground: Page) -> None:
    page = playground
    typed(page, "import math\nraise ValueError('no graph here')")
    expect(page.locator("#output-error")).to_contain_text("ValueError")
    expect(page.locator("#graph")).to_have_class(re.compile(r"\bstale\b"))
    expect(page.locator("#notice")).to_contain_text(NOTE)


def test_a_new_program_replaces_the_old_steps_words(playground: Page) -> None:
    page = playground
    typed(page, "a = 3.0\nb = a + a", step=5)  # the neuron, five steps in
    expect(step_count(page)).to_have_text(re.compile(r" / 2$"))
    status = page.locator("#status")
    expect(status).to_contain_text("of 2")
    expect(page.locator("#rule")).not_to_contain_text("tanh")
    expect(status).not_to_contain_text("tanh")
    expect(page.locator("#timeline")).to_have_attribute("max", "2")


def test_arrow_down_on_the_presets_menu_does_not_change_the_program(playground: Page) -> None:
    page = playground
    typed(page, "y = 2*x + 1")
    expect(step_count(page)).to_have_text("0 / 3")
    presets = page.get_by_label("Presets")
    presets.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(presets).not_to_have_value("")  # the menu moved...
    page.wait_for_timeout(300)  # (longer than the editor's debounce)
    expect(page.locator("#expression")).to_have_value("y = 2*x + 1")  # ...the program did not
    expect(step_count(page)).to_have_text("0 / 3")


def test_a_preset_loads_on_load_and_ctrl_z_restores_the_text(playground: Page) -> None:
    page = playground
    box = typed(page, "y = 2*x + 1")
    expect(step_count(page)).to_have_text("0 / 3")
    page.get_by_label("Presets").select_option(index=3)  # "A value used twice"
    expect(page.locator("#expression")).to_have_value("y = 2*x + 1")
    page.get_by_role("button", name="Load example").click()
    expect(page.locator("#expression")).to_have_value("a = 3.0\nb = a + a\n")
    expect(step_count(page)).to_have_text("0 / 2")
    box.focus()
    page.keyboard.press("Control+z")
    expect(page.locator("#expression")).to_have_value("y = 2*x + 1")
    expect(step_count(page)).to_have_text("0 / 3")
