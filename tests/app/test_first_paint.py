"""app.first_paint: the first graph arrives laid out, inside #graph, at the page's step."""

import asyncio
import dataclasses
import re
import stat
import time
from urllib.parse import urlencode

from app.dot import DotRenderer
from app.first_paint import MAX_VALUES, first_svg, grad_texts_at
from engine.worker.playground import run

GENEROUS = 10.0  # a budget no machine misses: these tests are about content, not speed

LOSS = "w1 = 2.0\nw2 = 3.0\nloss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5"


def _grads(svg: str) -> dict[str, str]:
    groups = re.findall(r'<g id="(n[0-9]+)" class="node value[^"]*">(.*?)</g>', svg, re.S)
    grads = {gid: re.findall(r">grad ([^<]*)</text>", body) for gid, body in groups}
    return {gid: texts[-1] for gid, texts in grads.items() if texts}  # constants have none


def test_inline_svg_has_the_trace_ids_and_the_step_grads():
    result = run(LOSS)
    record = result["trace"]
    for step in (0, 2, len(record["backward"])):
        svg = str(paint(DotRenderer(), result, step))
        assert svg.startswith("<svg") and "<?xml" not in svg and "DOCTYPE" not in svg
        shown = {n["id"] for n in record["nodes"] if not n["constant"]}
        at_step = grad_texts_at(record, step)
        assert _grads(svg) == {uid: text for uid, text in at_step.items() if uid in shown}
    at_end = grad_texts_at(record, len(record["backward"]))
    by_label = {n["label"]: at_end[n["id"]] for n in record["nodes"]}
    assert (by_label["w1"], by_label["w2"]) == ("1.0000", "-2.0000")


def paint(renderer: DotRenderer, result: dict, step: int, budget: float = GENEROUS):
    return asyncio.run(first_svg(renderer, result, step, budget=budget))


def test_no_inline_svg_for_errors_big_graphs_or_missing_dot():
    assert paint(DotRenderer(), run("x = ("), 0) is None
    assert paint(DotRenderer("/nonexistent/dot"), run(LOSS), 0) is None
    big = run("a = x\n" + "a = a*0.5 + 0.25\n" * (MAX_VALUES // 4 + 1))
    assert len(big["trace"]["nodes"]) > MAX_VALUES
    assert paint(DotRenderer(), big, 0) is None


def test_a_graph_estimated_over_the_budget_is_not_even_tried(tmp_path):
    counter = tmp_path / "runs"
    fake = tmp_path / "dot"
    fake.write_text(f"#!/bin/sh\necho run >> {counter}\ncat\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    hub = run("+".join(["x"] * 60))  # one value used by 59 adds: seconds of dot
    assert paint(DotRenderer(str(fake)), hub, 0, budget=0.3) is None
    assert not counter.exists()


def test_the_page_waits_for_dot_no_longer_than_its_budget(tmp_path):
    slow = tmp_path / "dot"
    slow.write_text("#!/bin/sh\nexec sleep 30\n")
    slow.chmod(slow.stat().st_mode | stat.S_IXUSR)
    started = time.monotonic()
    assert paint(DotRenderer(str(slow)), run(LOSS), 0, budget=0.3) is None
    assert time.monotonic() - started < 3  # a hang-catching ceiling: the budget is 0.3 s


def test_a_slow_dot_leaves_the_graph_to_the_browser(make_client, settings, tmp_path):
    slow = tmp_path / "dot"
    slow.write_text("#!/bin/sh\nexec sleep 30\n")
    slow.chmod(slow.stat().st_mode | stat.S_IXUSR)
    client = make_client(dataclasses.replace(settings, dot_binary=str(slow), first_paint_wait=0.3))
    html = client.get("/?" + urlencode({"src": LOSS})).text
    graph = html[html.index('id="graph"') :]
    assert "<svg" not in graph[: graph.index("</div>")]
    assert '"dot":"digraph' in html  # the page has what it needs to lay it out itself


def test_page_carries_the_laid_out_graph(client):
    html = client.get("/?" + urlencode({"src": LOSS, "step": "2"})).text
    graph = html[html.index('id="graph"') :]
    graph = graph[: graph.index("</div>")]
    assert "<svg" in graph and 'id="n0"' in graph
    assert "<img" not in html  # noscript needs no image: the inline graph is there already
    label_text = re.search(
        r'<g id="n0" class="node value leaf">.*?<text[^>]*>([^<]*)<', graph, re.S
    )
    assert label_text.group(1) == "w1"


def test_label_injection_stays_text_in_the_inline_svg(client):
    source = "x = Value(1.0, label='</svg><script>alert(1)</script>')\ny = x*2"
    html = client.get("/?" + urlencode({"src": source})).text
    assert "<script>alert(1)" not in html
    assert "&lt;/svg&gt;&lt;script&gt;" in html
