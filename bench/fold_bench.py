"""Issue 26's figures: the Python MLP preset ("MLP(2, [16, 16, 1]) in Python, folded by neuron
and layer") folded by its modules in Chromium at 1280×800. Its first view: the boxes (SVG
nodes) on screen and the smallest rendered text among them, beside the expression language's
MLP preset (the same network, unfolded); a folded neuron opened by a click → painted, and
folded again by a click on its frame → painted; beside, in the same run, the same record drawn
whole (Open all → painted) and folded whole (Fold all → painted). Then the moons preset (100
points through an MLP(2, [4, 4, 1])): Load → painted (Python's run of the batch included), and
another datapoint chosen in the "Datapoint" field → painted, beside Fold all on that record.

    .venv/bin/python -m bench.fold_bench [--repeats 10] [--no-write]

Starts its own server and Debian's Chromium; Python ready before anything is timed. Raw
figures go to .cache/bench/fold.json; the table replaces its section of docs/benchmarks.md
(bench/doc.py).
"""

from typing import Any

from playwright.sync_api import Page

from app.presets import MOONS_PYTHON, PRESETS
from bench import probes, report, servers, stats
from bench.browser_bench import chromium, wait_for_python

SECTION = "## Folded graphs: a network by its modules"
PROSE = (
    "The Python MLP preset (982 values, 37 groups) at 1280×800, Python ready: its first view "
    "(boxes on screen: SVG nodes inside both the graph panel and the window; the smallest text "
    "among them in CSS pixels, its font size times the zoom), beside the expression language's "
    "MLP preset, the same network unfolded; then in the page, from a click to the new graph and "
    "the next frame: a folded neuron opened (a click on its box), folded again (a click on its "
    "open frame), and beside them, the same record drawn whole (Open all) and folded whole "
    "(Fold all). While a learner reads a folded view, the page lays out the views one click "
    "away in a second layout worker (static/js/graph/layout-ahead.js, nearest the view's "
    "centre first; ~2 s for the 40 of the first view) and keeps every view it drew: a neuron "
    "on screen (its box whole in the panel at the first view) is opened and folded first as "
    "soon as the last graph is painted, then, on other neurons, "
    "once those layouts are made (the goal is judged on these). A group opens and folds in "
    "place (static/js/graph/in-place.js: Graphviz lays out only the group's part, the rest "
    "of the drawing makes room); the last columns count the clicks drawn in place and those "
    "whose layout was made ahead or whose view was kept from before. Then the moons preset "
    "(a batch of 100 points, one followed): Load → painted "
    "(its run in the worker included), and another datapoint chosen in the Datapoint field → "
    "painted, beside Fold all on the same record. Each layout is Graphviz's or the layered "
    "layout's, as the page chooses."
)
PYTHON_PRESET = "MLP(2, [16, 16, 1]) in Python, folded by neuron and layer"
EXPRESSION_PRESET = "MLP(2, [16, 16, 1]) squared-error loss"
MOONS_PRESET = next(p.name for p in PRESETS if p.source == MOONS_PYTHON)
VIEWPORT = {"width": 1280, "height": 800}
TIMEOUT_MS = 120_000
GOAL_BOXES = 40
GOAL_TEXT_PX = 11
GOAL_MS = 100
GOAL_POINT_MS = 300  # choose a datapoint → painted

# The graph on screen: its nodes inside the graph panel and the window, and the smallest text
# among them in CSS pixels (the font size in SVG units times the picture's zoom).
_VIEW = """
() => {
  const graph = document.getElementById("graph");
  const panel = graph.getBoundingClientRect();
  const svg = graph.querySelector("svg");
  const zoom = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const [left, top] = [Math.max(panel.left, 0), Math.max(panel.top, 0)];
  const [right, bottom] = [Math.min(panel.right, innerWidth), Math.min(panel.bottom, innerHeight)];
  const seen = (r) =>
    r.width > 0 && r.right > left && r.bottom > top && r.left < right && r.top < bottom;
  const nodes = [...svg.querySelectorAll("g.node")].filter((g) => seen(g.getBoundingClientRect()));
  let smallest = Infinity;
  for (const node of nodes) {
    for (const text of node.querySelectorAll("text")) {
      if (seen(text.getBoundingClientRect())) {
        smallest = Math.min(smallest, parseFloat(getComputedStyle(text).fontSize) * zoom);
      }
    }
  }
  const drawn = svg.querySelectorAll("g.node").length;
  return { boxes: nodes.length, drawn, smallest_px: smallest };
}
"""

# The folded boxes drawn inside the graph panel and the window, as their ids.
_ON_SCREEN = """
() => {
  const panel = document.getElementById("graph").getBoundingClientRect();
  return [...document.querySelectorAll("#graph svg g.node.fold")].filter((g) => {
    const r = g.getBoundingClientRect();
    return r.left >= panel.left && r.right <= panel.right && r.top >= panel.top
      && r.bottom <= Math.min(panel.bottom, innerHeight);
  }).map((g) => g.id);
}
"""
# The views one click away laid out (graph/layout-ahead.js), then the nearest composed into the
# graph on screen (graph/in-place.js).
_MADE_AHEAD = (
    "() => ['layouts-ahead', 'views-ahead'].every((m) => performance.getEntriesByName(m).length)"
)

# Click `selector` as a pointer does (a press, then a click where it was: graph/pan-zoom.js
# leaves a touch press to the page, so the press is the click's alone) or as a button does, and
# time until #graph says `folded` boxes (graph-view.js install) and the next frame is painted.
_CLICK_UNTIL_FOLDED = """
async ({ selector, folded, pointer, timeoutMs }) => {
  const graph = document.getElementById("graph");
  const target = document.querySelector(selector);
  if (!target) throw new Error(`nothing is ${selector}`);
  const started = performance.now();
  const drawn = new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (graph.dataset.folded !== folded) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(graph, { attributes: true, attributeFilter: ["data-folded"] });
    const late = () => reject(new Error(`no graph of ${folded} boxes within ${timeoutMs} ms`));
    setTimeout(late, timeoutMs);
  });
  if (pointer) {
    const r = target.getBoundingClientRect();
    const at = { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
    target.dispatchEvent(new PointerEvent("pointerdown", { ...at, pointerType: "touch" }));
    target.dispatchEvent(new MouseEvent("click", at));
  } else {
    target.click();
  }
  const shown = await drawn;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const painted = performance.now() - started;
  const svg = graph.querySelector(":scope > svg");
  const inPlace = svg?.getAttribute("data-in-place") ?? null;
  const ahead = (svg?.hasAttribute("data-ahead") ?? false) || inPlace === "kept";
  return { drawn_ms: shown - started, painted_ms: painted, ahead, in_place: inPlace };
}
"""


def made_ahead(page: Page) -> None:
    """Until the page has laid out the views one click away and composed the nearest."""
    page.wait_for_function(_MADE_AHEAD, timeout=TIMEOUT_MS)


def load(page: Page, options: dict[str, str], name: str) -> dict[str, float]:
    """Load preset `name` (the page's own menu and button): until its graph is painted."""
    return probes.change_until_new_graph(
        page, "#preset", options[name], "change", TIMEOUT_MS, press="#preset-load"
    )


def toggle(page: Page, selector: str, folded: int, pointer: bool) -> dict[str, float]:
    args = {"selector": selector, "folded": str(folded), "pointer": pointer}
    return page.evaluate(_CLICK_UNTIL_FOLDED, args | {"timeoutMs": TIMEOUT_MS})


def folded_now(page: Page) -> int:
    return int(page.locator("#graph").get_attribute("data-folded") or 0)


def measure(repeats: int) -> dict[str, Any]:
    figures: dict[str, Any] = {"python": [], "expression": [], "open": [], "fold": []}
    figures |= {"open_all": [], "fold_all": []}
    with servers.playground() as base, chromium() as browser:
        page = browser.new_page(viewport=VIEWPORT)
        page.goto(base)
        wait_for_python(page)
        options = {text: value for value, text in probes.presets(page)}
        load(page, options, PYTHON_PRESET)  # Python's first run of engine.nn: not timed
        for _ in range(repeats):
            for key, name in (("expression", EXPRESSION_PRESET), ("python", PYTHON_PRESET)):
                shown = load(page, options, name)
                figures[key].append(shown | page.evaluate(_VIEW))
        first = folded_now(page)
        boxes = page.evaluate(_ON_SCREEN)  # what a learner can click without panning
        figures |= {"open_now": [], "fold_now": []}
        for k in range(2 * repeats):
            # First clicked as soon as the last click's graph is painted; then, on other boxes,
            # once the page has laid out the views one click away (a learner reads the view).
            box = boxes[k % len(boxes)]
            read = k >= repeats
            if read:
                made_ahead(page)
            key = "open" if read else "open_now"
            figures[key].append(toggle(page, f"#graph svg g[id='{box}'] text", first - 1, True))
            if read:
                made_ahead(page)
            frame = f"#graph svg g[id='cluster_{box}'] text"
            figures["fold" if read else "fold_now"].append(toggle(page, frame, first, True))
        for _ in range(repeats):
            figures["open_all"].append(toggle(page, "#open-all", 0, False))
            figures["fold_all"].append(toggle(page, "#fold-all", 1, False))
        figures |= {"moons_load": [], "point": [], "point_fold_all": []}
        for _ in range(max(2, repeats // 3)):  # ~3 s each: the worker records 7,040 values
            figures["moons_load"].append(load(page, options, MOONS_PRESET))
        for k in range(repeats):
            point = str(2 + (7 * k) % 99)  # a different point each time, 2 to 100
            chosen = probes.change_until_new_graph(page, "#datapoint", point, "change")
            figures["point"].append(chosen)
            figures["point_fold_all"].append(toggle(page, "#fold-all", 1, False))
        page.close()
    return figures


def markdown(f: dict[str, Any]) -> str:
    def cell(xs: list[float]) -> str:
        s = stats.summary(xs)
        return f"{s['median']:.0f} (p95 {s['p95']:.0f}, n={s['n']})"

    def col(rows: list[dict], key: str) -> list[float]:
        return [r[key] for r in rows]

    def row(key: str) -> str:
        rows = f.get(key, [])
        ahead = sum(1 for r in rows if r.get("ahead"))
        placed = sum(1 for r in rows if r.get("in_place"))
        drawn, painted = cell(col(rows, "drawn_ms")), cell(col(rows, "painted_ms"))
        return f"{drawn} | {painted} | {placed} of {len(rows)} | {ahead} of {len(rows)} |"

    def view(rows: list[dict]) -> str:
        boxes, drawn = max(col(rows, "boxes")), max(col(rows, "drawn"))
        return f"{boxes} of {drawn} | {min(col(rows, 'smallest_px')):.1f} px"

    python, expression = f["python"], f["expression"]
    toggles = col(f["open"], "painted_ms") + col(f["fold"], "painted_ms")  # the view read first
    points = col(f["point"], "painted_ms")
    boxes = max(col(python, "boxes"))
    smallest = min(col(python, "smallest_px"))
    return "\n".join(
        [
            "| First view at 1280×800 | boxes on screen (of drawn) | smallest text | "
            "Load → painted (ms) |",
            "|---|---|---|---|",
            f"| the Python MLP preset, folded | {view(python)} "
            f"| {cell(col(python, 'painted_ms'))} |",
            f"| the expression language's MLP preset | {view(expression)} "
            f"| {cell(col(expression, 'painted_ms'))} |",
            "",
            "| A click on the Python MLP preset (ms) | → new graph | → painted "
            "| drawn in place | from a layout made ahead or a view kept |",
            "|---|---|---|---|---|",
            f"| open a folded neuron (its box), the view read first | {row('open')}",
            f"| fold it again (its open frame), the view read first | {row('fold')}",
            f"| open a folded neuron, clicked as soon as painted | {row('open_now')}",
            f"| fold it again, clicked as soon as painted | {row('fold_now')}",
            f"| Open all: the record drawn whole | {row('open_all')}",
            f"| Fold all: one box | {row('fold_all')}",
            "",
            "| The moons preset, 100 points (ms) | → new graph | → painted |",
            "|---|---|---|",
            f"| Load (its run in the worker included) | {cell(col(f['moons_load'], 'graph_ms'))} "
            f"| {cell(col(f['moons_load'], 'painted_ms'))} |",
            f"| another datapoint chosen | {cell(col(f['point'], 'graph_ms'))} "
            f"| {cell(col(f['point'], 'painted_ms'))} |",
            f"| Fold all on the same record | {cell(col(f['point_fold_all'], 'drawn_ms'))} "
            f"| {cell(col(f['point_fold_all'], 'painted_ms'))} |",
            "",
            "| | figure | goal |",
            "|---|---|---|",
            f"| first view: boxes on screen | {boxes} | ≤ {GOAL_BOXES}: "
            f"{stats.verdict(boxes <= GOAL_BOXES)} |",
            f"| first view: smallest text | {smallest:.1f} px | ≥ {GOAL_TEXT_PX} px: "
            f"{stats.verdict(round(smallest, 1) >= GOAL_TEXT_PX)} |",  # judged as shown
            "| open or fold a group, the view read first → painted (p95) "
            f"| {stats.percentile(toggles, 95):.0f} ms "
            f"| ≤ {GOAL_MS} ms: {stats.verdict(stats.percentile(toggles, 95) <= GOAL_MS)} |",
            f"| choose a datapoint → painted (p95) | {stats.percentile(points, 95):.0f} ms "
            f"| ≤ {GOAL_POINT_MS} ms: "
            f"{stats.verdict(stats.percentile(points, 95) <= GOAL_POINT_MS)} |",
        ]
    )


def main() -> None:
    args = report.arguments(__doc__, repeats=10).parse_args()
    report.measured_section(
        ".venv/bin/python -m bench.fold_bench",
        ("Chromium",),
        SECTION,
        PROSE,
        lambda: measure(args.repeats),
        markdown,
        "fold",
        write=not args.no_write,
    )


if __name__ == "__main__":
    main()
