"""The Node table and the open groups' frames of a graph folded by its modules
(static/js/steps/node-table.js, group-rows.js; static/js/graph/record-dot.js's clusters): a
folded group is one row with its output's numbers and size, whose button (Tab, Enter, Space)
opens and folds it on the graph too; the table follows the graph's own open and fold; an open
group's frame on the graph folds it by a click. Expected names and numbers come from the record
engine.worker.runner makes in CPython for the same text (tests/browser/test_folding.py)."""

from playwright.sync_api import Page, expect

from app.presets import MLP_PYTHON
from engine.record.graph_record import grad_texts_at
from tests.browser.playground_page import LAYOUT
from tests.browser.test_folding import folded, load_preset, record_of


def table_rows(page: Page):
    return page.get_by_role("table", name="Nodes").locator("tbody tr")


def group_button(page: Page, name: str):
    return page.get_by_role("table", name="Nodes").get_by_role("button", name=name, exact=True)


def open_table(page: Page) -> None:
    page.get_by_role("button", name="Node table").click()
    expect(page.get_by_role("table", name="Nodes")).to_be_visible()


def test_a_folded_group_is_one_row_with_its_numbers(page: Page):
    record = record_of(MLP_PYTHON)
    groups = {g["name"]: g for g in record["groups"]}
    neuron = groups["Layer 1 · Neuron 5"]
    output = next(n for n in record["nodes"] if n["id"] == neuron["output"])
    load_preset(page)
    open_table(page)
    neurons = [g for g in record["groups"] if g["kind"] == "Neuron"]
    expect(page.locator("#node-table button[aria-expanded='false']")).to_have_count(len(neurons))
    for name in ("MLP", "Layer 1", "Layer 2", "Layer 3"):
        expect(group_button(page, name)).to_have_attribute("aria-expanded", "true")
    # The values drawn on their own plus one row per group: as many rows as the graph's stops.
    drawn = page.locator("#graph svg g.node.value, #graph svg g.node.fold").count()
    expect(table_rows(page)).to_have_count(drawn + 1 + 3)  # the MLP's and the layers' rows too
    row = table_rows(page).filter(has=page.get_by_role("button", name=neuron["name"], exact=True))
    cells = row.locator("td")
    expect(cells.nth(0)).to_have_text("8 values")
    expect(cells.nth(1)).to_have_text(output["data_text"])
    expect(cells.nth(2)).to_have_text("0.0000")
    # At the end of the pass its grad is the engine's.
    page.locator("#graph").focus()
    page.keyboard.press("End")
    end = grad_texts_at(record, len(record["backward"]))
    expect(cells.nth(2)).to_have_text(end[output["id"]])


def test_the_row_button_opens_and_folds_the_group_by_keyboard(page: Page):
    record = record_of(MLP_PYTHON)
    neuron = next(g for g in record["groups"] if g["name"] == "Layer 1 · Neuron 2")
    load_preset(page)
    open_table(page)
    button = group_button(page, neuron["name"])
    # Tab reaches it: from the button before it in the table.
    group_button(page, "Layer 1 · Neuron 1").focus()
    page.keyboard.press("Tab")
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#graph")).to_have_attribute("data-folded", "32", timeout=LAYOUT)
    expect(page.locator(f"#graph svg g#{neuron['id']}")).to_have_count(0)
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(button).to_be_focused()  # the table was built again; the keyboard stayed
    # Its values are rows now, one level further in.
    output = next(n for n in record["nodes"] if n["id"] == neuron["output"])
    value = table_rows(page).filter(
        has=page.get_by_role("rowheader", name=output["name"], exact=True)
    )
    expect(value).to_have_count(1)
    page.keyboard.press("Space")
    expect(page.locator("#graph")).to_have_attribute("data-folded", "33", timeout=LAYOUT)
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(value).to_have_count(0)


def test_the_table_follows_the_graph(page: Page):
    record = record_of(MLP_PYTHON)
    load_preset(page)
    open_table(page)
    page.get_by_role("button", name="Fold all").click()
    expect(page.locator("#graph")).to_have_attribute("data-folded", "1", timeout=LAYOUT)
    expect(page.locator("#node-table button[data-group]")).to_have_count(1)
    expect(group_button(page, "MLP")).to_have_attribute("aria-expanded", "false")
    page.get_by_role("button", name="Open all").click()
    expect(page.locator("#graph")).to_have_attribute("data-folded", "0", timeout=LAYOUT)
    expect(page.locator("#node-table button[aria-expanded='true']")).to_have_count(
        len(record["groups"])
    )
    expect(table_rows(page)).to_have_count(len(record["nodes"]) + len(record["groups"]))
    # A click on a folded box on the graph opens its row.
    page.get_by_role("button", name="Fold all").click()
    expect(page.locator("#graph")).to_have_attribute("data-folded", "1", timeout=LAYOUT)
    folded(page).first.click()
    expect(group_button(page, "MLP")).to_have_attribute("aria-expanded", "true", timeout=LAYOUT)


def test_an_open_groups_frame_folds_it_by_a_click(page: Page):
    record = record_of(MLP_PYTHON)
    layer = next(g for g in record["groups"] if g["name"] == "Layer 2")
    load_preset(page)
    page.get_by_role("button", name="Fit").click()  # the first view is around the output
    frame = page.locator(f"#graph svg g#cluster_{layer['id']}")
    expect(frame.locator("text")).to_have_text("Layer 2")
    # Every open group is a frame: the MLP around its three layers.
    expect(page.locator("#graph svg g.cluster.group")).to_have_count(4)
    frame.locator("text").click()
    expect(page.locator("#graph")).to_have_attribute("data-folded", "18", timeout=LAYOUT)
    expect(page.locator(f"#graph svg g#{layer['id']}.fold")).to_have_count(1)
    expect(frame).to_have_count(0)


def test_numbers_stay_on_one_line_on_a_phone(page: Page):
    """At 390×844 a number never breaks inside ("0.\\n92\\n73"): each data and grad cell's text
    is one line box; a table wider than the screen scrolls sideways in its own region, and the
    page does not."""
    page.set_viewport_size({"width": 390, "height": 844})
    load_preset(page)
    page.get_by_role("button", name="Open all").click()  # the values' rows too, not only groups
    expect(page.locator("#graph")).to_have_attribute("data-folded", "0", timeout=LAYOUT)
    open_table(page)
    numbers = page.locator("#node-table td.number")
    expect(numbers.first).to_be_visible()
    lines = numbers.evaluate_all(
        """(cells) => cells.map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return [cell.textContent, new Set([...range.getClientRects()].map((r) => r.top)).size];
        })"""
    )
    assert len(lines) == 2 * table_rows(page).count()
    assert [text for text, count in lines if count != 1] == []
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
