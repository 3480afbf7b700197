"""Stepping the backward pass in real Chromium: the neuron to the end and back, the step's
highlights and words, Play and Pause, and the keys, which are the graph's (never the editor's)."""

import re

from playwright.sync_api import Page, expect

from app.presets import NEURON
from tests.browser.playground_page import expect_grads, open_page, shown, step_count, trace_of


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
