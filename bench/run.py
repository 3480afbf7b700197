"""Run both benchmark parts and rewrite docs/benchmarks.md with their tables.

    scripts/bench.sh [--repeats 5] [--part engine|browser|all]

A part that is not run this time is reported from its last raw figures in .cache/bench/
(with the date they were measured), if there are any.
"""

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import browser_bench, doc, engine_bench, report
from bench.browser_report import markdown as browser_markdown

# docs/benchmarks.md's text, with a {placeholder} for each figure or table.
TEMPLATE = Path(__file__).with_name("benchmarks.template.md")


def goals_not_met(markdown: str) -> list[str]:
    """The figures of the tables' rows whose goal column says "not met"."""
    names = []
    for line in markdown.splitlines():
        if line.startswith("|") and "**not met**" in line:
            cells = [c.strip() for c in line.strip("|").split("|")]
            runtime = f" ({cells[1]})" if cells[1] in ("CPython", "Pyodide") else ""
            names.append(cells[0].split(" (")[0] + runtime)
    return names


def _section(results: dict[str, Any] | None, body: Callable[[dict[str, Any]], str], fresh: bool):
    """A part's tables, with a note when they come from an earlier run or a contended one."""
    if results is None:
        return "Not measured yet.\n"
    note = "" if fresh else f"_From an earlier run, {results.get('measured_at', '?')}._\n\n"
    table = body(results)
    if results.get("contended"):
        note += report.contended_note(results.get("load_at_start", "?")) + "\n\n"
        table = report.mark_contended(table)
    return note + table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--part", choices=["engine", "browser", "all"], default="all")
    parser.add_argument("--no-pyodide", action="store_true", help="part 1 in CPython only")
    args = parser.parse_args()
    run = report.started("scripts/bench.sh", "Node", "Chromium", "Graphviz")
    started = time.monotonic()
    sections: dict[str, dict[str, Any] | None] = {}
    fresh = {name for name in ("engine", "browser") if args.part in (name, "all")}
    for name in ("engine", "browser"):
        if name not in fresh:
            sections[name] = report.load(name)
            continue
        print(f"bench: measuring the {name} part…", file=sys.stderr)
        part = report.started("scripts/bench.sh")
        if name == "engine":
            results = engine_bench.measure(2 * args.repeats, pyodide=not args.no_pyodide)
        else:
            results = browser_bench.measure(args.repeats)
        results["measured_at"] = part["when"]
        results["contended"], results["load_at_start"] = part["contended"], part["load_start"]
        report.save(name, results)
        sections[name] = results

    minutes, seconds = divmod(round(time.monotonic() - started), 60)
    engine = _section(sections["engine"], engine_bench.markdown, "engine" in fresh)
    browser = _section(sections["browser"], browser_markdown, "browser" in fresh)
    not_met = "; ".join(goals_not_met(engine + browser)) or "none"
    if any(r and r.get("contended") for r in sections.values()):
        goals = f"Goals: not judged in a contended part (see below); not met elsewhere: {not_met}."
    else:
        goals = f"Goals not met in this run: {not_met}."
    text = TEMPLATE.read_text().format(
        header=report.header(report.ended(run), f"{minutes} min {seconds} s"),
        command=run["command"],
        cpu=run["cpu"],
        goals=goals,
        engine=engine,
        browser=browser,
    )
    text = doc.keep_sections(text)  # the sections measured by their own commands
    doc.DOC.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
