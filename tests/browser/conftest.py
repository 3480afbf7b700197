"""Browser tests: Debian's Chromium, driven by pytest-playwright, against a live uvicorn.

Playwright cannot download its own browser here, so it launches /usr/bin/chromium
(scripts/setup.sh --test installs it). A missing browser fails the tests; it never skips them.
A test that asks for `playground` fails on any error the page reports. The page's helpers:
playground_page.py.
"""

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from bench import servers
from tests.browser.watch import errors

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Debian's Chromium with the flags bench/ uses too (bench/servers.py: one harness)."""
    if not servers.CHROMIUM.is_file():
        pytest.fail(f"{servers.CHROMIUM} is missing: run scripts/setup.sh --test (apt chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": str(servers.CHROMIUM),
        "args": [*browser_type_launch_args.get("args", []), *servers.CHROMIUM_ARGS],
    }


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory):
    """Base URL of the app, served by uvicorn in a subprocess for the whole session (the same
    server bench/ measures)."""
    log = tmp_path_factory.mktemp("live_server") / "uvicorn.log"
    with contextlib.ExitStack() as stack:
        try:
            base_url = stack.enter_context(servers.playground(log=log))
        except servers.ServerError as error:
            pytest.fail(str(error))
        yield base_url


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    """Lets tests write page.goto("/") (pytest-base-url joins it to this)."""
    return live_server


@pytest.fixture
def playground(page: Page) -> Iterator[Page]:
    """The page, failing the test on any console error (CSP violations are console errors),
    uncaught exception or failed request."""
    problems = errors(page)
    page.on(
        "requestfailed",
        lambda request: (
            # A download cut short because the page moved on or closed is not a failure.
            "ERR_ABORTED" not in (request.failure or "")
            and problems.append(f"request failed: {request.url} {request.failure}")
        ),
    )
    page.on(
        "response",
        lambda response: (
            response.status >= 400 and problems.append(f"HTTP {response.status}: {response.url}")
        ),
    )
    page.set_default_timeout(15_000)
    yield page
    assert problems == []
