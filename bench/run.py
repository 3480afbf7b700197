"""Run both benchmark parts and rewrite docs/benchmarks.md with their tables.

    scripts/bench.sh [--repeats 5] [--part engine|browser|all]

A part that is not run this time is reported from its last raw figures in .cache/bench/
(with the date they were measured), if there are any.
"""

import argparse
import json
import os
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import browser_bench, engine_bench
from bench import doc as bench_doc
from bench.browser_report import markdown as browser_markdown
from bench.stats import contended, machine

ROOT = Path(__file__).resolve().parent.parent
DOC = bench_doc.DOC
OUT = ROOT / ".cache" / "bench"

# docs/benchmarks.md's text, with a {placeholder} for each figure or table.
TEMPLATE = Path(__file__).with_name("benchmarks.template.md")


def _load(name: str) -> dict[str, Any] | None:
    path = OUT / f"{name}.json"
    return json.loads(path.read_text()) if path.is_file() else None


def _save(name: str, results: dict[str, Any]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{name}.json").write_text(json.dumps(results, indent=1))


def goals_not_met(markdown: str) -> list[str]:
    """The figures of the tables' rows whose goal column says "not met"."""
    names = []
    for line in markdown.splitlines():
        if line.startswith("|") and "**not met**" in line:
            cells = [c.strip() for c in line.strip("|").split("|")]
            runtime = f" ({cells[1]})" if cells[1] in ("CPython", "Pyodide") else ""
            names.append(cells[0].split(" (")[0] + runtime)
    return names


def mark_contended(markdown: str) -> str:
    """Every table row's verdict (its last cell, when it says met or not met) → contended."""
    lines = []
    for line in markdown.splitlines():
        cells = line.split(" | ")
        if line.startswith("| ") and len(cells) >= 2 and "met" in cells[-1]:
            cells[-1] = "contended |"
            line = " | ".join(cells)
        lines.append(line)
    return "\n".join(lines) + "\n"


def _section(results: dict[str, Any] | None, body: Callable[[dict[str, Any]], str], fresh: bool):
    """A part's tables, with a note when they come from an earlier run or a contended one."""
    if results is None:
        return "Not measured yet.\n"
    note = "" if fresh else f"_From an earlier run, {results.get('measured_at', '?')}._\n\n"
    table = body(results)
    if results.get("contended"):
        note += (
            f"_Contended: the load average was {results.get('load_at_start', '?')} when this "
            "part started, above the machine's cores, so no goal is judged here._\n\n"
        )
        table = mark_contended(table)
    return note + table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--part", choices=["engine", "browser", "all"], default="all")
    parser.add_argument("--no-pyodide", action="store_true", help="part 1 in CPython only")
    args = parser.parse_args()
    command = shlex.join(["scripts/bench.sh", *sys.argv[1:]])

    started = time.monotonic()
    about = machine()
    date = time.strftime("%Y-%m-%d %H:%M %Z")
    sections: dict[str, dict[str, Any] | None] = {}
    fresh = {name for name in ("engine", "browser") if args.part in (name, "all")}
    for name in ("engine", "browser"):
        if name not in fresh:
            sections[name] = _load(name)
            continue
        print(f"bench: measuring the {name} part…", file=sys.stderr)
        busy, load = contended(), f"{os.getloadavg()[0]:.2f}"
        if name == "engine":
            results = engine_bench.measure(2 * args.repeats, pyodide=not args.no_pyodide)
        else:
            results = browser_bench.measure(args.repeats)
        results["measured_at"] = date
        results["contended"], results["load_at_start"] = busy, load
        _save(name, results)
        sections[name] = results

    minutes, seconds = divmod(round(time.monotonic() - started), 60)
    engine = _section(sections["engine"], engine_bench.markdown, "engine" in fresh)
    browser = _section(sections["browser"], browser_markdown, "browser" in fresh)
    not_met = "; ".join(goals_not_met(engine + browser)) or "none"
    if any(r and r.get("contended") for r in sections.values()):
        goals = f"Goals: not judged in a contended part (see below); not met elsewhere: {not_met}."
    else:
        goals = f"Goals not met in this run: {not_met}."
    doc = TEMPLATE.read_text().format(
        command=command,
        date=date,
        duration=f"{minutes} min {seconds} s",
        load_end=machine()["load_average"],
        goals=goals,
        engine=engine,
        browser=browser,
        **about,
    )
    doc = bench_doc.keep_sections(doc)  # the sections measured by their own commands
    DOC.write_text(doc)
    print(doc)


if __name__ == "__main__":
    main()
