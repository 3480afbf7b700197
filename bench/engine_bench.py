"""Part 1: the engine against PyPI micrograd 0.1.0, in CPython and in Pyodide under Node.

    .venv/bin/python -m bench.engine_bench [--repeats 7] [--no-pyodide]

(a) forward + backward of a 900-op chain (micrograd's recursive sort stops near 996),
(b) one training step of MLP(2, [16, 16, 1]) on 100 points with micrograd's demo loss,
(c) a 100,000-op chain: seconds and memory, each run in a fresh interpreter,
(d) parse + trace of the seeds' neuron and of ~1,000- and ~5,000-value programs.
Prints a markdown fragment; the raw figures go to .cache/bench/engine.json.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench import report, workloads
from bench.stats import median, mib, ms, verdict

ROOT = Path(__file__).resolve().parent.parent
CHAIN_OPS = 900
LONG_CHAIN_OPS = 100_000
PYODIDE_TIMEOUT = 1800  # seconds


def _long_chain_cpython(repeats: int) -> dict[str, Any]:
    """Each run in a fresh interpreter, alternating engine and micrograd (its recursion limit
    raised to fit), so peak RSS growth belongs to that one chain."""
    runs: dict[str, list[dict[str, Any]]] = {"engine": [], "micrograd": []}
    for r in range(repeats):
        for lib in ("engine", "micrograd") if r % 2 == 0 else ("micrograd", "engine"):
            command = [sys.executable, "-m", "bench.chain_memory", "--lib", lib]
            command += ["--ops", str(LONG_CHAIN_OPS)]
            out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
            runs[lib].append(json.loads(out.stdout))
    command = [sys.executable, "-m", "bench.chain_memory", "--tracemalloc"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    return {
        "ops": LONG_CHAIN_OPS,
        "runs": runs,
        "engine_tracemalloc_peak_bytes": json.loads(out.stdout)["tracemalloc_peak_bytes"],
    }


def _pyodide(repeats: int) -> dict[str, Any] | None:
    command = ["node", "bench/engine_pyodide.mjs", str(repeats), str(CHAIN_OPS)]
    command.append(str(LONG_CHAIN_OPS))
    try:
        out = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=PYODIDE_TIMEOUT
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"engine_bench: Pyodide run failed: {e}", file=sys.stderr)
        return None
    if out.returncode != 0:
        print(f"engine_bench: Pyodide run failed:\n{out.stderr}", file=sys.stderr)
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure(repeats: int, pyodide: bool = True) -> dict[str, Any]:
    """Every figure of part 1, raw (seconds, bytes)."""
    results: dict[str, Any] = {
        "repeats": repeats,
        "cpython": workloads.suite(repeats, CHAIN_OPS),
        "cpython_long_chain": _long_chain_cpython(max(3, repeats // 2)),
    }
    if pyodide:
        results["pyodide"] = _pyodide(repeats)
    return results


# --- the markdown fragment ---------------------------------------------------------------------


def _ratio_rows(where: str, suite: dict[str, Any]) -> list[str]:
    rows = []
    figures = [
        (f"(a) {suite['chain']['ops']}-op chain, forward + backward", suite["chain"]["times"]),
        ("(b) MLP(2,[16,16,1]) step, 100 points (hinge loss)", suite["mlp"]["times"]),
    ]
    for name, times in figures:
        if "micrograd" not in times:
            rows.append(f"| {name} | {where} | {ms(median(times['engine']))} | — | — | — |")
            continue
        ours, ref = median(times["engine"]), median(times["micrograd"])
        ratio = ours / ref
        rows.append(
            f"| {name} | {where} | {ms(ours)} | {ms(ref)} | {ratio:.2f} | {verdict(ratio <= 1.0)} |"
        )
    return rows


def _program_rows(where: str, programs: dict[str, Any]) -> list[str]:
    rows = []
    for name, p in programs.items():
        t = {k: median(v) for k, v in p["times"].items()}
        run = ms(t["run_json"]) if "run_json" in t else "—"
        rows.append(
            f"| {name} | {where} | {p['values']:,} | {ms(t['parse'])} | {ms(t['parse_trace'])} "
            f"| {run} | {ms(t['backward'])} |"
        )
    return rows


def markdown(results: dict[str, Any]) -> str:
    """The part-1 tables for docs/benchmarks.md."""
    cp, py = results["cpython"], results.get("pyodide")
    n = results["repeats"]
    lines = [
        f"Medians of {n} interleaved repeats (engine and micrograd alternate, in one process).",
        "",
        "| Workload | Runtime | engine | micrograd 0.1.0 | ratio | goal ≤ 1.0 |",
        "|---|---|---|---|---|---|",
        *_ratio_rows("CPython", cp),
    ]
    if py:
        lines += _ratio_rows("Pyodide", py)
    mlp = cp["mlp"]
    lines += [
        "",
        f"Same weights, same loss ({mlp['loss']:.6f}) and same gradients of all "
        f"{mlp['parameters']} parameters in both libraries: "
        f"{'checked' if mlp['same_weights_loss_and_grads'] else '**differ**'}.",
        "",
    ]

    long = results["cpython_long_chain"]
    runs = long["runs"]

    def total(lib: str) -> float:
        return median([r["forward_s"] + r["backward_s"] for r in runs[lib]])

    def rss(lib: str) -> float:
        return median([r["peak_rss_growth_bytes"] for r in runs[lib]])

    lines += [
        f"(c) A {long['ops']:,}-op chain, forward + backward. CPython: each run in a fresh "
        f"interpreter ({len(runs['engine'])} each, alternating); micrograd needs its recursion "
        "limit raised past 100,000 (its default stops near 996). Memory: growth of peak RSS "
        "(CPython), growth of the wasm heap (Pyodide), peak traced allocation (tracemalloc).",
        "",
        "| Runtime | engine | reference | engine memory | reference memory |",
        "|---|---|---|---|---|",
        f"| CPython | {total('engine'):.2f} s | micrograd: {total('micrograd'):.2f} s "
        f"| RSS +{mib(rss('engine'))}; tracemalloc peak "
        f"{mib(long['engine_tracemalloc_peak_bytes'])} | micrograd: RSS +{mib(rss('micrograd'))} |",
    ]
    if py:
        lc = py["long_chain"]
        lines.append(
            f"| Pyodide {py['pyodide']} (Python {py['python']}, Node) | "
            f"{median(lc['times']):.2f} s | engine in CPython: {total('engine'):.2f} s | "
            f"wasm heap +{mib(lc['wasm_heap_growth_bytes'])} (from "
            f"{mib(lc['wasm_heap_before_bytes'])}); tracemalloc peak "
            f"{mib(lc['tracemalloc_peak_bytes'])} | engine in CPython: tracemalloc peak "
            f"{mib(long['engine_tracemalloc_peak_bytes'])} |"
        )
    lines += [
        "",
        "(d) Parse and trace. `run_json` is the worker's whole call (parse, trace, DOT, JSON); "
        "the reference is plain `backward()` on the same graph.",
        "",
        "| Program | Runtime | values | parse | parse + trace | run_json | reference: backward() |",
        "|---|---|---|---|---|---|---|",
        *_program_rows("CPython", cp["programs"]),
    ]
    if py:
        lines += _program_rows("Pyodide", py["programs"])
        lines += ["", f"Pyodide boot under Node (loadPyodide): {py['boot_ms'] / 1000:.1f} s."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args()
    results = measure(args.repeats, pyodide=not args.no_pyodide)
    report.save("engine", results)
    print(markdown(results))


if __name__ == "__main__":
    main()
