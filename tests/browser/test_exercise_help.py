"""An exercise's help in Chromium (static/js/exercise/exercise-panel.js): hints one at a time,
each taking the keyboard's focus, kept across a reload; the solution closed until a first Check,
saying why, then open on a click with its heading focused."""

from playwright.sync_api import Page, expect

from tests.browser.exercise_page import BY_ID, open_exercise, press_check


def test_hints_open_one_at_a_time_and_stay_open_after_a_reload(playground: Page) -> None:
    page = playground
    n = len(BY_ID["grad"].hints_html)
    assert n >= 2
    open_exercise(page, "grad")
    hints = page.locator("#exercise-hints > li")
    count = page.locator("#exercise-hint-count")
    button = page.locator("#exercise-hint")
    expect(count).to_have_text(f"(0 of {n} shown)")
    expect(hints.first).to_be_hidden()
    button.click()
    expect(count).to_have_text(f"(1 of {n} shown)")
    expect(hints.nth(0)).to_be_focused()
    expect(hints.nth(1)).to_be_hidden()
    page.reload()
    expect(count).to_have_text(f"(1 of {n} shown)")
    expect(hints.nth(0)).to_be_visible()
    expect(hints.nth(1)).to_be_hidden()
    for shown in range(2, n + 1):
        button.click()
        expect(count).to_have_text(f"({shown} of {n} shown)")
        expect(hints.nth(shown - 1)).to_be_focused()
    expect(button).to_have_text("No more hints")
    expect(button).to_have_attribute("aria-disabled", "true")
    button.click(force=True)  # aria-disabled still takes a click: nothing left, nothing changes
    expect(count).to_have_text(f"({n} of {n} shown)")


def test_the_solution_opens_only_after_a_first_check(playground: Page) -> None:
    page = playground
    open_exercise(page, "grad")
    button = page.get_by_role("button", name="Show solution")
    solution = page.locator("#exercise-solution-code")
    expect(button).to_have_attribute("aria-disabled", "true")
    button.click(force=True)  # aria-disabled still takes a click (Playwright waits otherwise)
    expect(page.locator("#exercise-note")).to_contain_text("opens after your first Check")
    expect(solution).to_be_hidden()
    expect(press_check(page)).to_have_attribute("data-state", "failed")  # the starter
    expect(button).not_to_have_attribute("aria-disabled", "true")
    button.click()
    expect(solution).to_be_visible()
    expect(solution.locator("pre code")).to_have_text(BY_ID["grad"].solution.code)
    expect(page.get_by_role("heading", name="Solution")).to_be_focused()
    expect(page.locator("#exercise-solution")).to_have_text("Hide solution")
