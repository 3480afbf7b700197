"""Layout shift while the page loads: Lighthouse 12's mobile CLS on `/` and `/embed`.

    .venv/bin/python -m bench.layout_shift [--runs 3] [--lighthouse PATH]

Starts `python -m app.server` on a free loopback port, runs Lighthouse (performance only, its
default mobile emulation and throttling) against Debian's Chromium `--runs` times per page, and
writes the figures into docs/benchmarks.md (its own section). Lighthouse is not a project
dependency: pass the path of its CLI (e.g. after `npm install --prefix /tmp/lh lighthouse@12`,
/tmp/lh/node_modules/.bin/lighthouse); without one, `npx -y lighthouse@12` fetches it.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import report, servers

SECTION = "## Layout shift (Lighthouse, mobile)"
PROSE = (
    "The goal is CLS ≤ 0.02; before the page's sizes came from the server and the viewport "
    "(2026-11-24, commit 913779c, one run with the same Lighthouse and flags) it was 0.066 on "
    "`/` and 0.400 on `/embed`. `tests/browser/test_fit.py` checks the same in CI with a "
    "`layout-shift` PerformanceObserver."
)
DETAIL = "mobile emulation and throttling, Debian's Chromium `--headless=new`"
PAGES = ("/", "/embed")


def cls(lighthouse: list[str], url: str) -> tuple[float, str]:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        command = [
            *lighthouse,
            url,
            "--only-categories=performance",
            "--form-factor=mobile",
            "--chrome-flags=--headless=new --no-sandbox",
            "--output=json",
            f"--output-path={report}",
            "--quiet",
        ]
        env = {**os.environ, "CHROME_PATH": str(servers.CHROMIUM)}
        subprocess.run(command, env=env, check=True, timeout=300)
        data = json.loads(report.read_text())
    return data["audits"]["cumulative-layout-shift"]["numericValue"], data["lighthouseVersion"]


def markdown(figures: dict[str, list[float]]) -> str:
    rows = ["| page | CLS, each run | worst |", "| --- | --- | ---: |"]
    for page, values in figures.items():
        each = ", ".join(f"{v:.3f}" for v in values)
        rows.append(f"| `{page}` | {each} | {max(values):.3f} |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lighthouse", help="path of the lighthouse CLI (default: npx)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    facts = report.started(".venv/bin/python -m bench.layout_shift", "Chromium")
    lighthouse = [args.lighthouse] if args.lighthouse else ["npx", "-y", "lighthouse@12"]
    figures: dict[str, list[float]] = {page: [] for page in PAGES}
    version = "?"
    with servers.playground() as base:
        for _ in range(args.runs):
            for page in PAGES:
                value, version = cls(lighthouse, base + page)
                figures[page].append(value)
                print(f"layout_shift: {page} CLS {value:.4f}", file=sys.stderr)
    facts = report.ended(facts)
    facts["versions"]["Lighthouse"] = version
    text = report.section(SECTION, facts, PROSE, markdown(figures), DETAIL)
    report.publish(text, write=not args.no_write)


if __name__ == "__main__":
    main()
