"""A big Graphviz graph (the MLP preset, 984 values) is drawn in paint tiles (graph-tiles.js):
<foreignObject>s, each with its own <svg>, so a step repaints only the tiles it touched, and
the tiles away from the view are not rendered (tile-culler.js). The tiles must look exactly
like the one picture, keep every node in place, step in place, answer clicks, be rendered
wherever the view is, and a downloaded SVG must be one piece again.
"""

import re
from pathlib import Path
from urllib.parse import urlencode
from xml.etree import ElementTree

import pytest
from playwright.sync_api import Page, expect

from app.presets import mlp_loss_source
from engine.record.graph_record import grad_texts_at
from tests.browser.playground_page import trace_of
from tests.browser.watch import watch
from tests.png import pixels

LAYOUT = 60_000  # ms: the MLP preset's layout in Graphviz WASM
SVG = "{http://www.w3.org/2000/svg}"
BLOCK = 16  # px: screenshots are compared as averages over blocks of this side
# Text antialiasing differs a little between a tile and the single picture (measured: at most
# 5.2 of 255 over a 16 px block); a node box, edge or text missing or moved changes a block by
# 20-70.
MAX_BLOCK_DIFFERENCE = 12

# Every node and edge is in exactly one tile, inside that tile's box (else it would be cut).
_PLACEMENT = """
() => {
  const problems = [];
  const seen = new Set();
  for (const group of document.querySelectorAll("#graph svg g.node, #graph svg g.edge")) {
    if (seen.has(group.id)) problems.push(`${group.id} twice`);
    seen.add(group.id);
    const tile = group.closest("foreignObject.tile");
    if (!tile) { problems.push(`${group.id} outside the tiles`); continue; }
    const [x, y, w, h] = ["x", "y", "width", "height"].map((a) => Number(tile.getAttribute(a)));
    const b = group.getBBox();
    const inside = b.x >= x - 0.5 && b.y >= y - 0.5 && b.x + b.width <= x + w + 0.5
      && b.y + b.height <= y + h + 0.5;
    if (!inside) {
      problems.push(`${group.id} outside its tile`);
    }
  }
  const tiles = document.querySelectorAll("#graph foreignObject.tile").length;
  return { problems, groups: seen.size, tiles };
}
"""

# The same picture in one piece: graph-tiles.js's own untile() on the live <svg>.
_UNTILE = """
async () => {
  const script = [...document.scripts].find((s) => s.src.includes("/js/"));
  const tiles = await import(script.src.replace(/js\\/.*$/, "js/graph/graph-tiles.js"));
  tiles.untile(document.querySelector("#graph svg"));
  return document.querySelectorAll("#graph foreignObject").length;
}
"""

# Each tile: on screen (its box meets #graph's), and whether it is rendered.
_TILES = """
() => {
  const graph = document.getElementById("graph").getBoundingClientRect();
  return [...document.querySelectorAll("#graph foreignObject.tile")].map((tile) => {
    const r = tile.getBoundingClientRect();
    const onScreen = r.right > graph.left && r.left < graph.right && r.bottom > graph.top
      && r.top < graph.bottom;
    const hidden = getComputedStyle(tile.firstElementChild).contentVisibility === "hidden";
    return { onScreen, hidden };
  });
}
"""
HIDDEN_TILE = "#graph foreignObject.tile > svg[style*='content-visibility: hidden']"


@pytest.fixture
def mlp(page: Page):
    problems = watch(page)
    page.set_default_timeout(15_000)
    source = mlp_loss_source()
    trace = trace_of(source)
    page.goto("/?" + urlencode({"src": source}))
    values = page.locator("#graph svg g.node.value")
    expect(values).to_have_count(len(trace["nodes"]), timeout=LAYOUT)
    yield page, trace
    assert problems == []


def block_means(png: bytes) -> tuple[int, int, list[float]]:
    """The mean channel value of each BLOCK x BLOCK square of an 8-bit RGB(A) PNG."""
    width, height, bpp, rows = pixels(png)
    means = []
    for by in range(0, height - BLOCK + 1, BLOCK):
        for bx in range(0, width - BLOCK + 1, BLOCK):
            total = sum(sum(rows[y][bx * bpp : (bx + BLOCK) * bpp]) for y in range(by, by + BLOCK))
            means.append(total / (BLOCK * BLOCK * bpp))
    return width, height, means


def test_the_tiles_hold_every_node_in_place_and_look_like_one_picture(mlp) -> None:
    page, trace = mlp
    for _ in range(3):
        page.get_by_role("button", name="Next step").click()
    expect(page.locator("#step-count")).to_have_text(re.compile(r"^3 / "))
    placement = page.evaluate(_PLACEMENT)
    assert placement["problems"] == []
    assert placement["groups"] > len(trace["nodes"])  # values, their ops and the edges
    assert placement["tiles"] >= 10
    page.mouse.move(0, 0)
    tiled = page.locator("#graph").screenshot()
    assert page.evaluate(_UNTILE) == 0
    whole = page.locator("#graph").screenshot()
    (w1, h1, a), (w2, h2, b) = block_means(tiled), block_means(whole)
    assert (w1, h1) == (w2, h2)
    assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= MAX_BLOCK_DIFFERENCE
    assert max(a) - min(a) > 50  # the view shows the graph, not an empty panel


def test_a_tiled_graph_steps_in_place_and_answers_clicks(mlp) -> None:
    page, trace = mlp
    step = trace["backward"][3]  # the 4th step
    node = page.locator(f"#graph svg g[id='{step['node']}']")
    node.evaluate("(g) => { g.dataset.probe = 'same element'; }")  # gone if the graph were redrawn
    for _ in range(4):
        page.get_by_role("button", name="Next step").click()
    expect(page.locator("#step-count")).to_have_text(re.compile(r"^4 / "))
    expect(node).to_have_class(re.compile(r"\bcurrent\b"))
    expect(node).to_have_attribute("data-probe", "same element")
    changed = {c["node"] for c in step["changes"]}
    expect(page.locator("#graph svg g.node.changed")).to_have_count(len(changed))
    constants = {n["id"] for n in trace["nodes"] if n["constant"]}  # drawn as a number alone
    for node_id, text in grad_texts_at(trace, 4).items():
        if node_id in changed - constants:
            grad = page.locator(f"#graph svg g[id='{node_id}'] > text").last
            expect(grad).to_have_text(f"grad {text}")
    page.get_by_role("button", name="Previous step").click()
    expect(node).not_to_have_class(re.compile(r"\bcurrent\b"))
    current = trace["backward"][2]["node"]
    expect(page.locator("#graph svg g.current.value")).to_have_attribute("id", current)
    page.locator(f"#graph svg g[id='{current}']").click()
    inspector = page.get_by_role("region", name="Inspector")
    expect(inspector).to_be_visible()
    shown = next(n for n in trace["nodes"] if n["id"] == current)
    expect(inspector).to_contain_text(shown.get("shown") or shown["name"])


def test_a_downloaded_svg_of_a_tiled_graph_is_one_piece(mlp, tmp_path: Path) -> None:
    page, trace = mlp
    page.get_by_role("button", name="Next step").click()
    expect(page.locator("#step-count")).to_have_text(re.compile(r"^1 / "))
    page.get_by_text("Download", exact=True).click()
    with page.expect_download() as info:
        page.get_by_role("button", name="Download SVG", exact=True).click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    root = ElementTree.parse(path).getroot()
    assert not root.findall(f".//{SVG}foreignObject")
    assert not root.findall(f".//{SVG}svg")  # no nested pictures either
    drawn = {g.get("id") for g in root.iter(f"{SVG}g")}
    assert {n["id"] for n in trace["nodes"]} <= drawn
    grads = grad_texts_at(trace, 1)
    constants = {n["id"] for n in trace["nodes"] if n["constant"]}
    for change in trace["backward"][0]["changes"]:
        if change["node"] in constants:
            continue
        group = root.find(f".//{SVG}g[@id='{change['node']}']")
        assert group.findall(f"{SVG}text")[-1].text == f"grad {grads[change['node']]}"


def test_only_the_tiles_near_the_view_are_rendered(mlp) -> None:
    page, trace = mlp
    expect(page.locator(HIDDEN_TILE).first).to_be_attached()  # once the first frame is drawn
    tiles = page.evaluate(_TILES)
    assert not any(t["hidden"] for t in tiles if t["onScreen"])
    assert sum(t["hidden"] for t in tiles) > len(tiles) / 2  # the MLP is many screens big
    for k in range(1, 13):  # each step pans to its node: what comes on screen is drawn at once
        page.get_by_role("button", name="Next step").click()
        expect(page.locator("#step-count")).to_have_text(re.compile(rf"^{k} / "))
        tiles = page.evaluate(_TILES)
        assert not any(t["hidden"] for t in tiles if t["onScreen"]), f"step {k}"
    # Where the next and the previous step will pan to is drawn ahead, once the page is idle.
    for node in (trace["backward"][12]["node"], trace["backward"][10]["node"]):
        tile = page.locator(f"#graph foreignObject.tile > svg:has(g[id='{node}'])")
        expect(tile).to_have_css("content-visibility", "visible")
    page.get_by_role("button", name="Fit").click()  # the whole graph: every tile on screen
    tiles = page.evaluate(_TILES)
    assert all(t["onScreen"] and not t["hidden"] for t in tiles)
