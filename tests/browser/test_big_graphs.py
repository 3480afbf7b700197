"""Programs at the language's limits draw and step: a 20,000-value chain (Python, since the
expression language's 50,000 characters make at most ~13,000 chain values) and 15 sums of 200
terms over shared inputs. Graphviz WASM overflows its stack or runs out of memory on both, so
the page draws them with the layered layout and says so; small graphs stay Graphviz's.
"""

from playwright.sync_api import Page, expect

from engine.language.parser import MAX_VALUES
from engine.record.graph_record import grad_texts_at
from engine.worker.playground import run
from engine.worker.runner import run_program
from tests.browser.playground_page import LAYOUT, expect_grads, open_ready
from tests.browser.test_python import paste

# Building and recording 20,000 Values in Pyodide takes 2-3 s here: within the default run
# limit (5 s), which this test keeps. The wait allows for a loaded machine's layout.
GRAPH_WAIT = 60_000  # ms
CHAIN_LINKS = (MAX_VALUES - 1) // 4  # each link makes 4 values: 1.0001, x*1.0001, 0.5, the sum
CHAIN = (
    "from engine import Value\n"
    'x = Value(1.0, label="x")\n'
    f"for i in range({CHAIN_LINKS}):\n"
    "    x = x*1.0001 + 0.5\n"
)
TERMS = " + ".join(f"x{i}" for i in range(200))
SUMS = (
    "".join(f"s{k} = {TERMS}\n" for k in range(15))
    + "y = "
    + " + ".join(f"s{k}" for k in range(15))
)


def graph_record(source: str) -> dict:
    result = run_program(source)
    return result["graphs"][result["chosen"]]["record"]


def expect_layered(page: Page, values: int) -> None:
    graph = page.locator("#graph")
    expect(graph.locator("svg g.node.value")).to_have_count(values, timeout=GRAPH_WAIT + LAYOUT)
    expect(graph).to_have_attribute("data-layout", "layered")
    expect(page.locator("#notice")).to_contain_text("layered layout")


def test_a_20000_value_chain_draws_and_steps(playground: Page) -> None:
    page = playground
    record = graph_record(CHAIN)
    assert len(record["nodes"]) > MAX_VALUES - 5
    open_ready(page)
    paste(page, CHAIN)
    expect_layered(page, len(record["nodes"]))
    # The chain's constants are drawn with their values; the input keeps its label.
    x = page.locator("#graph svg g[id='n0'] > text").first
    expect(x).to_have_text("x")
    # Only the part near the view is shown (tile-culler.js): the output, not the far input.
    expect(page.locator(f"#graph svg g[id='{record['output']}']")).to_be_visible()
    expect(page.locator("#graph svg g[id='n0']")).to_be_hidden()
    constant = next(n for n in record["nodes"] if n["leaf"] and n["data"] == 0.5)
    expect(page.locator(f"#graph svg g[id='{constant['id']}']")).to_contain_text("0.5000")
    page.get_by_role("button", name="Next step").click()
    page.get_by_role("button", name="Next step").click()
    n = len(record["backward"])
    expect(page.locator("#step-count")).to_have_text(f"2 / {n}")
    expect_grads(page, {k: v for k, v in grad_texts_at(record, 2).items() if v != "0.0000"})


def test_fifteen_sums_of_200_terms_draw_and_step(playground: Page) -> None:
    page = playground
    trace = run(SUMS)["trace"]
    open_ready(page)
    paste(page, SUMS)
    expect_layered(page, len(trace["nodes"]))
    expect(page.locator("#notice")).to_contain_text("named beside each use")
    # x0 feeds all 15 sums: drawn once, with a stub named x0 at each use.
    x0 = next(n["id"] for n in trace["nodes"] if n["label"] == "x0")
    stubs = page.locator(f"#graph svg g.edge.stub[id^='e-{x0}-']")
    expect(stubs).to_have_count(15)
    expect(stubs.first).to_contain_text("x0")
    # Every edge ends in the arrowhead with no fill (a plain edge inherits both from its tile's
    # edge group); a stub's name is filled text.
    style = "(e, name) => getComputedStyle(e).getPropertyValue(name)"
    plain = page.locator("#graph svg g.edge:not(.stub) path").first
    for path in (plain, stubs.first.locator("path")):
        assert path.evaluate(style, "marker-end").endswith('#arrow")')
        assert path.evaluate(style, "fill") == "none"
    assert stubs.first.locator("text").evaluate(style, "fill") != "none"
    page.get_by_role("button", name="Next step").click()
    page.get_by_role("button", name="Next step").click()
    expect(page.locator("#step-count")).to_have_text(f"2 / {len(trace['backward'])}")
    expect_grads(page, {k: v for k, v in grad_texts_at(trace, 2).items() if v != "0.0000"})


def test_small_graphs_stay_graphviz(playground: Page) -> None:
    page = playground
    open_ready(page)
    paste(page, "a = 2.0\nb = a*a + 1\n")
    expect(page.locator("#graph svg g.node.value")).to_have_count(4)  # a, a*a, 1, b
    expect(page.locator("#graph")).to_have_attribute("data-layout", "graphviz")
    expect(page.locator("#notice")).to_be_hidden()


def test_a_small_fan_in_bomb_is_not_left_to_graphviz(playground: Page) -> None:
    # 120 values, laid out on the main thread; dot would take minutes (one input, 119 uses).
    page = playground
    source = "+".join(["x"] * 120)
    trace = run(source)["trace"]
    open_ready(page)
    paste(page, source)
    expect_layered(page, len(trace["nodes"]))
    expect(page.locator("#graph svg g.edge.stub")).to_have_count(120)
    page.get_by_role("button", name="Next step").click()
    expect_grads(page, {k: v for k, v in grad_texts_at(trace, 1).items() if v != "0.0000"})
