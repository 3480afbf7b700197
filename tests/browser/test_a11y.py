"""Screen readers and keyboard: the node table, the shortcut list, keys only on the graph
(WCAG 2.1.4), the Theme menu, and axe-core on / in both themes. Real Chromium."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from app.presets import NEURON
from engine.record.graph_record import grad_texts_at
from tests.browser.playground_page import expect_grads, open_page, step_count, trace_of

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
DARK_BG = "rgb(15, 20, 25)"  # --bg in static/css/page/palette.css
LIGHT_BG = "rgb(255, 255, 255)"


def node_rows(page: Page):
    return page.get_by_role("table", name="Nodes").locator("tbody tr")


def grad_cell(page: Page, label: str):
    row = node_rows(page).filter(has=page.get_by_role("rowheader", name=label, exact=True))
    return row.locator("td").nth(2)  # op, data, grad, inputs


def test_node_table_has_a_row_per_value_and_follows_the_steps(playground: Page) -> None:
    page = playground
    trace = trace_of(NEURON)
    open_page(page)
    table = page.get_by_role("table", name="Nodes")
    expect(table).to_be_hidden()
    button = page.get_by_role("button", name="Node table")
    expect(button).to_have_attribute("aria-expanded", "false")
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(node_rows(page)).to_have_count(len(trace["nodes"]))
    x1 = next(n for n in trace["nodes"] if n["label"] == "x1")
    w1 = next(n for n in trace["nodes"] if n["label"] == "w1")
    row = node_rows(page).filter(has=page.get_by_role("rowheader", name="x1", exact=True))
    expect(row.locator("td").nth(0)).to_have_text("—")  # a leaf has no op
    expect(row.locator("td").nth(1)).to_have_text(x1["data_text"])
    expect(grad_cell(page, "x1")).to_have_text("0.0000")
    product = next(n for n in trace["nodes"] if set(n["children"]) == {x1["id"], w1["id"]})
    inputs = node_rows(page).filter(
        has=page.get_by_role("rowheader", name=product["name"], exact=True)
    )
    expect(inputs.locator("td").nth(3)).to_have_text("x1, w1")

    n = len(trace["backward"])
    for k in range(1, n + 1):
        page.get_by_role("button", name="Next step").click()
        expect(step_count(page)).to_have_text(f"{k} / {n}")
        grads = grad_texts_at(trace, k)
        for node in trace["nodes"]:
            if node["label"] in ("x1", "w1", "b"):
                expect(grad_cell(page, node["label"])).to_have_text(grads[node["id"]])
    expect(grad_cell(page, "x1")).to_have_text("-1.5000")
    expect_grads(page, {x1["id"]: "-1.5000"})  # the table says what the graph says
    page.get_by_role("button", name="Reset").click()
    expect(grad_cell(page, "x1")).to_have_text("0.0000")
    button.click()
    expect(table).to_be_hidden()


def test_question_mark_opens_the_shortcuts_and_esc_closes_them(playground: Page) -> None:
    page = playground
    open_page(page)
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    graph = page.locator("#graph")
    graph.focus()
    page.keyboard.press("?")
    expect(dialog).to_be_visible()
    expect(dialog.locator("dt")).to_have_count(13)  # steps/keys.js SHORTCUTS, Esc's fold too
    expect(dialog).to_contain_text("next step")
    expect(dialog).to_contain_text("fold the open group around that value")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(graph).to_be_focused()

    button = page.get_by_role("button", name="Keyboard shortcuts")
    button.click()
    expect(dialog).to_be_visible()
    expect(dialog.locator("dt")).to_have_count(13)  # listed once, however often opened
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()


def test_single_keys_do_nothing_unless_the_graph_has_focus(playground: Page) -> None:
    page = playground
    n = len(trace_of(NEURON)["backward"])
    open_page(page)
    svg = page.locator("#graph svg")
    before = svg.bounding_box()
    page.get_by_role("button", name="Copy link").focus()
    for key in ["+", "-", "0", "?", "ArrowRight", "End"]:  # End: the browser scrolls, as usual
        page.keyboard.press(key)
    expect(page.get_by_role("dialog", name="Keyboard shortcuts")).to_be_hidden()
    expect(step_count(page)).to_have_text(f"0 / {n}")
    after = svg.bounding_box()
    # Unzoomed: a zoom key changes the size by a whole step; a re-fit may move its last bits.
    assert (after["width"], after["height"]) == pytest.approx(
        (before["width"], before["height"]), abs=0.5
    )

    graph = page.locator("#graph")
    expect(graph).to_have_accessible_description(re.compile("question mark lists them all"))
    graph.focus()
    page.keyboard.press("+")
    assert svg.bounding_box()["width"] == pytest.approx(before["width"] * 1.25, rel=0.02)
    page.keyboard.press("ArrowRight")
    expect(step_count(page)).to_have_text(f"1 / {n}")


def background(page: Page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def test_theme_menu_switches_and_persists(playground: Page) -> None:
    page = playground
    page.emulate_media(color_scheme="light")
    open_page(page)
    theme = page.get_by_label("Theme", exact=True)
    expect(theme).to_have_value("auto")
    assert background(page) == LIGHT_BG
    theme.select_option("dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert background(page) == DARK_BG
    page.reload()
    expect(page.locator("#graph svg")).to_be_visible()
    expect(page.get_by_label("Theme", exact=True)).to_have_value("dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert background(page) == DARK_BG

    page.get_by_label("Theme", exact=True).select_option("auto")  # auto follows the system again
    page.emulate_media(color_scheme="dark")
    assert background(page) == DARK_BG
    page.emulate_media(color_scheme="light")
    assert background(page) == LIGHT_BG
    page.reload()
    expect(page.get_by_label("Theme", exact=True)).to_have_value("auto")


def test_embeds_have_no_theme_menu_and_keep_their_url_theme(playground: Page) -> None:
    page = playground
    page.goto("/embed?theme=dark")
    expect(page.locator("#graph svg")).to_be_visible()
    expect(page.get_by_label("Theme", exact=True)).to_have_count(0)
    assert background(page) == DARK_BG


def axe_violations(page: Page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
          .map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target)}))"""
    )


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("path", ["/", "/embed"])
def test_axe_finds_nothing_serious(browser: Browser, base_url: str, path: str, theme: str) -> None:
    """On / the Theme menu sets the theme (the system prefers the other one); an embed takes
    its URL's."""
    assert AXE.is_file(), "axe-core is missing: run npm ci (a devDependency)"
    other = "light" if theme == "dark" else "dark"
    context = browser.new_context(bypass_csp=True, base_url=base_url, color_scheme=other)
    try:
        page = context.new_page()
        if path == "/":
            open_page(page)
            page.get_by_label("Theme", exact=True).select_option(theme)
        else:
            page.goto(f"/embed?theme={theme}")
            expect(page.locator("#graph svg")).to_be_visible()
        assert background(page) == (DARK_BG if theme == "dark" else LIGHT_BG)
        page.get_by_role("button", name="Node table").click()
        expect(node_rows(page).first).to_be_visible()
        page.get_by_role("button", name="Next step").click()
        found = axe_violations(page)
        serious = [v for v in found if v["impact"] in ("serious", "critical")]
        assert serious == []
    finally:
        context.close()
