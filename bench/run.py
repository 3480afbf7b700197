"""Run both benchmark parts and rewrite docs/benchmarks.md with their tables.

    scripts/bench.sh [--repeats 5] [--part engine|browser|all]

A part that is not run this time is reported from its last raw figures in .cache/bench/
(with the date they were measured), if there are any.
"""

import argparse
import json
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import browser_bench, engine_bench, server_load
from bench.browser_report import markdown as browser_markdown
from bench.stats import machine

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "benchmarks.md"
OUT = ROOT / ".cache" / "bench"

HEADER = """\
# Benchmarks

Produced by `{command}` on {date} ({duration}); the raw figures are in
`.cache/bench/` (not committed). Rerun that command to regenerate this file: it is rewritten,
not edited.

Machine: {nproc} CPUs ({cpu}); load average {load_average} at the start, {load_end} at the
end; Python {python}, Node {node}, {chromium}, {dot}.

How to read these figures: the machines are shared and noisy, so every figure is a median over
repeats, and each sits beside a reference measured in the same run, alternating with it (the
ratio, or the difference, is what to compare between runs, not the absolute time). No test
asserts a timing.

Goals not met in this run: {not_met}.
"""

ENGINE_INTRO = """\
## Engine: `engine.Value` against micrograd 0.1.0

`{command}` (part 1). The workloads live in `bench/workloads.py` and run unchanged in CPython
and in Pyodide under Node (`bench/engine_pyodide.mjs`). The MLP step is micrograd's demo:
`MLP(2, [16, 16, 1])` with the same initial weights in both libraries (the same `random` seed;
checked below), mean hinge loss plus L2 on 100 two-moons points, then `zero_grad()` and
`backward()`; building the model is not timed. Goal: engine / micrograd ≤ 1.0.
"""

BROWSER_INTRO = """\
## The page in Chromium

`{command}` (part 2). `bench/browser_bench.py` starts the app with uvicorn and a plain static
server for the reference page (`bench/bare/`: a module worker that only calls `loadPyodide()`
on the same vendored Pyodide files), and drives Debian's Chromium with Playwright. Times are
taken in the page with `performance.now()` (`bench/probes.py`), so Playwright's round trips are
left out; "since navigation" figures come from the attributes the front end sets
(`data-first-graph-ms`, `data-worker-ready-ms`, `data-layout-ms`, `data-install-ms`). The
native references (CPython, `dot -Tsvg`) are in `bench/native.py`.
"""


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


def _section(
    intro: str,
    results: dict[str, Any] | None,
    body: Callable[[dict[str, Any]], str],
    command: str,
    fresh: bool,
) -> str:
    text = intro.format(command=command)
    if results is None:
        return text + "\nNot measured yet.\n"
    stale = "" if fresh else f"\n_From an earlier run, {results.get('measured_at', '?')}._\n"
    return f"{text}{stale}\n{body(results)}"


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
        if name == "engine":
            results = engine_bench.measure(2 * args.repeats, pyodide=not args.no_pyodide)
        else:
            results = browser_bench.measure(args.repeats)
        results["measured_at"] = date
        _save(name, results)
        sections[name] = results

    minutes, seconds = divmod(round(time.monotonic() - started), 60)
    body = "\n".join(
        [
            _section(
                ENGINE_INTRO,
                sections["engine"],
                engine_bench.markdown,
                command,
                "engine" in fresh,
            ),
            _section(
                BROWSER_INTRO,
                sections["browser"],
                browser_markdown,
                command,
                "browser" in fresh,
            ),
        ]
    )
    header = HEADER.format(
        command=command,
        date=date,
        duration=f"{minutes} min {seconds} s",
        load_end=machine()["load_average"],
        not_met="; ".join(goals_not_met(body)) or "none",
        **about,
    )
    doc = header + "\n" + body
    if DOC.exists() and server_load.SECTION in DOC.read_text():  # measured by its own command
        old = DOC.read_text()
        doc = doc.rstrip("\n") + "\n\n" + old[old.index(server_load.SECTION) :]
    DOC.write_text(doc)
    print(doc)


if __name__ == "__main__":
    main()
