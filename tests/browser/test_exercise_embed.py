"""An embedded exercise on a course page of another origin (issue 25, item 5): the messages it
posts to its host (static/js/exercise/host-messages.js: ready, run, check, complete), the frame
fitted to its content by /embed.js, and the Embed dialog of /learn/ID offering the exercise.
The routes: tests/app/test_exercise_routes.py; the playground's own embed: test_embed.py."""

import re
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import FrameLocator, Locator, Page, expect

from app.embed_code import HEIGHT_EXERCISE
from tests.browser.exercise_page import check, code_blocks, expected_check, replace_code, wrong
from tests.browser.measure import settled
from tests.browser.playground_page import BOOT
from tests.browser.test_embed import embed_dialog, iframe_src
from tests.browser.watch import static_server, watch

SOURCE = "autograd-playground"

# The course page: the embed in an iframe, and every message from it kept in `messages` and
# listed, one <li> each with its type, so that a test waits on a locator (no eval under a
# CSP; none here, but the same waits as everywhere).
HOST = """<!doctype html><title>Course page</title><link rel="icon" href="data:,">
<h1>Lesson</h1>
<iframe id="exercise" src="{src}" title="Exercise" height="{height}"
  style="width: {width}px; border: 0"></iframe>
<ol id="log"></ol>
<script>
  window.messages = [];
  window.addEventListener("message", (e) => {{
    const fromFrame = e.source === document.getElementById("exercise").contentWindow;
    window.messages.push({{origin: e.origin, data: e.data, fromFrame}});
    if (!e.data || e.data.source !== "{source}") return;  // the auto-height's too
    const li = document.createElement("li");
    li.dataset.type = e.data.type;
    if ("ok" in e.data) li.dataset.ok = String(e.data.ok);
    if ("passed" in e.data) li.dataset.passed = String(e.data.passed);
    li.textContent = JSON.stringify(e.data);
    document.getElementById("log").append(li);
  }});
</script>
{script}
"""


def host_page(folder: Path, live_server: str, exercise: str, auto_height: bool = False) -> None:
    script = f'<script src="{live_server}/embed.js" async></script>' if auto_height else ""
    (folder / "host.html").write_text(
        HOST.format(
            src=f"{live_server}/embed?exercise={exercise}",
            height=150 if auto_height else 1100,
            width=720,
            source=SOURCE,
            script=script,
        )
    )


def sent(page: Page, kind: str) -> list[dict]:
    """The exercise's messages of one type, each {origin, data, fromFrame}, in order."""
    found = page.evaluate("() => window.messages")
    return [m for m in found if isinstance(m["data"], dict) and m["data"].get("type") == kind
            and m["data"].get("source") == SOURCE]  # fmt: skip


def log(page: Page, kind: str, **data: str):
    selector = f"#log li[data-type={kind}]" + "".join(f"[data-{k}={v}]" for k, v in data.items())
    return page.locator(selector)


def test_the_embed_tells_its_host_what_the_learner_does(
    page: Page, live_server: str, tmp_path: Path
) -> None:
    problems = watch(page)
    page.set_default_timeout(15_000)
    host_page(tmp_path, live_server, "mul")
    app_origin = "{0.scheme}://{0.netloc}".format(urlsplit(live_server))
    with static_server(tmp_path) as origin:
        assert origin != app_origin  # the course page is another origin than the embed's
        page.goto(f"{origin}/host.html")
        frame = page.frame_locator("#exercise")
        expect(frame.locator("#boot-status")).to_have_attribute("data-state", "ready", timeout=BOOT)
        expect(log(page, "ready")).to_have_count(1)
        (ready,) = sent(page, "ready")
        assert ready == {
            "origin": app_origin,
            "fromFrame": True,
            "data": {"source": SOURCE, "version": 1, "type": "ready", "exercise": "mul"},
        }

        runs = log(page, "run").count()
        replace_code(page, frame, "class Value:\n    def __init__(self, data)\n")  # no colon
        expect(log(page, "run", ok="false")).to_have_count(1, timeout=BOOT)
        failed_run = sent(page, "run")[-1]["data"]
        assert failed_run["exercise"] == "mul" and failed_run["ok"] is False
        assert failed_run["error"] == "expected ':'"  # Python's own words

        mistake = wrong("mul", "wrong_no_rmul")  # a number on the left fails: 4 * a
        oks = log(page, "run", ok="true").count()  # the starter's run, if any, came before
        replace_code(page, frame, mistake.code)
        expect(log(page, "run", ok="true")).to_have_count(oks + 1, timeout=BOOT)
        assert sent(page, "run")[-1]["data"] == {
            "source": SOURCE, "version": 1, "type": "run", "exercise": "mul",
            "ok": True, "error": None,
        }  # fmt: skip
        assert log(page, "run").count() > runs

        check(frame, "failed")
        expect(log(page, "check")).to_have_count(1)
        expected = expected_check("mul", mistake.code)
        assert expected["passed"] is False and expected["failed"] >= 1
        (checked,) = sent(page, "check")
        assert checked["origin"] == app_origin
        assert checked["data"] == {
            "source": SOURCE, "version": 1, "type": "check", "exercise": "mul",
            "passed": False, "total": expected["total"], "failed": expected["failed"],
            "messages": expected["messages"],
        }  # fmt: skip
        assert all(isinstance(m, str) and m for m in checked["data"]["messages"])
        expect(log(page, "complete")).to_have_count(0)

        replace_code(page, frame, code_blocks("mul")["solution"])
        check(frame, "passed")
        expect(log(page, "check", passed="true")).to_have_count(1)
        expect(log(page, "complete")).to_have_count(1)
        total = expected_check("mul", code_blocks("mul")["solution"])["total"]
        assert sent(page, "check")[-1]["data"]["failed"] == 0
        assert sent(page, "check")[-1]["data"]["messages"] == []
        assert [m["data"] for m in sent(page, "complete")] == [
            {"source": SOURCE, "version": 1, "type": "complete", "exercise": "mul", "total": total}
        ]
        # A second pass on the same page is another check, not another completion.
        check(frame, "passed")
        expect(log(page, "check", passed="true")).to_have_count(2)
        expect(log(page, "complete")).to_have_count(1)
        assert len(sent(page, "ready")) == 1
    assert problems == []


def fitted(page: Page, frame: Locator, inside: FrameLocator, taller_than: float = 0) -> float:
    """The iframe's height once it equals its content's (nothing hidden, no inner scroll) and
    is more than `taller_than`: /embed.js answers a ResizeObserver's message, a frame later."""
    content = inside.locator("html")
    expect(content).to_have_attribute("data-auto-height", "on")
    expect(frame).to_have_attribute("style", re.compile(r"height: [0-9]+px"))
    heights = {}

    def fits() -> None:
        heights["frame"] = frame.bounding_box()["height"]
        assert heights["frame"] > taller_than
        assert abs(heights["frame"] - content.bounding_box()["height"]) <= 1

    settled(page, fits)
    return heights["frame"]


def test_auto_height_fits_an_embedded_exercise(page: Page, live_server: str, tmp_path: Path):
    """/embed.js on the course page sizes the exercise's frame to its content, and again when
    the content grows (a hint shown): the reader scrolls the course page, never the frame."""
    problems = watch(page)
    page.set_default_timeout(15_000)
    host_page(tmp_path, live_server, "neuron", auto_height=True)
    with static_server(tmp_path) as origin:
        page.goto(f"{origin}/host.html")
        frame = page.locator("#exercise")
        inside = page.frame_locator("#exercise")
        # The starter's tanh returns None: no graph until the learner's code runs.
        expect(inside.get_by_role("heading", name="tanh, and a neuron")).to_be_visible()
        before = fitted(page, frame, inside)
        assert before > 600  # the prompt, the editor, the graph and the checks: not 150 px
        hints = inside.locator("#exercise-hints > li:not([hidden])")
        expect(hints).to_have_count(0)
        inside.get_by_role("button", name="Hint", exact=True).click()
        expect(hints).to_have_count(1)
        hint_height = hints.first.bounding_box()["height"]
        assert hint_height > 10
        after = fitted(page, frame, inside, taller_than=before)
        assert after >= before + hint_height - 1
        checks = inside.get_by_role("region", name="Checks")
        checks.scroll_into_view_if_needed()
        expect(checks).to_be_in_viewport()
        assert inside.locator("html").evaluate("h => h.ownerDocument.defaultView.scrollY") == 0
        assert page.evaluate("scrollY") > 0
    assert problems == []


def test_the_embed_dialog_of_an_exercise_offers_it(playground: Page) -> None:
    page = playground
    page.goto("/learn/neuron")
    expect(page.get_by_role("heading", name="tanh, and a neuron")).to_be_visible()
    _, code = embed_dialog(page)
    expect(code).to_have_value(re.compile(r'^<iframe src="[^"]*/embed\?exercise=neuron"'))
    snippet = code.input_value()
    assert iframe_src(snippet) == {"exercise": ["neuron"]}  # its starter: no program in the URL
    assert 'title="Exercise: neuron"' in snippet
    assert f'height="{HEIGHT_EXERCISE}"' in snippet  # the prompt and checks fit (app/embed_code.py)
    preview = page.frame_locator("#embed-preview")
    expect(preview.locator("#exercise")).to_have_attribute("data-exercise", "neuron")
