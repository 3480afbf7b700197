"""Part 2's rows about opening the page: page open → first graph, → Python ready (against a
bare `loadPyodide()` page, first and repeat visits), the memory snapshot, the bytes of a first
and a repeat visit, one fetch of Pyodide's wasm, and option (b), a snapshot served at setup."""

from typing import Any

from bench.browser_cells import Row, mb, med, msec, sec, span
from bench.stats import median, verdict

PYODIDE_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide.mjs")


def visit_bytes(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals of one visit's Resource Timing entries, and what happened to vendored files."""
    vendored = [e for e in entries if "/static/vendor/" in e["url"]]
    return {
        "total": sum(e["transfer"] for e in entries),
        "requests": len(entries),
        "pyodide": sum(e["transfer"] for e in entries if e["url"].endswith(PYODIDE_FILES)),
        "vendored": len(vendored),
        # The body came over the wire (a 304 revalidation carries only headers).
        "downloaded": [e["url"] for e in vendored if e["transfer"] >= e["encoded"] > 0],
        "revalidated": [e["url"] for e in vendored if 0 < e["transfer"] < e["encoded"]],
    }


def first_graph(loads: dict[str, Any]) -> Row:
    first = [v["first"] for v in loads["playground"]]
    repeat = [v["repeat"] for v in loads["playground"]]
    shown = med(first, "first_graph_ms")
    before_python = sum(1 for v in first if v["first_graph_ms"] < v["worker_ready_ms"])
    return (
        "Page open → first graph (mark `first-graph`), first visit",
        "≤ 0.3 s, not waiting for Python",
        f"**{sec(shown)}** (range {span(first, 'first_graph_ms')}; layout "
        f"{msec(med(first, 'layout_ms'))}); repeat visit "
        f"{sec(med(repeat, 'first_graph_ms'))}; drawn before Python was ready in "
        f"{before_python}/{len(first)}",
        f"DOMContentLoaded of the same loads: {sec(med(first, 'dom_content_loaded_ms'))}",
        verdict(shown <= 300 and before_python == len(first)),
    )


def _boot(visits: list[dict[str, Any]]) -> str:
    """When the worker started booting, and how long its boot took (its own measure)."""
    for v in visits:
        v["worker_start_ms"] = v["worker_ready_ms"] - v["worker_boot_ms"]
    return (
        f"boot started at {sec(med(visits, 'worker_start_ms'))} and took "
        f"{sec(med(visits, 'worker_boot_ms'))}"
    )


def python_ready(loads: dict[str, Any]) -> list[Row]:
    """P2: page open → Python ready, first and repeat visits, against the bare page's."""
    first = [v["first"] for v in loads["playground"]]
    repeat = [v["repeat"] for v in loads["playground"]]
    bare = loads["bare"]
    bare_repeat = [v["repeat"] for v in bare if "repeat" in v]
    ready, bare_ready = med(first, "worker_ready_ms"), med(bare, "worker_ready_ms")
    again = med(repeat, "worker_ready_ms")
    restored = sum(1 for v in repeat if v.get("restored"))
    bare_again = med(bare_repeat, "worker_ready_ms") if bare_repeat else bare_ready
    rows = [
        (
            "Page open → Python ready (mark `worker-ready`), first visit "
            "(a normal boot; the memory snapshot is made after it)",
            "≤ 1.0 × a bare `loadPyodide()` page",
            f"{sec(ready)} = **{ready / bare_ready:.2f} ×** (range "
            f"{span(first, 'worker_ready_ms')}; {_boot(first)})",
            f"bare page, first visit (module worker, Pyodide as npm publishes it, Python's static "
            f"server, no compression): {sec(bare_ready)} (range {span(bare, 'worker_ready_ms')};"
            f" {_boot(bare)})",
            verdict(ready / bare_ready <= 1.0),
        ),
        (
            "Page open → Python ready, repeat visit (same profile: restored from the stored "
            "memory snapshot)",
            "≤ 0.3 × the bare page",
            f"{sec(again)} = **{again / bare_again:.2f} ×** the bare page's repeat visit, "
            f"{again / bare_ready:.2f} × its first (range {span(repeat, 'worker_ready_ms')}; "
            f"{_boot(repeat)}); restored from the snapshot in {restored}/{len(repeat)}",
            "bare page, repeat visit (same profile, its HTTP and code caches warm): "
            f"{sec(bare_again)}"
            + (f" (range {span(bare_repeat, 'worker_ready_ms')})" if bare_repeat else ""),
            verdict(again / bare_again <= 0.3 and restored == len(repeat)),
        ),
    ]
    sizes = [v["snapshot_bytes"][0] for v in loads["playground"] if v.get("snapshot_bytes")]
    heaps = [v["snapshot_bytes"][1] for v in loads["playground"] if v.get("snapshot_bytes")]
    if sizes:
        rows.append(
            (
                "Memory snapshot kept by the browser (Cache Storage; made by the worker after "
                "its first boot: `_makeSnapshot`, engine imported, `makeMemorySnapshot()`)",
                "—",
                f"{mb(median(sizes))} as stored (its zero pages left out), in "
                f"{len(sizes)}/{len(loads['playground'])} first visits; never downloaded",
                f"Pyodide's wasm heap at that moment: {mb(median(heaps))}",
                "—",
            )
        )
    return rows


def bytes_rows(loads: dict[str, Any]) -> list[Row]:
    visits = loads["playground"]
    first = [visit_bytes(v["first_resources"]) for v in visits]
    repeat = [visit_bytes(v["repeat_resources"]) for v in visits]
    downloaded = max(len(b["downloaded"]) for b in repeat)
    first_total = median([b["total"] for b in first])
    return [
        (
            "Bytes, first visit (Resource Timing `transferSize`, page and worker)",
            "≤ 5.5 MB",
            f"**{mb(first_total)}** in {first[0]['requests']} requests",
            f"of which Pyodide's core files: {mb(median([b['pyodide'] for b in first]))}",
            verdict(first_total <= 5.5e6),
        ),
        (
            "Repeat visit (same profile): vendored assets downloaded again",
            "none",
            f"**{downloaded}** of {repeat[0]['vendored']} (worst of {len(visits)} visits); "
            f"{len(repeat[0]['revalidated'])} revalidated; "
            f"{mb(median([b['total'] for b in repeat]))} in all",
            f"first visit: {mb(first_total)}",
            verdict(downloaded == 0),
        ),
    ]


def wasm_fetch(results: dict[str, Any]) -> Row:
    fetch = results["wasm_fetch"]
    sent = {e: median(fetch[e]) for e in ("br", "gzip", "identity") if fetch.get(e)}
    return (
        "Server: one fetch of `pyodide.asm.wasm` (9.6 MB), brotli- or gzip-encoded "
        "(the `.br` and `.gz` that `scripts/build_vendor.py` compressed once)",
        "—",
        "; ".join(
            f"{e}: {msec(1000 * t)} for {mb(fetch[f'{e}_bytes'])}"
            for e, t in sent.items()
            if e != "identity"
        ),
        f"the same file uncompressed: {msec(1000 * sent['identity'])} for "
        f"{mb(fetch['identity_bytes'])}",
        "—",
    )


def served_snapshot(results: dict[str, Any]) -> Row:
    """Option (b): what a snapshot built at setup and sent to every first visit would cost."""
    node = results["snapshot_node"]
    restore, bare = median(node["restore_ms"]), median(node["bare_ms"])
    return (
        "Option (b), not used: a snapshot built at setup (under Node) and served; "
        "`node bench/snapshot_node.mjs`",
        "—",
        f"{mb(node['bytes'])} raw, {mb(node['br_bytes'])} as brotli (quality 9), "
        f"{mb(node['gzip_bytes'])} as gzip: a first visit would download it on top of the "
        f"runtime; restore {msec(restore)} = {restore / bare:.2f} × a bare boot",
        f"Node, same run: bare `loadPyodide()` {msec(bare)}; with `_makeSnapshot` "
        f"{msec(median(node['make_boot_ms']))}; `makeMemorySnapshot()` "
        f"{msec(node['make_snapshot_ms'])}",
        "—",
    )
