"""The Expression editor is CodeMirror 6 once the first graph is up: Python highlighting, line
numbers, Tab to indent, error marks, bounded height, presets one undo away — under the CSP,
with its styles allowed by the page's nonce (the fixture fails on any CSP violation)."""

from playwright.sync_api import Page, expect

from tests.browser.playground_page import code_editor, load_preset_over, wait_for_python


def test_the_editor_is_codemirror_with_python_highlighting(playground: Page) -> None:
    page = playground
    box = code_editor(page)
    expect(box).to_have_attribute("contenteditable", "true")
    box.fill("def f(x):\n    return x * 2\nprint(f(3))")
    expect(page.locator(".cm-lineNumbers .cm-gutterElement").filter(has_text="3")).to_have_count(1)
    keyword = page.locator(".cm-line span").filter(has_text="def").first
    expect(keyword).to_be_visible()
    assert keyword.get_attribute("class")  # a highlight class: styled, not plain text


def test_tab_indents_and_shift_tab_dedents(playground: Page) -> None:
    page = playground
    box = code_editor(page)
    box.fill("x = 1")
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    expect(page.locator("#expression")).to_have_value("    x = 1")
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#expression")).to_have_value("x = 1")
    page.keyboard.press("Escape")  # then Tab leaves the editor, as CodeMirror documents
    page.keyboard.press("Tab")
    expect(box).not_to_be_focused()


def test_an_error_is_marked_and_the_editor_keeps_its_height(playground: Page) -> None:
    page = playground
    box = code_editor(page)
    wait_for_python(page)
    height = page.locator(".code-editor").bounding_box()["height"]
    box.fill("x = 3 +* 2")
    expect(page.locator(".cm-lintRange-error")).to_have_text("*")
    expect(box).to_have_attribute("aria-invalid", "true")
    assert page.locator(".code-editor").bounding_box()["height"] <= max(height, 460)
    long = "\n".join(f"v{i} = {i}.0" for i in range(300)) + "\nz = v0 +* 1"
    box.fill(long)
    expect(page.locator("#editor-error")).to_be_visible()
    assert page.locator(".code-editor").bounding_box()["height"] <= 460  # 28rem, then scrolls


def test_a_preset_is_one_undo_away(playground: Page) -> None:
    page = playground
    box = load_preset_over(page, "y = 7.0 * 6.0")
    box.focus()
    page.keyboard.press("Control+z")
    expect(page.locator("#expression")).to_have_value("y = 7.0 * 6.0")
