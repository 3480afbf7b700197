"""Browser tests: Debian's Chromium, driven by pytest-playwright, against a live uvicorn.

Playwright cannot download its own browser here, so it launches /usr/bin/chromium
(scripts/setup.sh --test installs it). A missing browser fails the tests; it never skips them.
"""

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
STARTUP_TIMEOUT = 30.0  # seconds for uvicorn to answer /healthz


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/setup.sh --test (apt package chromium)")
    args = [
        "--no-sandbox",  # headless Chromium refuses to start as root without it
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ]
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [*browser_type_launch_args.get("args", []), *args],
    }


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_until_healthy(url: str, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"uvicorn exited with code {server.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    pytest.fail(f"{url} did not answer within {STARTUP_TIMEOUT} s:\n{log.read_text()}")


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory):
    """Base URL of the app, served by uvicorn in a subprocess for the whole session."""
    port = _free_port()
    log = tmp_path_factory.mktemp("live_server") / "uvicorn.log"
    command = [sys.executable, "-m", "uvicorn", "app.main:app"]
    command += ["--host", "127.0.0.1", "--port", str(port)]
    with log.open("w") as log_file:
        server = subprocess.Popen(command, cwd=ROOT, stdout=log_file, stderr=subprocess.STDOUT)
    base_url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_healthy(f"{base_url}/healthz", server, log)
        yield base_url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    """Lets tests write page.goto("/") (pytest-base-url joins it to this)."""
    return live_server
