"""Each download from the page, parsed: the SVG as XML with the grads at the chosen step, the
PNG decoded, the DOT laid out by dot, the record equal to the engine's, the .py run, the
notebook validated, the website zip opened."""

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlencode
from xml.etree import ElementTree
from xml.etree.ElementTree import Element

import nbformat
import pytest
from playwright.sync_api import Page, expect

from app.presets import LOSS
from engine.worker.playground import run
from tests.bare_kernel import run_bare
from tests.browser.playground_page import drawn_grads
from tests.browser.watch import watch
from tests.png import image_data

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
STEP = 2


@pytest.fixture
def at_step(page: Page):
    problems = watch(page)
    page.set_default_timeout(15_000)
    page.goto("/?" + urlencode({"src": LOSS}))
    expect(page.locator("#graph svg")).to_be_visible()
    for _ in range(STEP):
        page.get_by_role("button", name="Next step").click()
    expect(page.locator("#step-count")).to_have_text(re.compile(rf"^{STEP} / "))
    yield page
    assert problems == []


def download(page: Page, name: str, tmp_path: Path) -> Path:
    menu = page.locator("#downloads")
    if menu.get_attribute("open") is None:
        page.get_by_text("Download", exact=True).click()
    with page.expect_download() as info:
        page.get_by_role("button", name=name, exact=True).click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return path


def pictures(page: Page, tmp_path: Path, grads: dict[str, str]) -> tuple[Path, Element, Path]:
    """Download the SVG, the PNG and the DOT: the SVG draws `grads`, the PNG is it at twice its
    size and the DOT lays out with dot; the SVG's path and root, and the DOT's path."""
    svg = download(page, "Download SVG", tmp_path)
    root = ElementTree.parse(svg).getroot()
    for node_id, text in grads.items():
        group = root.find(f".//{SVG}g[@id='{node_id}']")
        assert group.findall(f"{SVG}text")[-1].text == f"grad {text}"
    width, height = float(root.get("width")), float(root.get("height"))
    png = download(page, "Download PNG", tmp_path)
    assert png_pixels(png.read_bytes()) == (round(2 * width), round(2 * height))
    dot = download(page, "Download DOT", tmp_path)
    laid_out = subprocess.run(["dot", "-Tsvg", str(dot)], capture_output=True, timeout=60)
    assert laid_out.returncode == 0 and b"</svg>" in laid_out.stdout
    return svg, root, dot


def grads_at(position: int) -> dict[str, str]:
    return drawn_grads(run(LOSS)["trace"], position)


def png_pixels(data: bytes) -> tuple[int, int]:
    """A PNG's size, once its chunks and image data add up (tests/png.py)."""
    width, height, _, _ = image_data(data)
    return width, height


def test_svg_png_dot_and_record(at_step: Page, tmp_path: Path) -> None:
    page = at_step
    svg_path, root, dot = pictures(page, tmp_path, grads_at(STEP))
    assert svg_path.name == f"graph-step-{STEP}.svg"
    assert root.tag == f"{SVG}svg"
    assert not root.findall(".//*[@class]") and not root.findall(".//*[@style]")
    assert root.find(f".//{SVG}text").get("font-family")  # the styles came along
    assert dot.read_text() == run(LOSS)["dot"]

    record = download(page, "Download record (JSON)", tmp_path)
    assert json.loads(record.read_text()) == run(LOSS)["trace"]
    expect(page.locator("#status")).to_have_text("Downloaded record.json")


def test_python_notebook_and_website(at_step: Page, tmp_path: Path, monkeypatch) -> None:
    page = at_step
    script = download(page, "Download Python", tmp_path)
    # -S: without site-packages, where this repository is installed: the file carries Value
    done = subprocess.run(
        [sys.executable, "-S", str(script)], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"w1  data 2\.0000  grad 1\.0000", done.stdout)
    micrograd = download(page, "Download Python for micrograd", tmp_path)
    assert "from micrograd.engine import Value" in micrograd.read_text()

    notebook = nbformat.read(download(page, "Download notebook", tmp_path), as_version=4)
    nbformat.validate(notebook)
    _, printed = run_bare(notebook, tmp_path, monkeypatch)  # a fresh kernel without this repo
    record = run(LOSS)["trace"]
    end = grads_at(len(record["backward"]))  # the grads the page shows at the end
    names = {n["label"]: n["id"] for n in record["nodes"] if n["label"]}
    lines = re.findall(r"^ *(\S+)  data \S+  grad (\S+)$", printed, re.M)
    assert lines and all(grad == end[names[name]] for name, grad in lines if name in names)
    assert {name for name, _ in lines} >= {"w1", "w2", "loss"}

    website = download(page, "Download as website", tmp_path)
    archive = zipfile.ZipFile(io.BytesIO(website.read_bytes()))
    page_html = archive.read("playground/index.html").decode()
    assert f'"step":{STEP}' in page_html


def test_a_program_micrograd_cannot_run_says_why(page: Page, tmp_path: Path) -> None:
    page.goto("/")  # the neuron: tanh is not in micrograd
    expect(page.locator("#graph svg")).to_be_visible()
    page.get_by_text("Download", exact=True).click()
    page.get_by_role("button", name="Download Python for micrograd").click()
    expect(page.locator("#status")).to_have_text(re.compile("does not fit micrograd.*tanh"))
