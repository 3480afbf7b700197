"""The Jupyter widget in a real JupyterLab (from the dev extras), driven in Chromium: run a cell
that shows Playground(o), step it, and read the grads on its SVG."""

import json
import os
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from bench import servers
from engine import Value, trace

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "playground-test-token"
START_TIMEOUT = 90.0  # seconds: JupyterLab's first start (a hang check)
KERNEL = 90_000  # ms: a kernel start and the first cell, on a busy machine
CELL = """\
from engine import Value
from playground_widget import Playground

x1 = Value(2.0, label='x1'); x2 = Value(0.0, label='x2')
w1 = Value(-3.0, label='w1'); w2 = Value(1.0, label='w2')
b = Value(6.8813735870195432, label='b')
n = x1*w1 + x2*w2 + b; n.label = 'n'
o = n.tanh(); o.label = 'o'
widget = Playground(o)
widget"""
CELLS = [CELL, 'print("the widget is at step", widget.step)']


def neuron():
    x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
    w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
    n = x1 * w1 + x2 * w2 + Value(6.8813735870195432, label="b")
    n.label = "n"
    o = n.tanh()
    o.label = "o"
    return o


@pytest.fixture
def jupyterlab(tmp_path: Path):
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": source} for i, source in enumerate(CELLS)],
    }  # fmt: skip
    (tmp_path / "widget.ipynb").write_text(json.dumps(notebook))
    port = servers.free_port()
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root"]
    command += ["--ip=127.0.0.1", f"--port={port}", f"--ServerApp.token={TOKEN}"]
    command += [f"--ServerApp.root_dir={tmp_path}", "--LabApp.news_url=None"]
    command += ["--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_CONFIG_DIR": str(tmp_path / "config")}
    base = f"http://127.0.0.1:{port}"
    status = f"{base}/api/status?token={TOKEN}"
    with servers.running(command, status, tmp_path / "jupyter.log", tmp_path, env, START_TIMEOUT):
        yield base


def test_the_widget_steps_in_jupyterlab(page: Page, jupyterlab: str) -> None:
    record = trace(neuron())
    grads = {n["id"]: n["grad_text"] for n in record["nodes"]}
    page.goto(f"{jupyterlab}/lab/tree/widget.ipynb?token={TOKEN}")
    cell = page.locator(".jp-Cell .cm-content").first
    expect(cell).to_be_visible(timeout=KERNEL)
    # The kernel is connected and idle (the toolbar's execution indicator says "idle" before
    # there is a kernel at all; a cell run while the kernel is still starting can be lost).
    kernel_idle = page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))
    expect(kernel_idle).to_have_count(1, timeout=KERNEL)
    cell.click()
    page.keyboard.press("Shift+Enter")
    widget = page.locator(".playground-widget")
    expect(widget).to_be_visible(timeout=KERNEL)
    graph = widget.locator(".graph svg")
    expect(graph.locator("g.node.value")).to_have_count(len(record["nodes"]))
    for node_id, text in grads.items():  # before the backward pass
        expect(graph.locator(f"g[id='{node_id}'] > text").last).to_have_text(f"grad {text}")
    for _ in range(len(record["backward"])):
        widget.get_by_role("button", name="Next step").click()
    expect(widget.locator("output")).to_have_text(re.compile(rf"^{len(record['backward'])} / "))
    for step in record["backward"]:
        for change in step["changes"]:
            grads[change["node"]] = change["after_text"]
    for node_id, text in grads.items():
        expect(graph.locator(f"g[id='{node_id}'] > text").last).to_have_text(f"grad {text}")
    expect(widget.locator(".status")).to_contain_text("Step 6 of 6")
    # The step went back to the kernel.
    page.locator(".jp-Cell .cm-content").nth(1).click()
    page.keyboard.press("Shift+Enter")
    expect(page.locator(".jp-OutputArea-output").last).to_have_text(
        f"the widget is at step {len(record['backward'])}", timeout=KERNEL
    )
