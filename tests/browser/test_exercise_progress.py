"""A learner's work on the exercises, kept in this browser (static/js/exercise/progress.js), in
Chromium: the code comes back after a reload and in another tab, /learn says which exercise is
ready, code carries over to the exercise that builds on it and "Reset to starter" undoes that,
"Download my work" holds every exercise with its state, and blocked storage keeps the page
working with a note."""

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.exercise_page import (
    BY_ID,
    CHAPTER,
    editor_text,
    open_exercise,
    paste,
    press_check,
)
from tests.browser.test_drafts import BLOCK_STORAGE


def test_the_code_comes_back_after_a_reload_and_in_another_tab(playground: Page) -> None:
    page = playground
    # Over 2,000 characters: the editor reports an edit 300 ms after the last keystroke.
    mine = BY_ID["value"].starter.code + "".join(f"# line {i} of mine\n" for i in range(150))
    open_exercise(page, "value")
    paste(page, mine)
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("#")
    expect(editor_text(page)).to_have_value(mine + "#")
    page.reload()  # well within those 300 ms: the last keystroke is kept too
    expect(editor_text(page)).to_have_value(mine + "#")
    other = page.context.new_page()
    open_exercise(other, "value")
    expect(editor_text(other)).to_have_value(mine + "#")


def test_a_passed_exercise_reads_ready_on_the_chapter_page(playground: Page) -> None:
    page = playground
    open_exercise(page, "mul")
    paste(page, BY_ID["mul"].solution.code)
    expect(press_check(page)).to_have_attribute("data-state", "passed")
    open_exercise(page, "value")  # opened, left as it is: not started
    page.goto("/learn")
    for exercise in CHAPTER:
        state = page.locator(f"li[data-exercise='{exercise.id}'] .exercise-state")
        expect(state).to_have_text("Ready" if exercise.id == "mul" else "Not started")
    expect(page.locator("#chapter-say")).to_have_text(f"1 of {len(CHAPTER)} ready.")


def test_code_carries_over_to_the_next_exercise_until_reset(playground: Page) -> None:
    page = playground
    mine = BY_ID["mul"].solution.code + "\n# my mul\n"
    open_exercise(page, "grad")  # only looked at: it still takes mul's code once written
    expect(editor_text(page)).to_have_value(BY_ID["grad"].starter.code)
    open_exercise(page, "mul")
    paste(page, mine)
    open_exercise(page, "grad")  # builds on mul, and nothing written for it yet
    expect(editor_text(page)).to_have_value(mine)
    note = page.locator("#exercise-note")
    expect(note).to_contain_text(f"Your code of “{BY_ID['mul'].title}” carried over")
    page.get_by_role("button", name="Reset to starter").click()
    expect(editor_text(page)).to_have_value(BY_ID["grad"].starter.code)
    expect(note).to_contain_text("Back to the starter")
    page.reload()  # the starter is grad's code now, not mul's carried again
    expect(editor_text(page)).to_have_value(BY_ID["grad"].starter.code)


def test_download_my_work_names_every_exercise_with_its_state(
    playground: Page, tmp_path: Path
) -> None:
    page = playground
    mine = BY_ID["mul"].solution.code + "# my mul, for the teacher\n"
    open_exercise(page, "value")
    paste(page, BY_ID["value"].solution.code)
    expect(press_check(page)).to_have_attribute("data-state", "passed")
    open_exercise(page, "mul")
    paste(page, mine)
    with page.expect_download() as downloading:
        page.get_by_role("button", name="Download my work").click()
    download = downloading.value
    assert download.suggested_filename == "autograd-exercises.md"
    download.save_as(tmp_path / "work.md")
    text = (tmp_path / "work.md").read_text(encoding="utf-8")
    states = {"value": "passed", "mul": "not checked yet"}
    headings = [
        f"## {i}. {e.title} ({e.id}): {states.get(e.id, 'not started')}"
        for i, e in enumerate(CHAPTER, 1)
    ]
    assert [line for line in text.splitlines() if line.startswith("## ")] == headings
    assert f"```python\n{mine}```" in text


def test_blocked_storage_keeps_the_page_working_and_says_so(playground: Page) -> None:
    page = playground
    page.add_init_script(BLOCK_STORAGE)
    open_exercise(page, "value")
    note = page.locator("#exercise-note")
    expect(note).to_contain_text("keeps nothing")
    paste(page, BY_ID["value"].solution.code)
    expect(press_check(page)).to_have_attribute("data-state", "passed")
    open_exercise(page, "value")  # opened, left as it is: not started
    page.goto("/learn")
    expect(page.locator("#chapter-say")).to_contain_text("keeps nothing")
