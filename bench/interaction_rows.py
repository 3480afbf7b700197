"""Part 2's rows about using the page: an edit → its new graph, one step on the MLP preset
(its handler, and its own work within a frame), and the MLP's loss graph drawn."""

from typing import Any

from bench.browser_cells import Row, dot_time, med, msec, pct, sec
from bench.stats import median, verdict

FRAME_MS = 16.7  # one frame at 60 Hz


def edit_to_graph(results: dict[str, Any]) -> Row:
    edits, native = results["edits"], results["native"]
    shown = med(edits, "graph_ms")
    debounce = results.get("debounce_ms") or 0.0
    after = shown - debounce
    return (
        f"Edit → new graph, {native['small_values']} values ({len(edits)} edits: input event "
        "→ new SVG in #graph)",
        "≤ 100 ms median",
        f"**{msec(shown)}**, including the editor's {debounce:.0f} ms debounce; **{msec(after)}** "
        f"after it (layout {msec(med(edits, 'layout_ms'))}); painted "
        f"{msec(med(edits, 'painted_ms'))}",
        f"native: CPython `run_json` {msec(1000 * median(native['times']['small_run_json']))} "
        f"+ `dot -Tsvg` {msec(1000 * median(native['times']['small_dot']))}",
        f"{verdict(shown <= 100)} from the keystroke; {verdict(after <= 100)} after the debounce",
    )


def one_step(results: dict[str, Any]) -> list[Row]:
    steps, native = results["steps"], results["native"]
    clicks, reference = steps["steps"], steps["reference"]
    p95 = pct(clicks, "handler_ms", 95)
    work = [{"ms": c["handler_ms"] + c["frame_ms"]} for c in clicks]
    one_frame = sum(w["ms"] <= FRAME_MS for w in work)
    return [
        (
            f"One step on the MLP preset ({native['mlp_values']} values; {len(clicks)} clicks "
            "on Next step, timed in the page)",
            "p95 ≤ 4 ms",
            f"click handler p50 {msec(pct(clicks, 'handler_ms', 50))}, **p95 {msec(p95)}**; to the "
            f"next painted frame p50 {msec(pct(clicks, 'painted_ms', 50))}, p95 "
            f"{msec(pct(clicks, 'painted_ms', 95))}",
            f"a click without handlers: handler p95 {msec(pct(reference, 'handler_ms', 95))}; "
            f"next painted frame p50 {msec(pct(reference, 'painted_ms', 50))}, p95 "
            f"{msec(pct(reference, 'painted_ms', 95))}",
            f"{verdict(p95 <= 4)} (handler)",
        ),
        (
            "The same steps: the step's own work, handler + its frame (from the frame's "
            "requestAnimationFrame to the task after it: style, layout, paint), which is what "
            "decides whether it is painted in the first frame after its click",
            f"p95 ≤ {FRAME_MS} ms (issue 11, P4)",
            f"p50 {msec(pct(work, 'ms', 50))}, **p95 {msec(pct(work, 'ms', 95))}**; within one "
            f"frame in {one_frame}/{len(work)} steps",
            "click → painted above also waits for the next frame to begin: a click a few ms "
            "after the last frame waits most of a frame (the click without handlers shows it)",
            verdict(pct(work, "ms", 95) <= FRAME_MS),
        ),
    ]


def mlp_drawn(results: dict[str, Any]) -> Row:
    mlp, native = results["mlp_graph"], results["native"]
    times = native["times"]
    drawn = med(mlp, "graph_ms")
    nodes, edges = native["mlp_dot_nodes_edges"]
    opened = results["steps"]["opened"]
    return (
        f"MLP(2,[16,16,1]) loss graph ({native['mlp_values']} values; {nodes:,} drawn nodes, "
        f"{edges:,} edges): program → drawn (choose the preset: Python in the worker, layout "
        "in WASM, drawing)",
        "≤ 1.5 s",
        f"**{sec(drawn)}** (layout {msec(med(mlp, 'layout_ms'))}, install "
        f"{msec(med(mlp, 'install_ms'))}); opened from a URL, first visit (the server's trace, "
        f"no Python): first graph at {sec(opened['first_graph_ms'])}",
        f"native `dot` on the same DOT with Graphviz's defaults: "
        f"{dot_time(times['mlp_dot_defaults'])}, with our attributes: "
        f"{dot_time(times['mlp_dot_tuned'])}; on micrograd's notebook `draw_dot` of micrograd's "
        f"own MLP loss: {dot_time(times.get('micrograd_notebook_dot_defaults', []))}; "
        f"CPython `run_json`: {msec(1000 * median(times['mlp_run_json']))}",
        verdict(drawn <= 1500),
    )
