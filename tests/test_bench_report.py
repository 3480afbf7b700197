"""bench/report.py: every own-command section of docs/benchmarks.md opens the same way (title,
the run that produced it, which script wrote it) and a contended run judges no goal. Each
script's tables are written from fixed raw figures, shaped as the script measures them: no
benchmark is run here."""

import os
import re
import sys
from pathlib import Path

import pytest

from bench import (
    doc,
    exercise_bench,
    fold_bench,
    layout_bench,
    layout_shift,
    learn_bench,
    network_bench,
    python_page,
    recording,
    report,
    run,
    server_load,
)
from tests.bench_figures import (
    EXERCISE,
    FOLD,
    LAYOUT,
    LAYOUT_SHIFT,
    LEARN,
    NETWORK,
    PYTHON_PAGE,
    RECORDING,
    SERVER_LOAD,
)

RUN = {
    "command": ".venv/bin/python -m bench.x --repeats 3",
    "when": "2026-11-27 03:22 UTC",
    "cpus": 2,
    "cpu": "a CPU",
    "load_start": "0.50",
    "load_end": "1.70",
    "contended": False,
    "versions": {"Python": "3.11.2", "Chromium": "142.0.7444.175"},
}
HEADER = (
    "Produced by `.venv/bin/python -m bench.x --repeats 3` on 2026-11-27 03:22 UTC (2 CPUs, "
    "load average 0.50 at the start, 1.70 at the end; Python 3.11.2, Chromium 142.0.7444.175"
)
# Each script: its module, its tables from the fixed figures, a row those tables must hold.
SCRIPTS = {
    "recording": (
        recording,
        lambda: recording.markdown("CPython", RECORDING),
        "| CPython | engine, recording, collector tuned | 90 ms | 1.06 |",
    ),
    "python_page": (
        python_page,
        lambda: python_page.markdown(PYTHON_PAGE),
        "| editor bundle (CodeMirror 6), as sent | 140.0 KB brotli | 160.0 KB gzip, 480 KB raw "
        "| ≤ 150 KB | met |",
    ),
    "learn_bench": (
        learn_bench,
        lambda: learn_bench.markdown(LEARN),
        "| seeds' neuron (10 values) | 4.0 (4.9, n=3) | 12.0 (19.2, n=3) "
        "| ≤ 16.7 ms: **not met** |",
    ),
    "server_load": (
        server_load,
        lambda: server_load.markdown(SERVER_LOAD),
        "| none | 20 | 0 | 55.5 | 300 ms | 900 ms | 1200 ms | 200: 1000, 503: 3 | 4 | — | — "
        "| 1.5 s | 80.0 → 95.5 MB |",
    ),
    "layout_bench": (
        layout_bench,
        lambda: layout_bench.markdown(LAYOUT),
        "| a chain | 20,000 | > 60 s (killed) | 2.10 s | layered | – | – | – | – |",
    ),
    "layout_shift": (
        layout_shift,
        lambda: layout_shift.markdown(LAYOUT_SHIFT),
        "| `/embed` | 0.010, 0.012, 0.011 | 0.012 |",
    ),
    "network_bench": (
        network_bench,
        lambda: network_bench.markdown(NETWORK),
        "| 5 Mbps (5 Mbit/s, 28 ms) | 0.8 s | 0.7 s (typed at 1.5 s) | **—** | 4.20 MB in 40 "
        "requests | 6.7 s | — |",
    ),
    "exercise_bench": (
        exercise_bench,
        lambda: exercise_bench.markdown(EXERCISE),
        "| Check → verdict painted (both rows above) | 75 (p95 90, n=6) | ≤ 300 ms: met |",
    ),
    "fold_bench": (
        fold_bench,
        lambda: fold_bench.markdown(FOLD),
        "| open or fold a group, the view read first → painted (p95) | 122 ms "
        "| ≤ 100 ms: **not met** |",
    ),
}


def test_the_header_names_the_command_the_run_and_the_tools() -> None:
    assert report.header(RUN) == HEADER + ")."
    assert report.header(RUN, "medians of 5 visits") == HEADER + "; medians of 5 visits)."


@pytest.mark.parametrize("name", SCRIPTS)
def test_each_script_writes_its_own_section_with_the_shared_opening(name: str) -> None:
    module, tables, row = SCRIPTS[name]
    assert doc.OWN_SECTIONS[module.SECTION] == f"bench/{name}.py"
    text = report.section(module.SECTION, RUN, module.PROSE, tables())
    title, opening, *_ = text.split("\n\n")
    assert title == module.SECTION
    assert opening.startswith(HEADER + "). " + module.PROSE)
    assert opening.endswith(f"Written by `bench/{name}.py`, which replaces only this section; "
                            "`scripts/bench.sh` keeps it.")  # fmt: skip
    assert row in text.split("\n")
    assert "Contended" not in text and "contended" not in text


def test_a_contended_run_says_so_and_judges_no_goal() -> None:
    busy = {**RUN, "contended": True, "load_start": "3.10"}
    text = report.section(learn_bench.SECTION, busy, learn_bench.PROSE, learn_bench.markdown(LEARN))
    paragraphs = text.split("\n\n")
    assert paragraphs[2] == report.contended_note("3.10")
    assert "3.10 at the start" in paragraphs[2] and "not evidence either way" in paragraphs[2]
    rows = "\n".join(line for line in text.split("\n") if line.startswith("|"))
    assert not re.search(r"\bmet\b", rows)
    assert "| ≤ 16.7 ms: contended |" in text and "| ≤ 50 ms: contended |" in text
    # the rows without a verdict are as they were
    assert learn_bench.markdown(LEARN).split("\n")[2] in text.split("\n")


def test_mark_contended_changes_only_the_verdict_cell() -> None:
    table = "| met | x |\n| a | met (handler); **not met** after |\n|---|---|\n| met | b |"
    assert report.mark_contended(table) == (
        "| met | x |\n| a | contended (handler); contended after |\n|---|---|\n| met | b |"
    )


def test_a_run_started_above_the_cores_is_contended(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["bench/x.py", "--repeats", "3"])
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    for load, contended in ((1.99, False), (2.5, True)):
        monkeypatch.setattr(os, "getloadavg", lambda load=load: (load, 0.0, 0.0))
        facts = report.ended(report.started(".venv/bin/python -m bench.x"))
        assert facts["command"] == ".venv/bin/python -m bench.x --repeats 3"
        assert (facts["contended"], facts["load_start"], facts["load_end"]) == (
            contended, f"{load:.2f}", f"{load:.2f}"
        )  # fmt: skip
        assert list(facts["versions"]) == ["Python"]


def test_publish_puts_the_section_in_its_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(doc, "DOC", tmp_path / "benchmarks.md")
    doc.DOC.write_text("# Benchmarks\n\nmain part\n")
    text = report.section(layout_shift.SECTION, RUN, layout_shift.PROSE, "| a |")
    report.publish(text, write=False)
    assert capsys.readouterr().out == text + "\n"
    assert layout_shift.SECTION not in doc.DOC.read_text()
    report.publish(text, write=True)
    assert doc.DOC.read_text() == "# Benchmarks\n\nmain part\n\n" + text


def test_raw_figures_are_kept_and_read_back(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(report, "RAW", tmp_path / "bench")
    assert report.load("learn") is None
    report.save("learn", {"run": RUN, "cpython_loss_ms": [1.0]})
    assert report.load("learn") == {"run": RUN, "cpython_loss_ms": [1.0]}


def test_every_section_has_a_script_that_writes_it() -> None:
    scripts = {module.SECTION: f"bench/{name}.py" for name, (module, *_) in SCRIPTS.items()}
    assert scripts == doc.OWN_SECTIONS


def test_the_main_part_opens_with_the_same_header() -> None:
    fields = {"command": "scripts/bench.sh", "cpu": "a CPU", "goals": "G", "engine": "E"}
    text = run.TEMPLATE.read_text().format(header=report.header(RUN), browser="B", **fields)
    assert text.startswith(f"# Benchmarks\n\n{HEADER}). The raw figures are in")
    assert "The CPUs: a CPU." in text
