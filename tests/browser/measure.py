"""The graph as shown, measured in the page: the panel's box, each node's box and the smallest
text's size in CSS px (`view`), and a check retried until the page has answered a resize
(`settled`). Sizes come from the rendered SVG (its on-screen width over its viewBox width, times
each text's font size), positions from getBoundingClientRect."""

from playwright.sync_api import Page

import engine
from app.presets import NEURON

OUTPUT = engine.trace(engine.parse(NEURON), "correct")["output"]

# How the graph is shown: the smallest text's size in CSS px, the panel's box, each node's box
# (values and ops).
VIEW = """(output) => {
  const panel = document.querySelector('#graph').getBoundingClientRect();
  const svg = document.querySelector('#graph svg');
  const px = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const nodes = [...svg.querySelectorAll('g.node')].map((g) => ({id: g.id, ...box(g)}));
  return {
    texts: sizes.length, textPx: Math.min(...sizes) * px,
    wholeWidth: svg.viewBox.baseVal.width, wholeHeight: svg.viewBox.baseVal.height,
    panel: box(document.querySelector('#graph')),
    panelWidth: panel.width, panelHeight: panel.height,
    nodes, output: nodes.find((n) => n.id === output),
  };
}"""


def view(page: Page) -> dict:
    return page.evaluate(VIEW, OUTPUT)


def settled(page: Page, check, timeout_ms: int = 5_000) -> None:
    """Retry `check` (an assertion on the page) until it passes: a ResizeObserver answers a
    frame or two after the viewport changes. No wait_for_function: the CSP forbids eval."""
    for _ in range(timeout_ms // 100):
        try:
            check()
            return
        except AssertionError:
            page.wait_for_timeout(100)
    check()
