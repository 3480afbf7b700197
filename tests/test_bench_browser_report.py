"""bench/browser_report.py: part 2's table, from fixed raw figures shaped as browser_bench
measures them (no browser is run here): a row per figure, each with its goal judged."""

from bench import browser_report
from bench.interaction_rows import FRAME_MS
from bench.page_load_rows import visit_bytes

VENDOR = "http://127.0.0.1/static/vendor/pyodide/314.0.7/"


def _resources(wasm_transfer: int) -> list[dict]:
    return [
        {"url": "http://127.0.0.1/", "transfer": 20_000, "encoded": 19_000},
        {"url": VENDOR + "pyodide.asm.wasm", "transfer": wasm_transfer, "encoded": 2_700_000},
        {"url": VENDOR + "python_stdlib.zip", "transfer": 300, "encoded": 900_000},
    ]


def _playground(first_graph: float, ready: float) -> dict:
    return {
        "first": {
            "first_graph_ms": first_graph,
            "worker_ready_ms": ready,
            "worker_boot_ms": ready - 500.0,
            "layout_ms": 5.0,
            "dom_content_loaded_ms": 150.0,
        },
        "repeat": {
            "first_graph_ms": 200.0,
            "worker_ready_ms": 900.0,
            "worker_boot_ms": 700.0,
            "restored": True,
        },  # fmt: skip
        "first_resources": _resources(2_700_300),
        "repeat_resources": _resources(0),
        "snapshot_bytes": [12_000_000, 20_000_000],
    }


def _bare(ready: float) -> dict:
    return {"worker_ready_ms": ready, "worker_boot_ms": ready - 400.0,
            "repeat": {"worker_ready_ms": 3500.0, "worker_boot_ms": 3000.0}}  # fmt: skip


def _click(handler: float, frame: float) -> dict:
    return {"handler_ms": handler, "frame_ms": frame, "painted_ms": 30.0}


RESULTS = {
    "chromium": "156.0",
    "repeats": 3,
    "debounce_ms": 20.0,
    "page_loads": {
        "playground": [
            _playground(250.0, 2000.0),
            _playground(270.0, 2200.0),
            _playground(260.0, 2100.0),
        ],  # fmt: skip
        "bare": [_bare(4000.0), _bare(4200.0), _bare(4100.0)],
    },
    "edits": [{"graph_ms": g, "layout_ms": 7.0, "painted_ms": g + 8} for g in (60.0, 70.0, 80.0)],
    "native": {
        "small_values": 31,
        "mlp_values": 984,
        "mlp_dot_nodes_edges": [1627, 1896],
        "times": {
            "small_run_json": [0.001, 0.002, 0.003],
            "small_dot": [0.010, 0.011, 0.012],
            "mlp_dot_defaults": [float("inf")],
            "mlp_dot_tuned": [1.5, 1.6, 1.7],
            "mlp_run_json": [0.05, 0.06, 0.07],
        },
    },
    "steps": {
        "steps": [_click(1.0, 5.0), _click(2.0, 8.0), _click(3.0, 20.0)],
        "reference": [_click(0.1, 2.0)] * 3,
        "opened": {"first_graph_ms": 400.0},
    },
    "mlp_graph": [{"graph_ms": d, "layout_ms": 500, "install_ms": 100.0} for d in (1400, 1500)],
}


def table_rows(results: dict = RESULTS) -> list[list[str]]:
    lines = browser_report.markdown(results).split("\n")
    return [[c.strip() for c in line.strip("|").split(" | ")] for line in lines[4:] if line]


def test_a_row_per_figure_with_its_verdict():
    rows = table_rows()
    assert [r[0].split(" (")[0] for r in rows] == [
        "Page open → first graph",
        "Page open → Python ready",
        "Page open → Python ready, repeat visit",
        "Memory snapshot kept by the browser",
        "Edit → new graph, 31 values",
        "One step on the MLP preset",
        "The same steps: the step's own work, handler + its frame",
        "MLP(2,[16,16,1]) loss graph",
        "Bytes, first visit",
        "Repeat visit",
    ]
    assert [r[-1] for r in rows] == [
        "met", "met", "met", "—", "met from the keystroke; met after the debounce",
        "met (handler)", "**not met**", "met", "met", "met",
    ]  # fmt: skip


def test_the_figures_are_the_medians_of_the_runs():
    first_graph, ready, again, snapshot, edit, step, work, mlp, first, repeat = table_rows()
    assert first_graph[2].startswith("**0.26 s** (range 0.25 s–0.27 s; layout 5.0 ms)")
    assert ready[2].startswith("2.10 s = **0.51 ×**")
    assert again[2].startswith("0.90 s = **0.26 ×** the bare page's repeat visit")
    assert "restored from the snapshot in 3/3" in again[2]
    assert edit[2].startswith("**70.0 ms**, including the editor's 20 ms debounce; **50.0 ms**")
    assert step[2].startswith("click handler p50 2.0 ms, **p95 2.9 ms**")
    assert f"p95 ≤ {FRAME_MS} ms" in work[1] and "within one frame in 2/3 steps" in work[2]
    assert "with Graphviz's defaults: timed out (> 120 s)" in mlp[3]
    assert first[2] == "**2.72 MB** in 3 requests"
    assert repeat[2].startswith("**0** of 2 (worst of 3 visits); 1 revalidated")


def test_wasm_fetch_and_a_served_snapshot_are_rows_only_when_measured():
    extra = {
        "wasm_fetch": {"br": [0.013], "br_bytes": 2_740_000, "gzip": [0.014],
                       "gzip_bytes": 3_530_000, "identity": [0.02], "identity_bytes": 9_600_000},
        "snapshot_node": {"bare_ms": [1000.0], "restore_ms": [500.0], "make_boot_ms": [1200.0],
                          "make_snapshot_ms": 300.0, "bytes": 31_000_000, "br_bytes": 5_000_000,
                          "gzip_bytes": 6_000_000},
    }  # fmt: skip
    assert len(table_rows({**RESULTS, **extra})) == len(table_rows()) + 2
    *_, fetch, served = table_rows({**RESULTS, **extra})
    assert fetch[2] == "br: 13.0 ms for 2.74 MB; gzip: 14.0 ms for 3.53 MB"
    assert "restore 500 ms = 0.50 × a bare boot" in served[2]


def test_vendored_files_downloaded_or_revalidated():
    counted = visit_bytes(_resources(2_700_300))
    assert (counted["total"], counted["requests"], counted["vendored"]) == (2_720_600, 3, 2)
    assert counted["pyodide"] == 2_700_600
    assert counted["downloaded"] == [VENDOR + "pyodide.asm.wasm"]
    assert counted["revalidated"] == [VENDOR + "python_stdlib.zip"]
