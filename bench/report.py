"""What every part of docs/benchmarks.md says about the run that produced it, written once: the
command, when, the machine's cores and how busy they were at the start and at the end, the
tools' versions; and, when the load average was above the cores as the run started, that its
figures are not evidence either way. A benchmark script writes only its figures and tables.

A run's facts are kept with its raw figures in .cache/bench/ (not committed), so that its
section can be written again from them.
"""

import argparse
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import doc

RAW = Path(__file__).resolve().parent.parent / ".cache" / "bench"
TOOLS = {  # name in the header -> the command that prints its version
    "Node": ["node", "--version"],
    "Chromium": ["/usr/bin/chromium", "--version"],
    "Graphviz": ["dot", "-V"],
}
_VERDICT = re.compile(r"\*\*not met\*\*|\bmet\b")


def arguments(doc: str, repeats: int) -> argparse.ArgumentParser:
    """A benchmark script's command line: described by its docstring's first line, with
    `--repeats` (default `repeats`) and `--no-write` (print the section, leave
    docs/benchmarks.md alone); the script adds its own options."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=repeats)
    parser.add_argument("--no-write", action="store_true", help="print only")
    return parser


def _version(command: list[str]) -> str:
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "unavailable"
    found = re.search(r"\d+(?:\.\d+)+", out.stdout + out.stderr)
    return found.group(0) if found else "unavailable"


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def started(command: str, *tools: str) -> dict[str, Any]:
    """The run's facts as it starts (`command` is followed by this process's arguments).
    Machines here are shared: with the load average above the cores, a slow or a fast figure
    may be the neighbours' doing, so the run is marked contended."""
    load, cpus = os.getloadavg()[0], os.cpu_count() or 1
    return {
        "command": shlex.join([*shlex.split(command), *sys.argv[1:]]),
        "when": time.strftime("%Y-%m-%d %H:%M %Z"),
        "cpus": cpus,
        "cpu": _cpu_model(),
        "load_start": f"{load:.2f}",
        "contended": load > cpus,
        "versions": {"Python": platform.python_version()} | {t: _version(TOOLS[t]) for t in tools},
    }


def ended(run: dict[str, Any]) -> dict[str, Any]:
    return {**run, "load_end": f"{os.getloadavg()[0]:.2f}"}


def header(run: dict[str, Any], detail: str = "") -> str:
    """A section's first sentence: Produced by `command` on DATE (CPUs, load, versions; detail)."""
    load = f"load average {run['load_start']} at the start, {run['load_end']} at the end"
    versions = ", ".join(f"{name} {v}" for name, v in run["versions"].items())
    facts = [f"{run['cpus']} CPUs, {load}", versions, detail]
    return f"Produced by `{run['command']}` on {run['when']} ({'; '.join(filter(None, facts))})."


def contended_note(load: str) -> str:
    return (
        f"_Contended: the load average was {load} at the start, above the machine's cores: "
        "these figures are not evidence either way, and no goal is judged here._"
    )


def mark_contended(markdown: str) -> str:
    """In every table row, the verdict in its last cell ("met", "**not met**") → "contended"."""
    lines = []
    for line in markdown.split("\n"):
        head, bar, last = line.rstrip(" |").rpartition(" | ")
        if line.startswith("| ") and bar and _VERDICT.search(last):
            line = f"{head}{bar}{_VERDICT.sub('contended', last)} |"
        lines.append(line)
    return "\n".join(lines)


def section(title: str, run: dict[str, Any], prose: str, body: str, detail: str = "") -> str:
    """An own-command section of docs/benchmarks.md: its title, the run, what was measured
    (`prose`), which script wrote it, then the figures (`body`)."""
    written = (
        f"Written by `{doc.OWN_SECTIONS[title]}`, which replaces only this section; "
        "`scripts/bench.sh` keeps it."
    )
    parts = [title, f"{header(run, detail)} {prose} {written}"]
    if run["contended"]:
        parts.append(contended_note(run["load_start"]))
        body = mark_contended(body)
    return "\n\n".join([*parts, body.strip("\n")]) + "\n"


def publish(text: str, write: bool) -> None:
    """Print a section, and put it in its place in docs/benchmarks.md if `write`."""
    print(text)
    if write:
        doc.write_section(text.split("\n", 1)[0], text)


def save(name: str, figures: Any) -> None:
    RAW.mkdir(parents=True, exist_ok=True)
    (RAW / f"{name}.json").write_text(json.dumps(figures, indent=1))


def load(name: str) -> Any:
    path = RAW / f"{name}.json"
    return json.loads(path.read_text()) if path.is_file() else None


def measured_section(
    command: str,
    tools: tuple[str, ...],
    title: str,
    prose: str,
    measure: Callable[[], dict[str, Any]],
    markdown: Callable[[dict[str, Any]], str],
    raw: str,
    write: bool,
) -> None:
    """An own-command section's whole run: the facts around `measure()`, its raw figures saved
    as `raw`, and the section (`markdown` of the figures) printed and, if `write`, put in
    docs/benchmarks.md."""
    facts = started(command, *tools)
    figures = measure()
    figures["run"] = ended(facts)
    save(raw, figures)
    publish(section(title, figures["run"], prose, markdown(figures)), write)
