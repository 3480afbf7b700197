"""An exercise's page as the browser tests drive it (/learn/ID, /embed?exercise=ID): its code
blocks and wrong solutions (the chapter's own, tests/engine/exercise/), the editor's text
replaced as a learner pastes, Check pressed and its verdict awaited, and what the checks must
say, from engine.exercise run here in CPython (the oracle for the page's Pyodide)."""

import re
from pathlib import Path

from playwright.sync_api import FrameLocator, Page, expect

from engine.exercise.run import run_checks
from tests.browser.playground_page import BOOT
from tests.engine.exercise.chapter_blocks import blocks, exercise_files
from tests.engine.exercise.wrong_solutions import Wrong, wrong_solutions


def exercise_file(exercise_id: str) -> Path:
    """exercises/NN-<id>.md: the built-in chapter's file names end with their ids."""
    (path,) = [p for p in exercise_files() if p.stem.split("-", 1)[1] == exercise_id]
    return path


def code_blocks(exercise_id: str) -> dict[str, str]:
    return blocks(exercise_file(exercise_id))


def wrong(exercise_id: str, name: str) -> Wrong:
    """One of the exercise's wrong solutions (tests/engine/exercise/chapter/NN-id/NAME.diff)."""
    (found,) = [w for w in wrong_solutions(exercise_file(exercise_id)) if w.name == name]
    return found


def expected_check(exercise_id: str, code: str) -> dict:
    """The host message a Check of `code` must send (static/js/exercise/check-view.js
    summarize: the failed checks' messages), and the located failure, from the engine."""
    code_of = code_blocks(exercise_id)
    result = run_checks(code, code_of["check"], code_of.get("setup", ""))
    failures = [c for c in result["checks"] if c["passed"] is not True]
    located = next((c["located"] for c in failures if c.get("located")), None)
    return {
        "passed": result["passed"] and not failures,
        "total": len(result["checks"]),
        "failed": len(failures),
        "messages": [c["message"] for c in failures],
        "located": located,
    }


def replace_code(page: Page, scope: Page | FrameLocator, code: str) -> None:
    """Select all in the editor and paste `code`, as a learner does (fill() raced once with
    CodeMirror). `scope`: the page, or the frame the editor is in."""
    scope.get_by_label("Expression").focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(code)


def check(scope: Page | FrameLocator, state: str) -> None:
    """Press Check and wait for its verdict, `state` "passed" or "failed"."""
    verdict = scope.locator("#exercise-verdict")
    expect(verdict).not_to_have_attribute("data-state", "checking")
    scope.get_by_role("button", name="Check", exact=True).click()
    expect(verdict).to_have_attribute("data-state", state, timeout=BOOT)


def fail_located(page: Page, mistake: Wrong, exercise_id: str = "neuron") -> dict:
    """`mistake` (in the editor) checked: the verdict says so and the graph shows the wrong call
    the engine finds (its node, its input and the edge between marked) at its step on the
    timeline. The engine's located failure."""
    located = expected_check(exercise_id, mistake.code)["located"]
    assert located, f"{mistake.name}: the engine locates no failure"
    check(page, "failed")
    expect(page.locator("#exercise-verdict")).to_contain_text(
        "The graph shows the first wrong _backward() call."
    )
    expect(page.locator("#graph")).to_have_attribute("data-located", "")
    steps = len(located["record"]["backward"])
    expect(page.locator("#step-count")).to_have_text(f"{located['step'] + 1} / {steps}")
    marked = re.compile(r"\blocated\b")
    for node in (located["node"], located["input"]):
        expect(page.locator(f"#graph svg g[id='{node}']")).to_have_class(marked)
    expect(page.locator("#graph svg g.edge.located")).to_have_count(1)
    return located
