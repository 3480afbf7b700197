"""The first graph as inline SVG, laid out on the server by `dot` from the very DOT the page's
Graphviz WASM would lay out, so it is on screen as soon as the HTML is: no JavaScript module,
no WASM compile, no layout in the browser before the learner sees the graph.

The page never waits long for it: a graph whose estimated layout time is over the budget is
not tried, and a run still going at the deadline is killed. The page then ships without the
SVG and the browser lays the graph out itself, with progress shown.

The DOT is sized with each node's widest grad text (so stepping never needs a new layout);
the SVG's grad texts are then set to the ones at the page's step.
"""

import re
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from app.dot import EXPENSIVE, Disconnected, DotError, DotRenderer
from engine.record.graph_record import grad_texts_at
from engine.record.layout_choice import layout_cost

MAX_VALUES = 1500  # bigger graphs are laid out in the browser, with progress shown
_VALUE_GROUP = re.compile(r'<g id="(n[0-9]+)" class="node value[^"]*">.*?</g>', re.S)
_GRAD_TEXT = re.compile(r">grad [^<]*</text>")


async def first_svg(
    renderer: DotRenderer,
    result: Mapping[str, Any],
    step: int,
    *,
    budget: float,
    client: str = "",
    disconnected: Disconnected | None = None,
) -> Markup | None:
    """Inline `<svg>` markup of a run() result at `step`, or None (the browser lays it out).
    `budget`: the most seconds the page waits for dot."""
    if not result.get("ok") or len(result["trace"]["nodes"]) > MAX_VALUES:
        return None
    estimate = layout_cost(result["trace"]).seconds()
    if estimate > budget:
        return None
    try:
        svg = await renderer.svg(
            result["dot"],
            timeout=budget,
            client=client,
            disconnected=disconnected,
            wait=0,
            expensive=estimate > EXPENSIVE,
        )
    except DotError:
        return None
    grads = grad_texts_at(result["trace"], step)

    def with_grad(group: re.Match[str]) -> str:
        text = f">grad {grads[group.group(1)]}</text>"
        body = group.group(0)
        found = list(_GRAD_TEXT.finditer(body))
        if not found:  # a constant: drawn as its number, with no grad field
            return body
        last = found[-1]
        return body[: last.start()] + text + body[last.end() :]

    text = svg.decode()
    # Graphviz escapes label text as XML; from `<svg` on there is no prolog or doctype.
    return Markup(_VALUE_GROUP.sub(with_grad, text[text.find("<svg") :]))
