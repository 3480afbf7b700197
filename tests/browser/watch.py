"""Helpers for the browser tests: a page that records console errors, uncaught exceptions
and failed requests (CSP violations are console errors), and a static file server (run by
bench/servers.py's harness, as the playground's server is)."""

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import ConsoleMessage, Page, Request, Response

from bench import servers


def errors(page: Page) -> list[str]:
    """The console errors and uncaught exceptions of `page` (and its frames) from now on."""
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console: {message.text} ({message.location.get('url')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"pageerror: {error}"))
    return problems


def watch(page: Page) -> list[str]:
    """Problems seen on `page` (and its frames) from now on: its errors, and requests that
    failed or were answered 4xx/5xx; a test asserts the list is empty."""
    problems = errors(page)
    answered: set[Request] = set()

    def on_response(response: Response) -> None:
        answered.add(response.request)
        if response.status >= 400:
            problems.append(f"HTTP {response.status}: {response.url}")

    def on_request_failed(request: Request) -> None:
        aborted = request.failure == "net::ERR_ABORTED"
        # A frame that is navigated away (the Embed dialog's preview, on each option change)
        # aborts its downloads; that is the browser's doing, not a failure.
        child_frame = request.frame.parent_frame is not None
        # Chromium 156 reports every fetch() HEAD as ERR_ABORTED after its answer has arrived
        # (a 200 too); the answer's status is checked above, like any other.
        answered_head = request.method == "HEAD" and request in answered
        if not (aborted and (child_frame or answered_head)):
            problems.append(f"request failed: {request.url} {request.failure}")

    page.on("response", on_response)
    page.on("requestfailed", on_request_failed)
    return problems


@contextlib.contextmanager
def static_server(directory: Path) -> Iterator[str]:
    """`python -m app.serve_static` (a static host: files, and the CORS header GitHub Pages
    sends too) on a free port of 127.0.0.1, serving `directory`; its base URL."""
    port = servers.free_port()
    command = [sys.executable, "-m", "app.serve_static", str(directory), "--port", str(port)]
    base = f"http://127.0.0.1:{port}"
    with servers.running(command, base + "/"):
        yield base
