"""Fixed raw figures for each benchmark script's tables, shaped as the script measures them
(tests/test_bench_report.py writes each script's section from them; no benchmark runs)."""

RECORDING = {
    "times": {
        "engine": [0.100, 0.102, 0.098],
        "engine, recording": [0.130, 0.131, 0.129],
        "micrograd": [0.120, 0.121, 0.119],
        "engine, collector tuned": [0.080, 0.081, 0.079],
        "engine, recording, collector tuned": [0.090, 0.091, 0.089],
        "micrograd, collector tuned": [0.085, 0.086, 0.084],
    },
    "recorded_steps": 70_000,
    "runner_program_b": [0.050, 0.051, 0.049],
}

PYTHON_PAGE = {
    "runs": [
        {"first_graph": 210.0, "editor_arrived": 250.0, "python": 180.0, "expression": 40.0},
        {"first_graph": 230.0, "editor_arrived": 200.0, "python": 320.0, "expression": 44.0},
        {"first_graph": 220.0, "editor_arrived": 260.0, "python": 200.0, "expression": 42.0},
    ],
    "editor_bytes": {"raw": 480_000, "br": 140_000, "gzip": 160_000},
}


def _manual(shown: float, painted: float) -> dict[str, float]:
    return {"shown_ms": shown, "painted_ms": painted}


LEARN = {
    "pyodide_loss": {"act_ms": [5.0, 6.0, 7.0], "shown_ms": [20.0, 21.0, 22.0]},
    "pyodide_mlp": {"act_ms": [50.0, 60.0, 70.0], "shown_ms": [200.0, 210.0, 220.0]},
    "pyodide_moons_ms": [900.0, 950.0, 1000.0],
    "manual_neuron": [_manual(3.0, 10.0), _manual(4.0, 12.0), _manual(5.0, 20.0)],
    "manual_mlp": [_manual(10.0, 30.0), _manual(12.0, 35.0), _manual(14.0, 40.0)],
    "cpython_loss_ms": [1.0, 1.1, 1.2],
    "cpython_mlp_ms": [10.0, 11.0, 12.0],
    "cpython_moons_ms": [300.0, 310.0, 320.0],
    "steps_per_second": {
        "engine, as the worker runs it (collector paused in a step)": [3.0, 3.1, 3.2],
        "micrograd 0.1.0, default garbage collection": [2.0, 2.1, 2.2],
    },
}


def _load_run(attack: str | None) -> dict:
    return {
        "attack": attack,
        "clients": 20,
        "attackers": 8 if attack else 0,
        "legit_per_s": 55.5,
        "legit_p50_ms": 300,
        "legit_p99_ms": 900,
        "legit_max_ms": 1200,
        "legit_statuses": {200: 1000, 503: 3},
        "legit_no_answer": 0,
        "legit_deferred": 4,
        "attack_statuses": {429: 50} if attack else {},
        "missing_retry_after": 0,
        "longest_dot_s": 1.5,
        "dots_left_after_1s": 0,
        "rss_mb_before": 80.0,
        "rss_mb_after": 95.5,
        **({"solo_cpu_ms": 12} if attack else {}),
    }


SERVER_LOAD = [_load_run(None), _load_run("layout")]


def _page_row(drawn: float) -> dict:
    return {"drawn_s": drawn, "step_s": 0.02, "layout_ms": 900.0, "install_ms": 300.0}


LAYOUT = {
    "repeats": 3,
    "cap": 60.0,
    "rows": {
        "MLP preset (984 values)": {
            "kind": "expression",
            "values": 984,
            "picks": "graphviz",
            "dot": 1.25,
            "node": {"ms": [300.0, 310.0, 320.0]},
            "page": [_page_row(1.5), _page_row(1.6), _page_row(1.7)],
        },
        "a chain": {
            "kind": "python",
            "values": 20_000,
            "picks": "layered",
            "dot": float("inf"),
            "node": {"ms": [2000.0, 2100.0, 2200.0]},
        },
    },
}

LAYOUT_SHIFT = {"/": [0.001, 0.0, 0.002], "/embed": [0.01, 0.012, 0.011]}


def _visit(ready: float | None, failed: bool = False) -> dict:
    return {
        "first_graph_ms": 800.0,
        "edit_typed_ms": 1500.0,
        "edit_drawn_ms": 700.0,
        "drawn_before_python": True,
        "python_ready_ms": ready,
        "failed": failed,
        "bytes": 4_200_000,
        "requests": 40,
    }


EXERCISE = {
    "solution": {
        "first": {"verdict_ms": 300.0, "painted_ms": 320.0, "drawn_ms": None},
        "rest": [{"verdict_ms": 50.0, "painted_ms": 60.0, "drawn_ms": None}] * 3,
    },
    "wrong": {
        "first": {"verdict_ms": 90.0, "painted_ms": 100.0, "drawn_ms": 150.0},
        "rest": [{"verdict_ms": 80.0, "painted_ms": 90.0, "drawn_ms": 140.0}] * 3,
    },
    "first_paint_ms": {"/learn/neuron": [200.0, 210.0, 220.0], "/": [180.0, 190.0, 200.0]},
    "cpython_solution_ms": [30.0, 31.0, 32.0],
    "cpython_wrong_ms": [60.0, 61.0, 62.0],
}
FOLD = {
    "python": [{"painted_ms": 900.0, "boxes": 38, "drawn": 40, "smallest_px": 12.0}] * 3,
    "expression": [{"painted_ms": 1500.0, "boxes": 60, "drawn": 1627, "smallest_px": 11.5}] * 3,
    "open": [
        {"drawn_ms": 50.0, "painted_ms": 60.0, "ahead": True, "in_place": "open"},
        {"drawn_ms": 70.0, "painted_ms": 80.0, "ahead": True, "in_place": "open"},
    ],
    "fold": [
        {"drawn_ms": 40.0, "painted_ms": 50.0, "ahead": True, "in_place": "kept"},
        {"drawn_ms": 120.0, "painted_ms": 130.0, "in_place": None},
    ],
    "open_now": [{"drawn_ms": 150.0, "painted_ms": 160.0, "ahead": False}] * 2,
    "fold_now": [{"drawn_ms": 30.0, "painted_ms": 40.0, "ahead": True}] * 2,
    "open_all": [{"drawn_ms": 900.0, "painted_ms": 950.0}] * 2,
    "fold_all": [{"drawn_ms": 30.0, "painted_ms": 40.0}] * 2,
    "moons_load": [{"graph_ms": 2900.0, "painted_ms": 2950.0}] * 2,
    "point": [{"graph_ms": 150.0, "painted_ms": 170.0}, {"graph_ms": 340.0, "painted_ms": 360.0}],
    "point_fold_all": [{"drawn_ms": 60.0, "painted_ms": 70.0}] * 2,
}
NETWORK = {
    "Slow 4G": [_visit(25_000.0), _visit(26_000.0)],
    "5 Mbps": [_visit(9_000.0), _visit(None, failed=True)],
    "20 Mbps": [_visit(3_000.0), _visit(3_100.0)],
}
