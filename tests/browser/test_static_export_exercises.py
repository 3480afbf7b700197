"""A teacher's chapter in a static export (`python -m app.export OUT --exercises DIR`) in
Chromium, served by a static host alone (app.serve_static) with no app server running: the
chapter lists both exercises and its links open them, and an exercise page checks the
learner's code in the reader's browser, and the chapter then shows it ready."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from app.presets import LOSS
from tests.browser.playground_page import BOOT, wait_for_python
from tests.browser.test_static_export import export
from tests.browser.watch import static_server, watch
from tests.teacher_chapter import SUB_SOLUTION, TITLES, write_teacher_chapter


@pytest.fixture
def static_page(browser: Browser) -> Iterator[Page]:
    """A page in a context of its own, with no base URL: the `page` fixture's would start the
    app server (tests/browser/conftest.py), and here only the static host may answer."""
    context = browser.new_context()
    yield context.new_page()
    context.close()


def state_of(page: Page, exercise_id: str):
    return page.locator(f"[data-exercise='{exercise_id}'] .exercise-state")


def test_a_teachers_chapter_runs_from_a_static_server(static_page: Page, tmp_path: Path) -> None:
    export(tmp_path, LOSS, "--exercises", str(write_teacher_chapter(tmp_path / "chapter")))
    page = static_page
    problems = watch(page)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    with static_server(tmp_path) as origin:
        site = f"{origin}/site"  # a sub-path, as on GitHub Pages
        page.goto(f"{site}/learn/")
        expect(page.locator(".chapter-list a")).to_have_text(list(TITLES.values()))
        expect(state_of(page, "sub")).to_have_text("Not started")

        page.get_by_role("link", name=TITLES["add"]).click()
        expect(page).to_have_url(f"{site}/learn/add.html")
        expect(page.get_by_role("heading", name=TITLES["add"])).to_be_visible()
        wait_for_python(page)  # leaving while Python downloads would abort its requests
        page.get_by_role("link", name="All exercises").click()
        expect(page).to_have_url(f"{site}/learn/index.html")

        page.get_by_role("link", name=TITLES["sub"]).click()
        expect(page).to_have_url(f"{site}/learn/sub.html")
        wait_for_python(page)
        page.get_by_label("Expression").focus()
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.insert_text(SUB_SOLUTION)
        page.get_by_role("button", name="Check", exact=True).click()
        verdict = page.get_by_role("region", name="Checks").locator("#exercise-verdict")
        expect(verdict).to_have_text(re.compile(r"^Ready"), timeout=BOOT)

        page.get_by_role("link", name="All exercises").click()
        expect(state_of(page, "sub")).to_have_text("Ready")
    assert problems == []
    assert requests and all(url.startswith((origin, "data:")) for url in requests)
