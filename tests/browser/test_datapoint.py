"""One datapoint followed (issue 26 item 3; static/js/graph/datapoints.js, datapoint-field.js):
the moons preset's graph follows one point, the other 99 are one box "99 more points like
this"; the Datapoint field chooses another; a neuron box's parameters say this point's part
of their grad (the record's call_grads), and those parts, over all the points, add up to each
grad. Expected names and numbers come from the record engine.worker.runner makes in CPython
for the same text."""

import re
from functools import cache

import pytest
from playwright.sync_api import Page, expect

from app.presets import MOONS_PYTHON
from engine.worker import moons
from engine.worker.runner import run_program
from tests.browser.playground_page import LAYOUT, open_ready

PRESET = "MLP(2, [4, 4, 1]) on 100 moons points, one datapoint followed"
RUN = 120_000  # ms: 100 points through the network, recorded in Pyodide, then laid out


@cache
def record() -> dict:
    result = run_program(MOONS_PYTHON)
    assert result["ok"], result["error"]
    return result["graphs"][result["chosen"]]["record"]


def load_preset(page: Page) -> None:
    open_ready(page)
    expect(page.get_by_label("Datapoint")).to_be_hidden()  # the neuron: one point, no field
    page.get_by_label("Presets").select_option(label=PRESET)
    page.get_by_role("button", name="Load example").click()
    expect(page.get_by_label("Datapoint")).to_be_visible(timeout=RUN)
    expect(points_box(page)).to_have_count(1, timeout=LAYOUT)


def points_box(page: Page):
    return page.locator("#graph svg g.node.fold", has_text=re.compile(r"more points like this"))


def test_the_other_points_are_one_box_and_the_field_chooses_another(page: Page):
    load_preset(page)
    field = page.get_by_label("Datapoint")
    expect(field).to_have_value("1")
    expect(page.locator("#datapoint-hint")).to_have_text("of 100 (point k is xs[k − 1])")
    expect(points_box(page)).to_have_count(1, timeout=LAYOUT)
    expect(points_box(page).locator("text").first).to_have_text("99 more points like this")
    field.fill("37")
    field.press("Enter")
    mine = {g["id"] for g in record()["groups"] if g["call"] == 36}
    top = next(g for g in record()["groups"] if g["call"] == 36 and g["parent"] is None)
    # Point 37's network is drawn open down to its neurons (those that fit open too).
    second = next(
        g for g in record()["groups"] if g["call"] == 36 and g["name"] == "Layer 2 · Neuron 1"
    )
    expect(page.locator(f"#graph svg g#{second['id']}")).to_have_count(1, timeout=LAYOUT)
    expect(page.locator(f"#graph svg g#{top['id']}")).to_have_count(0)
    drawn = page.locator("#graph svg g.node.fold").evaluate_all("(gs) => gs.map((g) => g.id)")
    others = [d for d in drawn if d not in mine]
    assert len(others) == 1  # the 99 others: one box
    assert len(drawn) - 1 >= 8  # point 37's neurons
    expect(points_box(page).locator("text").first).to_have_text("99 more points like this")
    expect(field).to_have_value("37")


def test_a_click_on_a_point_in_the_picture_follows_it(page: Page):
    """Beside the field, the 100 points where they are (each point's two inputs, as the
    program made them): the one followed is ringed; a click on another follows it."""
    load_preset(page)
    picture = page.locator("#datapoint-picture")
    expect(picture).to_be_visible()
    dots = picture.locator("circle")
    expect(dots).to_have_count(100)
    expect(picture.locator("circle.chosen")).to_have_attribute("data-call", "0")
    # Each point where its inputs are (the moons picture's points): x right, y up.
    points, _ = moons.moons()
    at = dots.evaluate_all(
        "(cs) => cs.map((c) => [+c.dataset.call, +c.getAttribute('cx'), +c.getAttribute('cy')])"
    )
    places = {call: (x, y) for call, x, y in at}
    assert sorted(places) == list(range(100))
    for i, j in ((0, 36), (5, 80), (17, 42)):
        (ax, ay), (bx, by) = places[i], places[j]
        assert (bx - ax) * (points[j][0] - points[i][0]) > 0, (i, j)
        assert (by - ay) * (points[j][1] - points[i][1]) < 0, (i, j)
    label = re.compile(r"^The 100 points' inputs; point 1 ")
    expect(picture).to_have_attribute("aria-label", label)
    # Clicked where point 37 is drawn (its neighbours overlap it: the nearest is chosen).
    box = picture.locator("circle[data-call='36']").bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    field = page.get_by_label("Datapoint")
    expect(field).to_have_value("37", timeout=LAYOUT)
    top = next(g for g in record()["groups"] if g["call"] == 36 and g["parent"] is None)
    expect(page.locator(f"#graph svg g#{top['id']}")).to_have_count(0)  # opened
    second = next(
        g for g in record()["groups"] if g["call"] == 36 and g["name"] == "Layer 2 · Neuron 1"
    )
    expect(page.locator(f"#graph svg g#{second['id']}")).to_have_count(1)
    expect(picture.locator("circle.chosen")).to_have_attribute("data-call", "36")
    expect(picture).to_have_attribute("aria-label", re.compile(r"point 37 \(.*\) is followed"))


def test_a_neurons_parameters_say_this_points_part_and_the_parts_add_up(page: Page):
    rec = record()
    # The oracle, from the record: each weight's parts over the 100 points are its grad.
    for param, grad in ((p, rec["grads"][p]) for p in rec["call_grads"][0]["grads"]):
        total = sum(part["grads"][param]["grad"] for part in rec["call_grads"])
        assert total == pytest.approx(grad, rel=1e-9, abs=1e-12)
    load_preset(page)
    field = page.get_by_label("Datapoint")
    field.fill("5")
    field.press("Enter")
    neuron = next(g for g in rec["groups"] if g["call"] == 4 and g["name"] == "Layer 2 · Neuron 1")
    box = page.locator(f"#graph svg g#{neuron['id']}")
    expect(box).to_have_count(1, timeout=LAYOUT)
    parts = {rec["call_grads"][4]["grads"][p]["grad_text"] for p in neuron["params"]}
    page.locator("#graph").focus()
    page.keyboard.press("End")  # the pass done: every point's part is in its grads
    line = box.locator("text").last
    expect(line).to_have_text(re.compile(r"^\|grad\| max \S+ \(this point \S+\)$"))
    shown = re.search(r"\(this point (\S+)\)", line.text_content() or "")
    assert shown and shown.group(1) in parts


def test_the_inspector_says_this_points_part_once_its_step_has_run(page: Page):
    """A weight of the point followed, inspected: a row "this point" with the engine's text of
    its part of the grad (call_grads), once the step that last wrote it (last_step) has run;
    "not yet" the step before, as its folded box says."""
    rec = record()
    load_preset(page)  # point 1 followed: call 0
    neuron = next(g for g in rec["groups"] if g["call"] == 0 and g["name"] == "Layer 1 · Neuron 1")
    param = neuron["params"][0]
    part = rec["call_grads"][0]["grads"][param]
    assert part["last_step"] is not None
    # The first view opens the point's first layer's neurons: their weights are drawn.
    expect(page.locator(f"#graph svg g#{neuron['id']}")).to_have_count(0)
    weight = page.locator(f"#graph svg g[id='{param}']")
    expect(weight).to_have_count(1)
    timeline = page.locator("#timeline")
    assert timeline.get_attribute("max") == str(len(rec["backward"]))  # no forward steps first
    go = "(el, k) => { el.value = k; el.dispatchEvent(new Event('input', { bubbles: true })); }"
    timeline.evaluate(go, part["last_step"])  # every step before it has run
    page.get_by_role("button", name="Fit").click()  # the first view is around the output
    weight.click()
    inspector = page.get_by_role("region", name="Inspector")
    row = inspector.locator("dt:text-is('this point') + dd")
    expect(row).to_have_text("not yet")
    timeline.evaluate(go, part["last_step"] + 1)
    expect(row).to_have_text(part["grad_text"])
    expect(inspector.locator("dt:text-is('grad') + dd")).to_contain_text(
        f"(at step {part['last_step'] + 1} of"
    )
    # A value that is no parameter of the point's network has no such row.
    output = next(n for n in rec["nodes"] if n["id"] == neuron["output"])
    page.locator(f"#graph svg g[id='{output['id']}']").click()
    expect(inspector).to_contain_text(output["name"])
    expect(row).to_have_count(0)
