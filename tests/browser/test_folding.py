"""A graph folded by its modules (static/js/graph/folding.js, fold-screen.js): the Python MLP
preset's first view is its layers' neurons as boxes, a group opens by a click or Enter and folds
by Escape where it was on screen, Open all / Fold all, a step inside a folded box is said as
that box's, a learner's own network class folds too, and a program without modules draws as
it always did. The expected names and counts come from the record engine.worker.runner makes
in CPython for the same text."""

import re

import pytest
from playwright.sync_api import Page, expect

from app.presets import MLP_PYTHON, NEURON
from engine.worker.runner import run_program
from tests.browser.playground_page import LAYOUT, open_ready, replace_code, trace_of
from tests.engine.record.groups_programs import OWN_NET

FIRST_NODES = 40  # engine.record.dot.FOLD_FIRST_NODES, what the first view stays within
PRESET = "MLP(2, [16, 16, 1]) in Python, folded by neuron and layer"


def record_of(source: str) -> dict:
    result = run_program(source)
    assert result["ok"], result["error"]
    return result["graphs"][result["chosen"]]["record"]


def folded(page: Page):
    return page.locator("#graph svg g.node.fold")


def drawn(page: Page):
    return page.locator("#graph svg g.node")


def load_preset(page: Page) -> None:
    open_ready(page)
    page.get_by_label("Presets").select_option(label=PRESET)
    page.get_by_role("button", name="Load example").click()
    expect(page.locator("#graph")).to_have_attribute("data-folded", "33", timeout=LAYOUT)


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_mlp_preset_first_view_is_folded_by_neuron(page: Page):
    record = record_of(MLP_PYTHON)
    neurons = [g for g in record["groups"] if g["kind"] == "Neuron"]
    load_preset(page)
    # Every layer open, every neuron folded: 16 + 16 + 1 boxes, the inputs and the loss.
    expect(folded(page)).to_have_count(len(neurons))
    assert drawn(page).count() <= FIRST_NODES
    names = folded(page).locator("text:first-of-type").all_text_contents()
    assert sorted(names) == sorted(g["name"] for g in neurons)
    expect(page.locator("#graph svg g#g2 text").nth(3)).to_have_text("8 values · 3 params")
    expect(page.get_by_role("button", name="Open all")).to_be_visible()
    expect(page.get_by_role("button", name="Fold all")).to_be_visible()


def test_click_opens_in_place_and_escape_folds(page: Page):
    load_preset(page)
    page.get_by_role("button", name="Fit").click()  # the first view is around the output
    before = centre(page, "#graph svg g#g4")
    page.locator("#graph svg g#g4").click()
    expect(page.locator("#graph")).to_have_attribute("data-folded", "32", timeout=LAYOUT)
    expect(page.locator("#graph svg g#g4")).to_have_count(0)
    # Its values are drawn, around where its box was (the view pans to keep its centre).
    group = record_of(MLP_PYTHON)["groups"][4]
    inside = [f"#graph svg g[id='{n}']" for n in group["nodes"]]
    xs = [centre(page, s)[0] for s in inside]
    assert min(xs) - 40 <= before[0] <= max(xs) + 40
    # Escape with the cursor on one of its values folds it again.
    page.locator("#graph").focus()
    target = group["output"]
    for _ in range(200):
        if page.locator(f"#graph svg g[id='{target}'].cursor").count():
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Escape")
    expect(page.locator("#graph")).to_have_attribute("data-folded", "33", timeout=LAYOUT)
    expect(page.locator("#graph svg g#g4.cursor")).to_have_count(1)


def test_enter_opens_the_folded_box_under_the_cursor(page: Page):
    load_preset(page)
    page.locator("#graph").focus()
    for _ in range(10):
        page.keyboard.press("ArrowDown")
        if page.locator("#graph svg g.node.fold.cursor").count():
            break
    box = page.locator("#graph svg g.node.fold.cursor")
    expect(box).to_have_count(1)
    name = box.locator("text").first.text_content()
    expect(page.locator("#status")).to_contain_text(f"{name}, folded: 8 values · 3 params")
    page.keyboard.press("Enter")
    expect(page.locator("#graph")).to_have_attribute("data-folded", "32", timeout=LAYOUT)
    expect(page.locator("#status")).to_contain_text(f"{name} opened.")


def test_open_all_and_fold_all(page: Page):
    record = record_of(MLP_PYTHON)
    load_preset(page)
    page.get_by_role("button", name="Fold all").click()
    expect(page.locator("#graph")).to_have_attribute("data-folded", "1", timeout=LAYOUT)
    expect(folded(page).locator("text").first).to_have_text("MLP")
    page.get_by_role("button", name="Open all").click()
    expect(page.locator("#graph")).to_have_attribute("data-folded", "0", timeout=LAYOUT)
    values = [n for n in record["nodes"]]
    expect(page.locator("#graph svg g.node.value")).to_have_count(len(values))


def test_a_step_inside_a_folded_box_says_which_box(page: Page):
    record = record_of(MLP_PYTHON)
    load_preset(page)
    groups = {u: g for g in record["groups"] for u in g["nodes"]}
    # The first backward step on a value inside a neuron: the output layer's neuron.
    k, step = next((i, s) for i, s in enumerate(record["backward"]) if s["node"] in groups)
    page.locator("#graph").focus()
    for _ in range(k + 1):
        page.keyboard.press("ArrowRight")
    group = groups[step["node"]]
    box = page.locator(f"#graph svg g#{group['id']}")
    expect(box).to_have_class(re.compile(r"\bfold\b.*\bcurrent\b"))
    expect(page.locator("#status")).to_contain_text(f"{group['name']}: {step['op']} ran, its input")
    # The chain-rule panel still shows the real call.
    expect(page.locator("#rule")).to_contain_text(step["lines"][0]["rule"].split(" ")[0])


def test_own_network_class_folds(page: Page):
    source = "from engine import Value\n" + OWN_NET.replace("Net(3, 4)", "Net(3, 12)")
    record = record_of(source)
    open_ready(page)
    replace_code(page, page, source)
    hidden = [g["name"] for g in record["groups"] if g["name"].startswith("DenseLayer 1 · ")]
    assert len(hidden) == 12
    # Its perceptrons are boxes, opened breadth first while the view stays within 40 nodes.
    expect(folded(page)).not_to_have_count(0, timeout=LAYOUT)
    names = folded(page).locator("text:first-of-type").all_text_contents()
    perceptrons = {g["name"] for g in record["groups"] if g["kind"] == "Perceptron"}
    assert len(names) >= 10 and set(names) <= perceptrons
    assert drawn(page).count() <= FIRST_NODES


SQUARE = "from engine import Value\na = Value(2.0)\nb = a * a\nb.backward()\n"


@pytest.mark.parametrize("source", [NEURON, SQUARE])
def test_a_program_without_modules_draws_as_before(page: Page, source: str):
    open_ready(page)
    replace_code(page, page, source + "\n")
    record = record_of(source) if "import" in source else trace_of(source)
    values = page.locator("#graph svg g.node.value")
    expect(values).to_have_count(len(record["nodes"]), timeout=LAYOUT)
    expect(folded(page)).to_have_count(0)
    expect(page.locator("#graph")).to_have_attribute("data-folded", "0")
    expect(page.get_by_role("button", name="Open all")).to_be_hidden()
    expect(page.get_by_role("button", name="Fold all")).to_be_hidden()


def layouts_made_ahead(page: Page) -> None:
    """Wait until the page has laid out every view one click away (layout-ahead.js marks it)."""
    page.wait_for_function(
        "() => performance.getEntriesByName('layouts-ahead').length > 0", timeout=LAYOUT
    )


# Every node, edge and open group's frame with its shape's coordinates: where it is drawn.
SHAPES = """() => [...document.querySelectorAll('#graph svg :is(g.node, g.edge, g.cluster)')]
    .map((g) => `${g.id} ${[...g.querySelectorAll('polygon, ellipse, path')]
        .map((s) => s.getAttribute('points') ?? s.getAttribute('d') ?? s.getAttribute('cx'))}`)
    .sort()"""


def test_a_view_one_click_away_is_laid_out_ahead_and_drawn_the_same(page: Page):
    """Opening a folded box draws a layout made while the page was idle (the <svg> says
    data-ahead), the same drawing as that view laid out on demand: every node, edge and frame
    at the same place. A view laid out on demand is kept: folding the box again draws it."""
    group = record_of(MLP_PYTHON)["groups"][4]
    load_preset(page)
    layouts_made_ahead(page)
    page.get_by_role("button", name="Fit").click()  # the first view is around the output
    page.locator(f"#graph svg g#{group['id']}").click()
    expect(page.locator("#graph")).to_have_attribute("data-folded", "32", timeout=LAYOUT)
    expect(page.locator("#graph > svg")).to_have_attribute("data-ahead", "")
    for node in group["nodes"]:
        expect(page.locator(f"#graph svg g[id='{node}']")).to_have_count(1)
    ahead = page.evaluate(SHAPES)

    # A page that is never idle makes nothing ahead: the same click is laid out on demand.
    other = page.context.new_page()
    other.add_init_script("window.requestIdleCallback = () => 0;")
    load_preset(other)
    other.get_by_role("button", name="Fit").click()
    other.locator(f"#graph svg g#{group['id']}").click()
    expect(other.locator("#graph")).to_have_attribute("data-folded", "32", timeout=LAYOUT)
    expect(other.locator("#graph > svg")).not_to_have_attribute("data-ahead", "")
    assert other.evaluate(SHAPES) == ahead
    other.locator(f"#graph svg g[id='cluster_{group['id']}'] text").first.click()
    expect(other.locator("#graph")).to_have_attribute("data-folded", "33", timeout=LAYOUT)
    expect(other.locator("#graph > svg")).to_have_attribute("data-in-place", "kept")


# Each node drawn: its centre and size in the SVG's own units, read from its outline.
PLACES = """() => Object.fromEntries([...document.querySelectorAll('#graph svg g.node')].map(g => {
  const e = g.querySelector('ellipse');
  if (e) return [g.id, [+e.getAttribute('cx'), +e.getAttribute('cy'), 2 * e.getAttribute('rx'),
    2 * e.getAttribute('ry')]];
  const n = g.querySelector('polygon').getAttribute('points').trim().split(/[ ,]+/).map(Number);
  const xs = n.filter((_, i) => i % 2 === 0);
  const ys = n.filter((_, i) => i % 2 === 1);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return [g.id, [(x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0]];
}))"""


# Every edge drawn, each with the node boxes other than its own ends (named in its id) that a
# point along it falls inside (a box shrunk by 1), and whether it was drawn anew when a group
# opened or folded in place (in-place.js: class "routed").
CROSSED = """() => {
  const svg = document.querySelector('#graph > svg');
  const numbers = (text) => text.trim().split(/[ ,MC]+/).filter(Boolean).map(Number);
  const boxes = [...svg.querySelectorAll('g.node')].map((g) => {
    const e = g.querySelector('ellipse');
    if (e) {
      const [cx, cy, rx, ry] = ['cx', 'cy', 'rx', 'ry'].map((a) => +e.getAttribute(a));
      return [g.id, cx - rx, cy - ry, cx + rx, cy + ry];
    }
    const n = numbers(g.querySelector('polygon').getAttribute('points'));
    const xs = n.filter((_, i) => i % 2 === 0);
    const ys = n.filter((_, i) => i % 2 === 1);
    return [g.id, Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  });
  return [...svg.querySelectorAll('g.edge')].map((g) => {
    const ends = new Set(g.id.split('-'));
    // Its path as written (M x,y C x,y x,y x,y ...): points along each cubic piece.
    const n = numbers(g.querySelector('path').getAttribute('d'));
    const hit = new Set();
    for (let i = 0; i + 7 < n.length; i += 6) {
      const [x0, y0, x1, y1, x2, y2, x3, y3] = n.slice(i, i + 8);
      for (let k = 0; k <= 20; k++) {
        const t = k / 20, u = 1 - t;
        const x = u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3;
        const y = u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3;
        for (const [id, ax, ay, bx, by] of boxes) {
          if (ends.has(id)) continue;
          if (x > ax + 1 && x < bx - 1 && y > ay + 1 && y < by - 1) hit.add(id);
        }
      }
    }
    return [g.id, [...hit], g.classList.contains('routed')];
  });
}"""


def turned(before: dict, after: dict) -> list:
    """The pairs of nodes drawn in both whose order on either axis is not the same."""
    common = sorted(set(before) & set(after))
    return [
        (a, b, axis)
        for i, a in enumerate(common)
        for b in common[i + 1 :]
        for axis in (0, 1)
        if (before[a][axis] - before[b][axis]) * (after[a][axis] - after[b][axis]) < 0
    ]


def overlapping(places: dict) -> list:
    ids = sorted(places)
    return [
        (a, b)
        for i, a in enumerate(ids)
        for b in ids[i + 1 :]
        if abs(places[a][0] - places[b][0]) * 2 < places[a][2] + places[b][2]
        and abs(places[a][1] - places[b][1]) * 2 < places[a][3] + places[b][3]
    ]


def test_groups_open_and_fold_in_place(page: Page):
    """A group opens where its box was and folds where its frame was: the rest of the graph
    keeps its order on both axes (what is beside moves aside, nothing jumps over anything),
    no two nodes overlap, the edges drawn anew pass between the boxes, not through them, and a
    fold back to a view drawn before is that drawing again."""
    groups = record_of(MLP_PYTHON)["groups"]
    a, b = groups[4], groups[5]  # two neurons of one layer, side by side
    load_preset(page)
    page.get_by_role("button", name="Fit").click()
    first = page.evaluate(PLACES)
    steps = [
        (a, f"#graph svg g#{a['id']}", "32", "open"),
        (b, f"#graph svg g#{b['id']}", "31", "open"),
        (a, f"#graph svg g[id='cluster_{a['id']}'] text", "32", "fold"),  # not the last opened
        (b, f"#graph svg g[id='cluster_{b['id']}'] text", "33", "kept"),
    ]
    before = first
    for group, selector, boxes, how in steps:
        page.get_by_role("button", name="Fit").click()
        page.locator(selector).first.click()
        expect(page.locator("#graph")).to_have_attribute("data-folded", boxes, timeout=LAYOUT)
        expect(page.locator("#graph > svg")).to_have_attribute("data-in-place", how)
        after = page.evaluate(PLACES)
        assert turned(before, after) == [], selector
        assert overlapping(after) == [], selector
        # The edges between the group and the rest are drawn anew, between the boxes; no edge,
        # anew or kept from before and moved, passes through a node.
        edges = page.evaluate(CROSSED)
        assert any(routed for _, _, routed in edges) or how == "kept", selector
        assert [(edge, hit) for edge, hit, _ in edges if hit] == [], selector
        # What the group made is drawn when it is open, its box when it is folded.
        shown = set(group["nodes"]) <= set(after) if how == "open" else group["id"] in after
        assert shown, selector
        before = after
    # Both folded again: the first view, every node where it was.
    assert before == first


def test_no_edge_passes_through_a_node_as_groups_open_in_place(page: Page):
    """Three neurons of the second layer opened one after another (each widens the plane under
    the long edges from the other neurons to the last layer): no edge, drawn anew or kept and
    moved, passes through a node; those the stretch would put through one are drawn anew."""
    groups = record_of(MLP_PYTHON)["groups"]
    second = [g for g in groups if g["name"].startswith("Layer 2 · Neuron ")][:3]
    assert len(second) == 3
    load_preset(page)
    for k, group in enumerate(second):
        page.get_by_role("button", name="Fit").click()
        page.locator(f"#graph svg g#{group['id']}").click()
        expect(page.locator("#graph")).to_have_attribute("data-folded", str(32 - k), timeout=LAYOUT)
        expect(page.locator("#graph > svg")).to_have_attribute("data-in-place", "open")
        edges = page.evaluate(CROSSED)
        assert [(edge, hit) for edge, hit, _ in edges if hit] == [], group["name"]


# Once the next graph is put on screen: its node groups with a running glide (glide.js; not the
# CSS fade of the new ones), those that fade in, and whether its edges wait for the glide.
GLIDING = """() => {
  const graph = document.getElementById('graph');
  const observer = new MutationObserver(() => {
    const svg = graph.querySelector(':scope > svg');
    if (!svg) return;
    observer.disconnect();
    const glides = (g) => g.getAnimations().filter((a) => !(a instanceof CSSAnimation));
    const nodes = [...svg.querySelectorAll('g.node')];
    window.glidingAtInstall = {
      moving: nodes.filter((g) => glides(g).length).map((g) => g.id),
      fading: nodes.filter((g) => g.classList.contains('new')).map((g) => g.id),
      edges_wait: svg.classList.contains('arrived'),
      fade_ms: svg.querySelector('g.node.new')?.getAnimations()[0]?.effect.getTiming()
        .duration ?? 0,
    };
  });
  observer.observe(graph, { childList: true });
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_nodes_drawn_before_glide_to_their_places(page: Page, motion: str):
    """Opening a folded box lays the graph out again: the nodes drawn before and after glide
    from where they were to where they are, the opened group's values fade in, and the edges
    are drawn once the glide is over; none of it when the reader asks for less motion."""
    group = record_of(MLP_PYTHON)["groups"][4]
    page.emulate_media(reduced_motion=motion)
    load_preset(page)
    page.get_by_role("button", name="Fit").click()
    ids = "(gs) => gs.map((g) => g.id)"
    before = set(page.locator("#graph svg g.node").evaluate_all(ids))
    page.evaluate(GLIDING)  # watching for the next graph
    page.locator(f"#graph svg g#{group['id']}").click()
    expect(page.locator("#graph")).to_have_attribute("data-folded", "32", timeout=LAYOUT)
    at_install = page.evaluate("() => window.glidingAtInstall")
    if motion == "reduce":
        assert at_install == {"moving": [], "fading": [], "edges_wait": False, "fade_ms": 0}
        return
    after = set(page.locator("#graph svg g.node").evaluate_all(ids))
    assert at_install["edges_wait"]
    assert at_install["moving"], "no node glides"
    assert set(at_install["moving"]) <= before & after
    assert set(at_install["fading"]) == after - before
    assert set(group["nodes"]) <= set(at_install["fading"])
    assert at_install["fade_ms"] > 0  # as long as the glide (glide.js sets it)
    # Each glide ends where the node is drawn, and the edges are drawn.
    page.wait_for_function(
        "() => ![...document.querySelectorAll('#graph > svg g.node')]"
        ".some((g) => g.getAnimations().length)"
    )
    expect(page.locator("#graph > svg")).not_to_have_class(re.compile(r"\barrived\b"))
