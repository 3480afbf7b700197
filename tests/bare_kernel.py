"""A Jupyter kernel without this repository: a learner's fresh Colab or Jupyter kernel.

The test venv installs the project editable (a `.pth` finder puts `engine` and `app` on every
path), so the kernel starts with `python -S` (no `.pth` is read) and only site-packages on its
path, in an empty folder; its first cell checks that `engine` cannot be found."""

import json
import sys
import sysconfig
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NAME = "bare-python3"
TIMEOUT = 60  # seconds a cell may take: a hang check
NOT_HERE = (
    "import importlib.util\n"
    "assert importlib.util.find_spec('engine') is None, 'the repository is on the path'"
)


def kernel_spec(folder: Path) -> None:
    start = (
        f"import sys; sys.path.append({sysconfig.get_paths()['purelib']!r}); "
        "from ipykernel import kernelapp; kernelapp.launch_new_instance()"
    )
    spec = folder / "kernels" / NAME
    spec.mkdir(parents=True)
    argv = [sys.executable, "-S", "-c", start, "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "language": "python",
                                                  "display_name": NAME}))  # fmt: skip


def run_bare(
    document: nbformat.NotebookNode, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[nbformat.NotebookNode, str]:
    """Execute the notebook in a bare kernel whose files go in `folder`, first checking that
    the kernel cannot import this repository; returns it executed, and all its cells printed."""
    kernel_spec(folder / "jupyter")
    monkeypatch.setenv("JUPYTER_PATH", str(folder / "jupyter"))
    monkeypatch.delenv("PYTHONPATH", raising=False)
    work = folder / "work"
    work.mkdir()
    document.cells.insert(0, nbformat.v4.new_code_cell(NOT_HERE))
    client = NotebookClient(
        document, timeout=TIMEOUT, kernel_name=NAME, resources={"metadata": {"path": str(work)}}
    )
    client.execute()
    printed = "".join(o.get("text", "") for c in document.cells for o in c.get("outputs", []))
    return document, printed
