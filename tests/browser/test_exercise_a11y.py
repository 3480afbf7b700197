"""axe-core on the exercise pages, in both themes: /learn, and /learn/neuron after a check
that failed with its mistake shown on the graph (the Checks list, a "Show on the graph"
button, the located node's marks). The helper and the rules are test_a11y.py's.

One finding is axe's, not the page's: a learner's class is longer than the editor, so
CodeMirror's `.cm-scroller` scrolls, and axe 4.14's scrollable-region-focusable counts no
contenteditable inside it as focusable (its focusable-content check); the editor's content is
in the tab order and its cursor scrolls it (asserted here with the keyboard instead)."""

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.exercise_page import fail_located, replace_code, wrong
from tests.browser.playground_page import wait_for_python
from tests.browser.test_a11y import AXE, DARK_BG, LIGHT_BG, axe_violations, background

MISTAKE = wrong("neuron", "wrong_tanh_of_input")  # located on the neuron
EDITOR_SCROLLS = {
    "id": "scrollable-region-focusable",
    "impact": "serious",
    "nodes": [[".cm-scroller"]],
}


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("path", ["/learn", "/learn/neuron"])
def test_axe_finds_nothing_serious(browser: Browser, base_url: str, path: str, theme: str) -> None:
    """The pages' Theme is "auto": it follows the system's, emulated here."""
    assert AXE.is_file(), "axe-core is missing: run npm ci (a devDependency)"
    context = browser.new_context(bypass_csp=True, base_url=base_url, color_scheme=theme)
    try:
        page = context.new_page()
        page.goto(path)
        if path == "/learn":
            expect(page.locator(".exercise-state").first).to_have_text("Not started")
        else:
            wait_for_python(page)
            replace_code(page, page, MISTAKE.code)
            fail_located(page, MISTAKE)
            page.get_by_role("button", name="Hint", exact=True).click()  # a hint shown too
            expect(page.locator("#exercise-hints > li:not([hidden])")).to_have_count(1)
        assert background(page) == (DARK_BG if theme == "dark" else LIGHT_BG)
        found = axe_violations(page)
        serious = [v for v in found if v["impact"] in ("serious", "critical")]
        if path != "/learn":
            assert EDITOR_SCROLLS in serious  # see the module's docstring
            serious.remove(EDITOR_SCROLLS)
            page.get_by_role("button", name="Load example").focus()
            page.keyboard.press("Tab")
            expect(page.get_by_role("textbox", name="Expression")).to_be_focused()
        assert serious == []
    finally:
        context.close()
