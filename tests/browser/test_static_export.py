"""The static export in Chromium, served by a static host alone (app.serve_static: files, and
the CORS header GitHub Pages sends too): every request goes
to that server (none to the FastAPI app), the first graph is on screen before Python, stepping
works at once, editing works once Python has booted."""

import re
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Page, expect

from app.presets import LOSS
from tests.browser.playground_page import BOOT, drawn_grads, trace_of
from tests.browser.watch import static_server, watch

ROOT = Path(__file__).resolve().parents[2]


def export(tmp_path: Path, source: str, *options: str) -> Path:
    program = tmp_path / "program.txt"
    program.write_text(source)
    out = tmp_path / "site"
    command = [sys.executable, "-m", "app.export", str(out), "--src", str(program), *options]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return out


def test_the_export_runs_from_a_static_server(page: Page, tmp_path: Path) -> None:
    export(tmp_path, LOSS, "--zip")
    assert (tmp_path / "site.zip").is_file()
    problems = watch(page)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    with static_server(tmp_path) as origin:
        page.goto(f"{origin}/site/")  # a sub-path, as on GitHub Pages
        graph = page.locator("#graph svg")
        expect(graph).to_be_visible()
        for node_id, text in drawn_grads(trace_of(LOSS), 0).items():
            expect(graph.locator(f"g[id='{node_id}'] > text").last).to_have_text(f"grad {text}")
        # Stepping needs no Python: the record came with the page.
        for _ in range(3):
            page.get_by_role("button", name="Next step").click()
        for node_id, text in drawn_grads(trace_of(LOSS), 3).items():
            expect(graph.locator(f"g[id='{node_id}'] > text").last).to_have_text(f"grad {text}")
        # Editing runs the engine in the reader's browser.
        status = page.locator("#boot-status")
        expect(status).to_have_attribute("data-state", "ready", timeout=BOOT)
        page.get_by_label("Expression").fill("a = 3.0\nb = a * a\n")
        expect(page.locator("#step-count")).to_have_text("0 / 2")
        page.get_by_role("button", name="Next step").click()
        page.get_by_role("button", name="Next step").click()
        expect(page.locator("#step-count")).to_have_text("2 / 2")
        expect(graph).to_contain_text("grad 6.0000")
    assert problems == []
    assert requests and all(url.startswith(origin) or url.startswith("data:") for url in requests)
    assert not page.get_by_role("button", name="Embed").count()  # needs the server


def test_an_invalid_program_is_refused_with_its_position(tmp_path: Path) -> None:
    program = tmp_path / "bad.txt"
    program.write_text("x = (1 +\n")
    command = [sys.executable, "-m", "app.export", str(tmp_path / "out"), "--src", str(program)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert re.match(r"export: line 1, column \d+: ", done.stderr)
    assert not (tmp_path / "out").exists()
