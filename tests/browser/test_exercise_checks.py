"""An exercise's Check in Chromium (static/js/exercise/exercise-panel.js, check-view.js): each
built-in exercise's known mistake fails with its message, placed on the graph at the wrong
`_backward()` call (or, for a value wrong before any call, at that value); its solution passes
and hands the keyboard to the next exercise; the starter fails with a message; text the
learner's code makes stays text. What the checks find comes from engine.exercise.run_checks in
CPython on the same code (the oracle)."""

import re

import pytest
from playwright.sync_api import Page, expect

from app.exercises.exercise import Exercise
from tests.browser.exercise_page import (
    CHAPTER,
    checks,
    editor_text,
    located,
    open_exercise,
    oracle,
    paste,
    press_check,
    verdict,
)
from tests.engine.exercise.wrong_solutions import Wrong, wrong_solutions

# A learner's exception, its message markup: the checks' message carries it to the page.
HOSTILE_MESSAGE = "<img src=x onerror=alert(1)>"
HOSTILE = f'''class Value:
    def __init__(self, data):
        self.data = data

    def __add__(self, other):
        raise ValueError("{HOSTILE_MESSAGE}")
'''


def shown_best(exercise: Exercise) -> Wrong:
    """The exercise's wrong solution the page shows most of: one placed on a call (`# step:`),
    else on a node, else the first."""
    wrongs = wrong_solutions(exercise.path)
    return max(wrongs, key=lambda w: ("step" in w.expected, "node" in w.expected))


@pytest.mark.parametrize("exercise", CHAPTER, ids=lambda e: e.id)
def test_a_mistake_is_shown_where_it_is_and_the_solution_passes(
    playground: Page, exercise: Exercise
) -> None:
    page = playground
    wrong = shown_best(exercise)
    open_exercise(page, exercise.id)
    paste(page, wrong.code)
    expect(press_check(page)).to_have_attribute("data-state", "failed")
    expect(checks(page).locator("li.check-fail").first).to_be_visible()
    expect(checks(page)).to_contain_text(wrong.expected["says"])
    if "node" in wrong.expected:  # on a call (`# step:`), or on a value before any call
        where = located(oracle(exercise, wrong.code))
        assert where is not None, f"{wrong.name}: the oracle places it nowhere"
        n = len(where["record"]["backward"])
        at = 0 if where["step"] is None else where["step"] + 1
        expect(page.locator("#step-count")).to_have_text(f"{at} / {n}")
        node = page.locator(f"#graph svg g.located[id='{where['node']}']")
        expect(node.locator("> text").first).to_have_text(wrong.expected["node"])
        expect(page.locator("#graph")).to_have_attribute("data-located", "")

    paste(page, exercise.solution.code)
    expect(press_check(page)).to_have_attribute("data-state", "passed")
    expect(verdict(page)).to_have_text(re.compile(r"^Ready"))
    expect(checks(page).locator("li.check-fail")).to_have_count(0)
    following = CHAPTER.index(exercise) + 1
    if following < len(CHAPTER):
        after = page.locator("#exercise-next")
        expect(after).to_have_text(f"Next: {CHAPTER[following].title} →")
        expect(after).to_be_focused()
    else:  # the last: focus on the verdict, which says Ready
        expect(page.locator("#exercise-next")).to_have_count(0)
        expect(verdict(page)).to_be_focused()


def test_the_starter_is_in_the_editor_and_fails_with_a_message(playground: Page) -> None:
    page = playground
    exercise = CHAPTER[0]
    open_exercise(page, exercise.id)
    expect(editor_text(page)).to_have_value(exercise.starter.code)
    expect(press_check(page)).to_have_attribute("data-state", "failed")
    found = oracle(exercise, exercise.starter.code)
    first = next(c["message"] for c in found["checks"] if not c["passed"])
    expect(checks(page).locator("li.check-fail").first).to_contain_text(first)


def test_markup_in_a_learners_error_stays_text(playground: Page) -> None:
    page = playground
    exercise = CHAPTER[0]
    messages = [c["message"] for c in oracle(exercise, HOSTILE)["checks"] if not c["passed"]]
    assert any(HOSTILE_MESSAGE in m for m in messages)  # the path carries the learner's text
    open_exercise(page, exercise.id)
    paste(page, HOSTILE)
    expect(press_check(page)).to_have_attribute("data-state", "failed")
    for message in messages:
        expect(checks(page)).to_contain_text(message)
    expect(checks(page).locator("img")).to_have_count(0)
