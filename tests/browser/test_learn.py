"""Learning by doing, in Chromium: Practice with right and wrong answers, the forward pass
stepped to fill in the data in order, and the modes, descent's rate and steps and its
parameters kept in a permalink. Manual `_backward()` calls: test_manual.py; Check gradients:
test_gradient_check.py; descent: test_descent.py."""

import re
from urllib.parse import urlencode

from playwright.sync_api import Page, expect

from tests.browser.playground_page import BOOT, LOSS, expect_grads, open_ready, wait_for_python


def test_practice_with_right_and_wrong_answers(playground: Page) -> None:
    page = playground
    page.goto("/?practice=1")
    expect(page.get_by_label("n.grad after o._backward()")).to_be_visible()  # seed step passed
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#practice-hint-text")).to_contain_text(
        "n.grad += (1 - o.data**2) * o.grad"
    )
    page.get_by_label("n.grad after o._backward()").fill("0.5")
    page.keyboard.press("Enter")
    expect(page.locator("#practice-score")).to_have_text("Score: 1 of 1.")
    expect(page.locator("#status")).to_contain_text("Right: n.grad = 0.5000.")
    page.get_by_label("b.grad after n._backward()").fill("1")  # wrong: it is 0.5
    page.get_by_label("(x1*w1 + x2*w2).grad after n._backward()").fill("0.5")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("#practice-score")).to_have_text("Score: 2 of 3.")
    expect(page.locator("#status")).to_contain_text("Not quite: b.grad = 0.5000 (you said 1).")
    expect(page.locator("#step-count")).to_have_text("3 / 6")


def test_forward_steps_fill_in_the_data_in_order(playground: Page) -> None:
    page = playground
    page.goto("/?forward=1")
    expect(page.locator("#step-count")).to_have_text("0 / 16")  # 10 values, then 6 backward
    n = page.locator("#graph svg g[id='n8'] > text").nth(1)  # n's data field
    expect(n).to_have_text("data ?")
    for _ in range(9):
        page.get_by_role("button", name="Next step").click()
    expect(page.locator("#status")).to_contain_text(
        "n = (x1*w1 + x2*w2) + b  →  (-6.0000) + 6.8814 = 0.8814"
    )
    expect(n).to_have_text("data 0.8814")
    expect(page.locator("#graph svg g[id='n9'] > text").nth(1)).to_have_text("data ?")
    page.locator("#graph").focus()
    page.keyboard.press("End")
    expect(page.locator("#step-count")).to_have_text("16 / 16")
    expect_grads(page, {"n0": "-1.5000"})


def test_modes_rate_steps_and_parameters_go_into_the_permalink(playground: Page) -> None:
    page = playground
    open_ready(page, src=LOSS)
    region = page.get_by_role("region", name="Gradient descent")
    region.get_by_label("Learning rate").fill("0.25")
    region.get_by_label("Steps").fill("4")
    region.get_by_label("Steps").dispatch_event("change")
    page.get_by_role("button", name="Step the forward pass too").click()
    page.get_by_role("button", name="Practice: predict each grad").click()
    for kept in ("forward=1", "practice=1", "rate=0.25", "steps=4"):
        expect(page).to_have_url(re.compile(rf"[?&]{re.escape(kept)}(&|$)"))
    page.goto(page.url)  # the permalink opens as it was left
    region = page.get_by_role("region", name="Gradient descent")
    expect(region.get_by_label("Learning rate")).to_have_value("0.25")
    expect(region.get_by_label("Steps")).to_have_value("4")
    forward = page.get_by_role("button", name="Step the forward pass too")
    expect(forward).to_have_attribute("aria-pressed", "true")
    practice = page.get_by_role("button", name="Practice: predict each grad")
    expect(practice).to_have_attribute("aria-pressed", "true")

    page.goto("/?" + urlencode({"src": LOSS, "params": "w2", "manual": "1"}))
    wait_for_python(page)  # manual mode starts once Python can take the calls
    stop = page.get_by_role("button", name="Stop calling _backward() yourself")
    expect(stop).to_be_visible(timeout=BOOT)
    region = page.get_by_role("region", name="Gradient descent")
    region.locator("summary").click()  # the Parameters list
    expect(region.get_by_role("checkbox", name="w2")).to_be_checked()
    expect(region.get_by_role("checkbox", name="w1")).not_to_be_checked()
    expect(page).to_have_url(re.compile(r"manual=1"))
    expect(page).to_have_url(re.compile(r"params=w2"))
