"""Every message is about the program on screen (issue 23, item 2), in Chromium: a "waiting for
Python" goes once Python has answered (a panel's, and the graph's "runs once Python has
started" over a program that drew nothing), and the manual mode's verdict on one program never
stays over another. (Descent's graph and text saying the same numbers: test_descent.py.)"""

from urllib.parse import urlencode

from playwright.sync_api import Page, expect

from tests.browser.playground_page import BOOT, wait_for_python
from tests.browser.test_manual import call_in_the_notebook_order
from tests.browser.test_network import FAST, _opened_with, throttle
from tests.browser.test_what_if import LOSS, data_of


def test_a_waiting_message_goes_once_python_has_answered(playground: Page) -> None:
    page = playground
    throttle(page, FAST)  # Python takes a few seconds: the click comes well before it
    _opened_with(page, src=LOSS)
    region = page.get_by_role("region", name="Gradient descent")
    region.get_by_text("Parameters (default: every named leaf)").click()
    say = page.locator("#descent-say")
    expect(say).to_contain_text("waiting for Python")
    wait_for_python(page)
    expect(region.get_by_role("checkbox", name="w1")).to_be_visible(timeout=BOOT)
    expect(say).to_have_text("")


def test_the_manual_verdict_goes_with_its_program(playground: Page) -> None:
    page = playground
    call_in_the_notebook_order(page)
    note = page.locator("#manual-note")
    page.get_by_label("Expression").fill(LOSS)
    expect(data_of(page, "loss")).to_have_text("data 2.5000")
    expect(note).to_have_text("")
    page.get_by_role("button", name="Call _backward() yourself").click()
    expect(page.get_by_label("Node", exact=True)).to_be_visible()
    expect(note).to_have_text("")


def test_a_python_program_that_draws_nothing_says_no_more_that_it_waits(playground: Page) -> None:
    page = playground
    page.goto("/?" + urlencode({"src": "class A:\n    pass\n\nraise ValueError('boom')\n"}))
    notice = page.locator("#notice")
    expect(notice).to_contain_text("runs once Python has started", timeout=BOOT)
    expect(page.get_by_role("region", name="Output")).to_contain_text("boom", timeout=BOOT)
    expect(notice).to_be_hidden()
