"""docs/benchmarks.md: its main part is rewritten by `scripts/bench.sh`; each section named in
OWN_SECTIONS is measured by its own command, which replaces only that section, and the main
rewrite keeps them (they come last, in this order)."""

from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
OWN_SECTIONS = {  # title -> the script that measures it
    "## Recording a learner's program": "bench/recording.py",  # CPython and Pyodide
    "## A learner's Python in the page": "bench/python_page.py",
    "## Learning by doing: descent and two moons": "bench/learn_bench.py",
    "## Server under load": "bench/server_load.py",
    "## Laying out big graphs": "bench/layout_bench.py",
    "## Layout shift (Lighthouse, mobile)": "bench/layout_shift.py",
    "## Real networks: first visits throttled": "bench/network_bench.py",
    "## Exercises: checking a learner's engine": "bench/exercise_bench.py",
    "## Folded graphs: a network by its modules": "bench/fold_bench.py",
}


def _own_sections(doc: str) -> dict[str, str]:
    starts = sorted((doc.find(title), title) for title in OWN_SECTIONS if title in doc)
    ends = [start for start, _ in starts[1:]] + [len(doc)] if starts else []
    return {
        title: doc[start:end].strip("\n") for (start, title), end in zip(starts, ends, strict=True)
    }


def write_section(title: str, text: str) -> None:
    """Put `text` (which starts with `title`) in its place, keeping the other sections."""
    assert title in OWN_SECTIONS and text.startswith(title)
    doc = DOC.read_text() if DOC.exists() else "# Benchmarks\n"
    DOC.write_text(with_sections(main_part(doc), {**_own_sections(doc), title: text}))


def main_part(doc: str) -> str:
    """`doc` without its own-command sections."""
    starts = [doc.find(title) for title in OWN_SECTIONS if title in doc]
    return doc[: min(starts)] if starts else doc


def keep_sections(new_main: str) -> str:
    """The main part just written, followed by the own-command sections already in the doc."""
    old = DOC.read_text() if DOC.exists() else ""
    return with_sections(new_main, _own_sections(old))


def with_sections(main: str, sections: dict[str, str]) -> str:
    parts = [main.rstrip("\n")]
    parts += [sections[title].strip("\n") for title in OWN_SECTIONS if title in sections]
    return "\n\n".join(parts) + "\n"
