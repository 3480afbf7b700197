"""First visits over real networks, as Chromium emulates them (CDP
`Network.emulateNetworkConditions`, as DevTools and Lighthouse do): Slow 4G (1.6 Mbit/s down,
150 ms), a 5 Mbit/s classroom share (28 ms) and 20 Mbit/s (20 ms). Each figure is beside what
the visit's bytes need at that rate, from the same visit.

    .venv/bin/python -m bench.network_bench [--repeats 1]

Per visit, a fresh context (empty cache): page open → first graph (mark `first-graph`); an edit
in the expression language typed then, and how long until it is drawn (the server's run,
GET /run, while Python downloads); Python ready (mark `worker-ready`); the bytes moved by then
(Playwright's request sizes, body as encoded plus headers, page and workers: Resource Timing
reports 0 for the engine worker's cross-origin fetches). Writes its section of
docs/benchmarks.md and the raw figures to .cache/bench/network.json.
"""

import statistics

from playwright.sync_api import Page

from bench import probes, report, servers
from bench.browser_bench import chromium

SECTION = "## Real networks: first visits throttled"
LINKS = (  # name, Mbit/s down, Mbit/s up, latency ms
    ("Slow 4G", 1.6, 0.75, 150),
    ("5 Mbps", 5.0, 2.0, 28),
    ("20 Mbps", 20.0, 5.0, 20),
)
EDIT = "y = 6 * 7"
DRAWN = "#graph svg g.node.value:has-text('42.0000')"
READY_TIMEOUT_MS = 180_000
PROSE = (
    "Chromium's own throttling (CDP `Network.emulateNetworkConditions`, as DevTools and "
    "Lighthouse use it), a fresh context per visit (empty cache). The edit "
    f'(`{EDIT}`) is typed as soon as the code editor is up; "bytes\' time" is what the '
    "visit's bytes need at that rate, and the last column what Python's boot took beyond it. "
    "Goals: a first visit moves at most 4.5 MB; Python ready within its bytes' time + 2 s; an "
    "edit drawn within 2 s of typing on Slow 4G. The bytes are the page's and Python's: the "
    "part of the standard library no boot reaches (`python_stdlib_rest.zip`, 1.07 MB) is "
    "fetched only by an import that needs it."
)


def throttle(page: Page, down: float, up: float, latency: float):
    """Throttle the page (and its workers); returns the CDP session, which sees their requests."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    conditions = {"offline": False, "latency": latency}
    conditions |= {"downloadThroughput": down * 1e6 / 8, "uploadThroughput": up * 1e6 / 8}
    cdp.send("Network.emulateNetworkConditions", conditions)
    return cdp


def visit(browser, base: str, down: float, up: float, latency: float) -> dict[str, float]:
    context = browser.new_context(base_url=base)
    page = context.new_page()
    try:
        throttle(page, down, up, latency)
        # Bytes on the wire, page and workers, as Playwright sees the requests: Resource Timing
        # reports 0 for the engine worker's fetches (opaque origin: cross-origin, no TAO).
        finished = []
        context.on("requestfinished", lambda request: finished.append(request))
        page.goto("/", wait_until="commit")
        first_graph = probes.entries(page, "first-graph", timeout_ms=READY_TIMEOUT_MS)
        # CodeMirror takes the textarea's place soon after: typed once it has (a fill as it
        # swaps would wait on the hidden textarea).
        page.locator(".cm-content").wait_for(state="visible", timeout=READY_TIMEOUT_MS)
        page.get_by_label("Expression").fill(EDIT)
        typed = page.evaluate("performance.now()")
        page.locator(DRAWN).first.wait_for(state="attached", timeout=READY_TIMEOUT_MS)
        drawn = page.evaluate("performance.now()")
        state = "#boot-status[data-state='ready'], #boot-status[data-state='failed']"
        page.locator(state).wait_for(state="attached", timeout=READY_TIMEOUT_MS)
        ready = probes.mark_ms(page, "worker-ready")
        failed = page.locator("#boot-status").get_attribute("data-state") == "failed"
        page.wait_for_timeout(1000)  # "requestfinished" events still on their way
        by_ready = list(finished)
        sizes = [r.sizes() for r in by_ready]
        return {
            "first_graph_ms": first_graph[0]["start"],
            "edit_typed_ms": typed,
            "edit_drawn_ms": drawn - typed,
            "drawn_before_python": ready is None or drawn < ready,
            "python_ready_ms": ready,
            "failed": failed,
            "bytes": sum(z["responseBodySize"] + z["responseHeadersSize"] for z in sizes),
            "requests": len(by_ready),
        }
    finally:
        context.close()


def seconds(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.1f} s"


def markdown(runs: dict[str, list[dict]]) -> str:
    rows = []
    for name, down, _, latency in LINKS:
        visits = runs[name]

        def med(key: str, visits: list[dict] = visits) -> float:
            return statistics.median(v[key] for v in visits)

        nbytes = med("bytes")
        need_ms = nbytes * 8 / (down * 1e6) * 1000
        ready = med("python_ready_ms") if all(v["python_ready_ms"] for v in visits) else None
        over = "—" if ready is None else f"{(ready - need_ms) / 1000:+.1f} s"
        rows.append(
            f"| {name} ({down:g} Mbit/s, {latency} ms) | {seconds(med('first_graph_ms'))} | "
            f"{seconds(med('edit_drawn_ms'))} (typed at {seconds(med('edit_typed_ms'))}) | "
            f"**{seconds(ready)}** | {nbytes / 1e6:.2f} MB in {med('requests'):.0f} requests | "
            f"{need_ms / 1000:.1f} s | {over} |"
        )
    failures = sum(v["failed"] for visits in runs.values() for v in visits)
    n = len(next(iter(runs.values())))
    return "\n".join(
        [
            "| link | first graph | edit drawn after typing | Python ready | bytes by then | "
            "bytes' time | ready − bytes' time |",
            "| --- | --- | --- | --- | --- | --- | --- |",
            *rows,
            "",
            f"Boots that failed: {failures} of {n * len(LINKS)}.",
        ]
    )


def main() -> None:
    args = report.arguments(__doc__, repeats=1).parse_args()
    facts = report.started(".venv/bin/python -m bench.network_bench", "Chromium")
    runs: dict[str, list[dict]] = {name: [] for name, *_ in LINKS}
    with servers.playground() as base, chromium() as browser:
        for _ in range(args.repeats):
            for name, down, up, latency in LINKS:
                runs[name].append(visit(browser, base, down, up, latency))
                print(name, runs[name][-1], flush=True)
    figures = {"run": report.ended(facts), "links": runs}
    report.save("network", figures)
    detail = f"{args.repeats} first visit(s) per link, medians"
    text = report.section(SECTION, figures["run"], PROSE, markdown(runs), detail)
    report.publish(text, write=not args.no_write)


if __name__ == "__main__":
    main()
