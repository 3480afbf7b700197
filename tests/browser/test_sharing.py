"""Sharing a Python program (issue 23, item 4): permalinks come back at their step, forward
position and "Graph of"; titles name the graph on screen; the Embed dialog offers no image
snippet the server cannot draw, and the SVG made in the page instead; downloads are made from
what the worker sent. The expected numbers come from engine.worker.runner run in CPython on the same
text (the oracle test_python uses)."""

import json
import re
from pathlib import Path
from urllib.parse import urlencode
from xml.etree import ElementTree

import nbformat
from playwright.sync_api import Page, expect

from app.presets import LOSS
from engine.record.graph_record import grad_texts_at
from engine.worker.playground import run
from engine.worker.runner import run_program
from tests.bare_kernel import run_bare
from tests.browser.playground_page import BOOT, expect_grads
from tests.browser.test_page_downloads import download, pictures

SVG = "{http://www.w3.org/2000/svg}"
PY = """\
from engine import Value

a = Value(2.0, label='a')
b = Value(-3.0, label='b')
c = a * b
c.label = 'c'
L = c + a
L.label = 'L'
L.backward()
print(f"a {a.grad:.4f} b {b.grad:.4f}")
"""
TWO_GRAPHS = "a = Value(2.0, label='a')\nb = a * a\nb.label = 'b'\ndraw_dot(b)\n"
TWO_GRAPHS += "b.backward()\nprint(b)"  # print: Python, not the expression language
TITLE = "Backward pass of {}, step by step (autograd playground)"


def graphs(source: str) -> list[dict]:
    return [g["record"] for g in run_program(source)["graphs"]]


def chosen(source: str) -> dict:
    result = run_program(source)
    return result["graphs"][result["chosen"]]["record"]


def count(page: Page, text: str, timeout: float = BOOT) -> None:
    expect(page.locator("#step-count")).to_have_text(text, timeout=timeout)


def test_a_python_link_opens_at_its_step(playground: Page) -> None:
    page = playground
    record = chosen(PY)
    n = len(record["backward"])
    page.goto("/?" + urlencode({"src": PY, "step": 1}))
    count(page, f"1 / {n}")
    expect_grads(page, grad_texts_at(record, 1))
    assert page.title() == TITLE.format("L")


def test_a_python_link_with_the_forward_pass_opens_at_its_position(playground: Page) -> None:
    page = playground
    record = chosen(PY)
    n = len(record["forward"]) + len(record["backward"])
    page.goto("/?" + urlencode({"src": PY, "forward": 1, "step": 2}))
    count(page, f"2 / {n}")
    expect(page.get_by_role("button", name="Forward pass")).to_have_attribute(
        "aria-pressed", "true"
    )


def test_an_expression_link_with_the_forward_pass_opens_at_its_position(playground: Page) -> None:
    page = playground
    page.goto("/?" + urlencode({"src": LOSS, "forward": 1, "step": 2}))
    trace = run(LOSS)["trace"]
    count(page, f"2 / {len(trace['forward']) + len(trace['backward'])}", timeout=15_000)


def test_copy_link_then_open_it_comes_back_at_the_same_step(playground: Page) -> None:
    page = playground
    n = len(chosen(PY)["backward"])
    page.goto("/?" + urlencode({"src": PY}))
    count(page, f"0 / {n}")
    for _ in range(2):
        page.get_by_role("button", name="Next step").click()
    count(page, f"2 / {n}")
    page.get_by_role("button", name="Copy link").click()
    expect(page.locator("#status")).to_have_text(re.compile(r"^Link (copied|selected)"))
    field = page.locator("#link-text")
    link = field.input_value() if field.count() else page.url
    assert "step=2" in link
    other = page.context.new_page()
    other.goto(link)
    count(other, f"2 / {n}")
    expect_grads(other, grad_texts_at(chosen(PY), 2))
    other.close()


def test_graph_of_in_a_link_and_in_the_title(playground: Page) -> None:
    page = playground
    records = graphs(TWO_GRAPHS)
    page.goto("/?" + urlencode({"src": TWO_GRAPHS, "graph": 1}))
    choice = page.get_by_label("Graph of", exact=True)
    expect(choice).to_have_value("1", timeout=BOOT)
    count(page, f"0 / {len(records[1]['backward'])}")
    expect(page).to_have_title(
        f"Backward pass of {records[1]['title']}, step by step (autograd playground)"
    )
    choice.select_option("0")
    count(page, f"0 / {len(records[0]['backward'])}")
    expect(page).to_have_title(
        f"Backward pass of {records[0]['title']}, step by step (autograd playground)"
    )
    page.get_by_role("button", name="Next step").click()
    expect(page).to_have_url(re.compile(r"[?&]graph=0(&|$)"))
    expect(page).to_have_url(re.compile(r"[?&]step=1(&|$)"))


def test_the_embed_dialog_of_a_python_program_offers_what_works(
    playground: Page, tmp_path: Path
) -> None:
    page = playground
    page.goto("/?" + urlencode({"src": PY, "step": 1}))
    count(page, f"1 / {len(chosen(PY)['backward'])}")
    page.get_by_role("button", name="Embed").click()
    note = page.locator("#embed-image-note")
    expect(note).to_contain_text("runs in the reader's browser")
    expect(page.get_by_label("Image (no JavaScript)")).to_be_hidden()
    expect(page.get_by_label("Markdown")).to_be_hidden()
    expect(page.locator("#embed-html")).to_have_value(
        re.compile(r"^<iframe src=\"[^\"]*/embed\?src=")
    )
    with page.expect_download() as info:
        page.get_by_role("button", name="Download the SVG").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name == "graph-step-1.svg"
    assert ElementTree.parse(path).getroot().tag == f"{SVG}svg"


def test_a_python_program_s_downloads(playground: Page, tmp_path: Path, monkeypatch) -> None:
    page = playground
    record = chosen(PY)
    n = len(record["backward"])
    page.goto("/?" + urlencode({"src": PY}))
    count(page, f"0 / {n}")
    page.locator("#graph").focus()
    page.keyboard.press("End")
    count(page, f"{n} / {n}")
    texts = grad_texts_at(record, n)
    expect_grads(page, texts)

    pictures(page, tmp_path, texts)
    saved = json.loads(download(page, "Download record (JSON)", tmp_path).read_text())
    assert saved["version"] == record["version"] and saved["backward"] == record["backward"]

    assert download(page, "Download Python", tmp_path).read_text() == PY
    notebook = nbformat.read(download(page, "Download notebook", tmp_path), as_version=4)
    _, printed = run_bare(notebook, tmp_path, monkeypatch)
    ids = {node["label"]: node["id"] for node in record["nodes"]}
    assert printed.strip() == f"a {texts[ids['a']]} b {texts[ids['b']]}"
    website = download(page, "Download as website", tmp_path)
    assert website.name == "playground.zip"
    expect(page.locator("#status")).to_have_text("Downloaded playground.zip")
