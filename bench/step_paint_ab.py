"""A step on the MLP preset, this checkout against another one, interleaved in one run: the
click -> painted-frame time (as bench/probes.py `click` and browser_bench.steps measure it),
split into the wait for the next frame and the frame's own work, and where the renderer's
main thread spent its CPU time per step (a Chromium trace: style, layout, pre-paint, paint,
layerize; thread time, so a busy machine inflates it less than the wall clock).

    .venv/bin/python -m bench.step_paint_ab OTHER_CHECKOUT [--rounds 6] [--steps 25]

OTHER_CHECKOUT is a directory with the same layout (e.g. `git worktree add /tmp/base main`,
then its scripts/build_vendor.py). Each round opens the preset in a fresh context for each
checkout, in alternating order, waits until Python has booted (its worker competes for the
two cores while it boots), and clicks "Next step" `--steps` times.

Frames come at the display's rate: a click waits for the next one (requestAnimationFrame),
then that frame does the step's style, layout and paint. Clicks back to back, as here and in
browser_bench, come a few ms after the last frame, so the wait is most of a frame (a click on
an element without handlers: p50 3.6 ms only because the step's frame before it took ~12 ms).
"frame" is the frame's work alone (the rAF callback to the task after the frame): a step is
painted in the first frame after its click when handler + frame fit in 16.7 ms.
"""

import argparse
import json
import statistics
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlencode

from playwright.sync_api import Browser

from bench import native, probes, servers
from bench.browser_bench import GRAPH_TIMEOUT_MS, chromium, wait_for_python
from bench.interaction_rows import FRAME_MS
from bench.stats import percentile

ROOT = Path(__file__).resolve().parent.parent
PHASES = ("UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize")
WARMUP = 3


def cpu_per_step(trace: bytes, steps: int) -> dict[str, float | list[float]]:
    """Milliseconds of main-thread CPU per step in each rendering phase (a Paint counts once:
    the document's, which contains the others), and the CPU of each frame (BeginMainFrame)."""
    totals = dict.fromkeys(PHASES, 0.0)
    frames = []
    for event in json.loads(trace)["traceEvents"]:
        name = event.get("name")
        if event.get("ph") != "X":
            continue
        if name == "ProxyMain::BeginMainFrame":
            frames.append(event.get("tdur", event.get("dur", 0)) / 1000)
        if name not in totals:
            continue
        if name == "Paint" and event["args"]["data"].get("nodeName") != "#document":
            continue
        totals[name] += event.get("tdur", event.get("dur", 0)) / 1000
    return {**{name: total / steps for name, total in totals.items()}, "frames": frames}


def session(browser: Browser, base: str, steps: int) -> tuple[list[dict], dict[str, float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{base}/?{urlencode({'src': native.mlp_source()})}")
        probes.entries(page, "first-graph", timeout_ms=GRAPH_TIMEOUT_MS)
        wait_for_python(page)
        for _ in range(WARMUP):
            probes.click(page, "#next")
        browser.start_tracing(page=page, categories=["devtools.timeline", "benchmark"])
        clicks = [probes.click(page, "#next") for _ in range(steps)]
        return clicks, cpu_per_step(browser.stop_tracing(), steps)
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--steps", type=int, default=25)
    args = parser.parse_args()
    checkouts = {"this": ROOT, "other": args.other.resolve()}
    painted = {name: [] for name in checkouts}
    cpu = {name: [] for name in checkouts}
    with ExitStack() as stack:
        bases = {
            name: stack.enter_context(servers.playground(checkout=path))
            for name, path in checkouts.items()
        }
        browser = stack.enter_context(chromium())
        for r in range(args.rounds):
            for name in list(checkouts)[:: 1 if r % 2 == 0 else -1]:
                times, phases = session(browser, bases[name], args.steps)
                painted[name] += times
                cpu[name].append(phases)
    for name, path in checkouts.items():
        phases = {p: statistics.mean(c[p] for c in cpu[name]) for p in PHASES}
        total = sum(phases.values())
        figures = {
            key: [c[f"{key}_ms"] for c in painted[name]] for key in ("painted", "handler", "frame")
        }
        figures["frame CPU"] = [f for c in cpu[name] for f in c["frames"]]
        one_frame = [c["handler_ms"] + c["frame_ms"] <= FRAME_MS for c in painted[name]]
        print(
            f"{name} ({path}): "
            + "; ".join(
                f"{key} p50 {statistics.median(v):.1f} ms, p95 {percentile(v, 95):.1f} ms"
                for key, v in figures.items()
            )
            + f" (n={len(one_frame)}); handler + frame within {FRAME_MS} ms: "
            f"{100 * sum(one_frame) / len(one_frame):.0f}%; main-thread CPU per step "
            f"{total:.1f} ms: " + ", ".join(f"{p} {v:.1f}" for p, v in phases.items())
        )


if __name__ == "__main__":
    main()
