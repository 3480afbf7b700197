"""An exercise by keyboard alone, in Chromium, no mouse: Tab into the editor, type, leave it as
its help says (Esc, then Tab), Run and Check from the keyboard, read the checks' messages, open
a hint and the solution, with the focus where each action leaves it."""

from playwright.sync_api import Page, expect

from tests.browser.exercise_page import BY_ID, answered, checks, editor_text, focused
from tests.browser.playground_page import BOOT
from tests.engine.exercise.wrong_solutions import wrong_solutions

MOST_TABS = 60  # stops between two controls; more means the control is not in the Tab order


def tab_to(page: Page, selector: str, key: str = "Tab") -> None:
    """Press `key` until `selector` has the focus."""
    for _ in range(MOST_TABS):
        if focused(page, selector).count():
            return
        page.keyboard.press(key)
    raise AssertionError(f"{MOST_TABS} presses of {key} never reached {selector}")


def test_an_exercise_by_keyboard_alone(playground: Page) -> None:
    page = playground
    exercise = BY_ID["grad"]
    wrong = next(w for w in wrong_solutions(exercise.path) if w.name == "wrong_swapped")
    # Each run prints a new number: Run is seen to run again.
    code = f"import random\nprint('run', random.random())\n{wrong.code}"
    page.goto(f"/learn/{exercise.id}")
    expect(page.locator(".cm-content")).to_be_visible()
    tab_to(page, ".cm-content")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(code)
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")  # leaves the editor: no indent typed
    expect(focused(page, ".cm-content")).to_have_count(0)
    expect(editor_text(page)).to_have_value(code)

    output = page.get_by_role("region", name="Output")
    expect(output).to_contain_text("run 0.", timeout=BOOT)  # the edit ran it
    before = output.inner_text()
    tab_to(page, "#exercise-run")
    page.keyboard.press("Enter")
    expect(output).not_to_have_text(before)
    expect(focused(page, "#exercise-run")).to_have_count(1)

    page.keyboard.press("Tab")
    expect(focused(page, "#exercise-check")).to_have_count(1)
    page.keyboard.press("Space")
    expect(answered(page)).to_have_attribute("data-state", "failed")
    expect(checks(page)).to_contain_text(wrong.expected["says"])
    expect(focused(page, "#exercise-check")).to_have_count(1)  # the verdict is read out

    page.keyboard.press("Tab")
    expect(focused(page, "#exercise-hint")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(focused(page, "#exercise-hints > li:nth-child(1)")).to_have_count(1)
    expect(page.locator("#exercise-hint-count")).to_have_text(
        f"(1 of {len(exercise.hints_html)} shown)"
    )

    tab_to(page, "#exercise-solution", key="Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#exercise-solution-code")).to_be_visible()
    expect(focused(page, "#solution-heading")).to_have_count(1)
