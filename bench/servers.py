"""The harness that the browser benchmarks and the browser tests (tests/browser/conftest.py)
share: Debian's Chromium and its flags, and the servers, each in its own process on a free
loopback port: the playground (uvicorn) and a plain static server for the bare-Pyodide
reference page.

    python -m bench.servers --port 8000   # serve the reference page by hand
"""

import argparse
import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BARE_PAGE = ROOT / "bench" / "bare"
VENDOR_MANIFEST = ROOT / "static" / "vendor" / "manifest.json"
START_TIMEOUT = 30  # seconds for a server to answer (a hang check, not a timing)

# Playwright cannot download its own browser here: Debian's (scripts/setup.sh --test).
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # headless Chromium refuses to start as root without it
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class ServerError(RuntimeError):
    """A server exited or did not answer in time (the message ends with its log, if kept)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_up(url: str, process: subprocess.Popen, log: Path | None, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            tail = f":\n{log.read_text()}" if log else ""
            raise ServerError(f"the server for {url} exited with code {process.returncode}{tail}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    tail = f":\n{log.read_text()}" if log else ""
    raise ServerError(f"{url} did not answer within {timeout} s{tail}")


@contextmanager
def running(
    command: list[str],
    health_url: str,
    log: Path | None = None,
    cwd: Path = ROOT,
    env: dict[str, str] | None = None,
    timeout: float = START_TIMEOUT,
):
    """Run `command` (in `cwd`, with `env` if given) until the block ends, once `health_url`
    answers 200 (within `timeout` seconds); its output goes to `log` (or nowhere)."""
    with open(log, "w") if log else open(os.devnull, "w") as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_until_up(health_url, process, log, timeout)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def playground(log: Path | None = None, checkout: Path = ROOT):
    """Run the app of `checkout` as scripts/serve.sh does (app.server: uvicorn); yields its
    base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "app.server", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--log-level", "warning"]
    with running(command, f"{base}/healthz", log, cwd=checkout):
        yield base


@contextmanager
def bare_pyodide():
    """Serve bench/bare/ and the vendored Pyodide; yields the page's URL."""
    port = free_port()
    command = [sys.executable, "-m", "bench.servers", "--port", str(port)]
    with running(command, f"http://127.0.0.1:{port}/index.html"):
        yield f"http://127.0.0.1:{port}/index.html"


def pyodide_dir() -> Path:
    """Pyodide as npm publishes it (node_modules/pyodide): the reference is a bare boot of the
    stock files, not of the playground's (whose stdlib zip carries bytecode, build_bytecode.mjs)."""
    return ROOT / "node_modules" / "pyodide"


class BareHandler(SimpleHTTPRequestHandler):
    """bench/bare/ at /, the stock Pyodide at /pyodide/; wasm and modules with the MIME
    types Pyodide needs (a wrong wasm type hangs loadPyodide)."""

    protocol_version = "HTTP/1.1"  # keep-alive, like uvicorn
    extensions_map = {
        ".html": "text/html",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".zip": "application/zip",
    }

    def translate_path(self, path: str) -> str:
        name = path.split("?")[0].removeprefix("/pyodide/")
        if path.startswith("/pyodide/") and "/" not in name:  # a file of Pyodide, no subpaths
            return str(pyodide_dir() / name)
        return super().translate_path(path)

    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the bare-Pyodide reference page.")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    handler = partial(BareHandler, directory=str(BARE_PAGE))
    with ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
