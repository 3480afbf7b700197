"""What a step writes outside the graph: the chain-rule panel is rewritten in place when the
step has the same shape as the last (rule-panel.js), and the URL keeps the step for a reload
once the stepping stops (url-state.js writes it then, not during a run of steps)."""

import re

from playwright.sync_api import Page, expect

from tests.browser.playground_page import open_page, step_count, trace_of

SOURCE = "a = 0.5\nb = a.tanh()\nc = b.tanh()\nd = c.tanh()"


def shape(step: dict) -> tuple:
    """What the panel's elements depend on: the kind of step, and each line's note or none."""
    notes = tuple(change.get("contributions", 1) >= 2 for change in step["changes"])
    return step["kind"], step.get("op") is not None, notes


def test_the_rule_panel_is_rewritten_in_place_and_says_each_step(playground: Page) -> None:
    page = playground
    trace = trace_of(SOURCE)
    open_page(page, src=SOURCE)
    rule = page.locator("#rule")
    steps = trace["backward"]
    # Two steps in a row with the same shape: the second keeps the first's elements.
    k = next(i for i in range(1, len(steps)) if shape(steps[i]) == shape(steps[i - 1]))
    for _ in range(k):
        page.get_by_role("button", name="Next step").click()
    expect(step_count(page)).to_have_text(f"{k} / {len(steps)}")
    page.locator("#rule .rule-lines").evaluate("(list) => { list.dataset.probe = 'kept'; }")
    page.get_by_role("button", name="Next step").click()
    expect(step_count(page)).to_have_text(f"{k + 1} / {len(steps)}")
    expect(page.locator("#rule .rule-lines")).to_have_attribute("data-probe", "kept")
    lines = rule.locator(".rule-lines code")
    expect(lines).to_have_text([change["explain"] for change in steps[k]["changes"]])
    expect(rule.locator(".rule-title")).to_contain_text(f"Step {k + 1} of {len(steps)}")
    expect(page.locator("#status")).to_have_text(f"Step {k + 1} of {len(steps)}: {steps[k]['say']}")
    page.get_by_role("button", name="Reset").click()  # another shape: a new panel
    expect(rule.locator(".rule-lines")).to_have_count(0)
    expect(rule).to_contain_text("Nothing has run yet")


def test_a_reload_after_stepping_lands_on_the_same_step(playground: Page) -> None:
    page = playground
    trace = trace_of(SOURCE)
    n = len(trace["backward"])
    open_page(page, src=SOURCE)
    for _ in range(3):
        page.get_by_role("button", name="Next step").click()
    expect(page).to_have_url(re.compile(r"[?&]step=3(&|$)"))  # once the steps stopped
    page.reload()
    expect(step_count(page)).to_have_text(f"3 / {n}")
    page.get_by_role("button", name="Previous step").click()
    expect(page).to_have_url(re.compile(r"[?&]step=2(&|$)"))
    page.reload()
    expect(step_count(page)).to_have_text(f"2 / {n}")
