"""An exercise page (/learn/ID) as the browser tests drive it: the chapter as the server reads
it, opening an exercise, replacing the editor's text as a learner pastes, pressing Check and
waiting for the verdict, reading where focus is, and the oracle — engine.exercise.run_checks in
CPython on the same code, which is what the page's worker runs in Pyodide.

Waits are on locators only: under the page's CSP Playwright's wait_for_function (eval) fails.
"""

from playwright.sync_api import Locator, Page, expect

from app.exercises.chapter import load_chapter
from app.exercises.exercise import Exercise
from engine.exercise import run_checks
from tests.browser.playground_page import BOOT
from tests.engine.exercise.chapter_blocks import EXERCISES

CHAPTER: tuple[Exercise, ...] = load_chapter(EXERCISES).exercises  # what the server serves
BY_ID = {e.id: e for e in CHAPTER}
STATES = ("passed", "failed")  # the verdict's data-state once a check has answered


def open_exercise(page: Page, exercise_id: str) -> None:
    """/learn/ID with its code editor there (CodeMirror comes after the first graph)."""
    page.goto(f"/learn/{exercise_id}")
    expect(page.locator(".cm-content")).to_be_visible()


def editor(page: Page) -> Locator:
    return page.get_by_role("textbox", name="Expression")


def editor_text(page: Page) -> Locator:
    """The textarea CodeMirror keeps in step with its text: expect(...).to_have_value(code)."""
    return page.locator("#expression")


def paste(page: Page, code: str) -> None:
    """Select all and paste, as a learner does (fill() raced CodeMirror once under load)."""
    editor(page).focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(code)
    expect(editor_text(page)).to_have_value(code)


def verdict(page: Page) -> Locator:
    return page.locator("#exercise-verdict")


def checks(page: Page) -> Locator:
    return page.get_by_role("region", name="Checks")


def press_check(page: Page) -> Locator:
    """Press Check and wait for its verdict (Python may still be starting): the verdict."""
    page.locator("#exercise-check").click()
    return answered(page)


def answered(page: Page) -> Locator:
    """The verdict, once this check has answered. Check says "Checking…" before it returns to
    the test, so a verdict kept from an earlier visit is not mistaken for this one's."""
    expect(verdict(page)).not_to_have_attribute("data-state", "checking", timeout=BOOT)
    state = verdict(page).get_attribute("data-state")
    assert state in STATES, f"the verdict is {state!r} after Check"
    return verdict(page)


def focused(page: Page, selector: str) -> Locator:
    """`selector` while it has the keyboard's focus: expect(...).to_have_count(1)."""
    return page.locator(f"{selector}:focus")


def oracle(exercise: Exercise, code: str) -> dict:
    """What the checks find in `code`: run_checks's result, as the worker sends it."""
    setup = exercise.setup.code if exercise.setup else ""
    return run_checks(code, exercise.check.code, setup)


def located(result: dict) -> dict | None:
    """The failure the page puts on the graph (static/js/exercise/check-view.js): the first
    placed at a call of its record, or before any call at a value of it."""
    for check in result["checks"]:
        where = check.get("located")
        if check["passed"] or not where:
            continue
        ids = {n["id"] for n in where["record"]["nodes"]}
        if isinstance(where.get("step"), int) or (where["step"] is None and where["node"] in ids):
            return where
    return None


def shown(record: dict, node_id: str) -> str:
    """A node's name as its box shows it (docs/trace-format.md `shown`)."""
    return next(n["shown"] for n in record["nodes"] if n["id"] == node_id)
