"""Words are never cut (issue 23, item 1), in Chromium: the step's status line on a phone, and
the boot status once Python is ready at every width, fit without "…"."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_screen import assert_on_screen
from tests.browser.playground_page import BOOT, step

FITS = """(e) => {
  const s = getComputedStyle(e);
  return s.textOverflow !== "ellipsis" && e.scrollWidth <= e.clientWidth + 1
    && e.scrollHeight <= e.clientHeight + 1;
}"""


def test_the_status_line_is_never_cut(playground: Page) -> None:
    page = playground
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    status = page.locator("#status")
    for n in range(1, 7):
        step(page, 1)
        expect(status).to_contain_text(f"Step {n} of 6")
        assert status.evaluate(FITS), f"step {n}: the status line is cut: {status.inner_text()}"
        assert_on_screen(page, status, "the status line")


@pytest.mark.parametrize("width", [390, 768, 1280])
def test_that_python_is_ready_is_never_cut(playground: Page, width: int) -> None:
    """The lasting words fit on one line (a wrap would shift the page as Python starts)."""
    page = playground
    page.set_viewport_size({"width": width, "height": 844})
    page.goto("/")
    boot = page.locator("#boot-status")
    expect(boot).to_contain_text("edits run live", timeout=BOOT)
    cut = boot.evaluate(
        "(e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1"
    )
    assert not cut, f"the boot status is cut: {boot.inner_text()}"
    assert_on_screen(page, boot, "the boot status")
