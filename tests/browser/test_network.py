"""Real networks: a first visit over Chromium's own throttling (CDP
`Network.emulateNetworkConditions`, as DevTools and Lighthouse use it) starts Python on any
working link, draws a safe-language edit from the server's record while Python downloads, and
tells a runtime that never comes within its limit; clicks made before Python is ready are
queued and run once it is, never dropped.

Timings here are hang ceilings, not measurements (those are bench/network_bench.py's): each
throttled visit may take what its bytes need at that rate, plus a generous margin.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.browser.playground_page import BOOT, block_runtime, wait_for_python

LOSS = "w1 = 2.0\nw2 = 3.0\nloss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5"
FIRST_VISIT_MB = 5.1  # an upper bound of what a first visit moves (bench/network_bench.py)
FAILURE_WORDS = ("could not be downloaded", "didn't start", "try again", "not ready yet")


@dataclass(frozen=True)
class Link:
    """A network as Chromium emulates it: Mbit/s down and up, and latency added per request."""

    name: str
    down_mbps: float
    up_mbps: float
    latency_ms: float

    def bytes_s(self, megabytes: float) -> float:
        return megabytes * 8 / self.down_mbps


SLOW_4G = Link("Slow 4G", 1.6, 0.75, 150)
CLASSROOM = Link("5 Mbps", 5, 2, 28)
FAST = Link("20 Mbps", 20, 5, 20)


def throttle(page: Page, link: Link) -> None:
    """Throttle the page and its workers from now on (DevTools' own network emulation)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": link.latency_ms,
            "downloadThroughput": link.down_mbps * 1e6 / 8,
            "uploadThroughput": link.up_mbps * 1e6 / 8,
        },
    )


def no_failure(page: Page) -> None:
    for words in FAILURE_WORDS:
        expect(page.locator("body")).not_to_contain_text(words)


@pytest.fixture
def slow_page(playground: Page) -> Iterator[Page]:
    playground.set_default_timeout(30_000)
    yield playground


@pytest.mark.parametrize("link", [SLOW_4G, CLASSROOM, FAST], ids=lambda link: link.name)
def test_a_first_visit_starts_python_and_draws_edits_meanwhile(slow_page: Page, link: Link):
    page = slow_page
    throttle(page, link)
    page.goto("/")
    expect(page.locator("#graph svg")).to_be_visible()
    status = page.locator("#boot-status")
    # An edit in the safe language, typed while Python downloads: the server's record draws it.
    # (Typed into CodeMirror: a fill that lands as it takes the textarea's place would wait on
    # the hidden textarea.)
    expect(page.locator(".cm-content")).to_be_visible()
    edited = "y = 6 * 7"
    page.get_by_label("Expression").fill(edited)
    typed_at = page.evaluate("performance.now()")
    expect(page.locator("#graph svg g.node.value", has_text="42.0000").first).to_be_attached()
    drawn_at = page.evaluate("performance.now()")
    if link is SLOW_4G:
        assert status.get_attribute("data-state") != "ready", "Python was ready already"
        # The goal is 2 s; this ceiling only catches an edit that waits for Python.
        assert drawn_at - typed_at < 8_000, drawn_at - typed_at
    expect(page.locator("#graph")).not_to_have_class("stale")
    # Python arrives: told as it downloads, never given up on while bytes arrive.
    ceiling_ms = (link.bytes_s(FIRST_VISIT_MB) * 2 + 60) * 1000
    expect(status).to_have_attribute("data-state", "ready", timeout=ceiling_ms)
    no_failure(page)
    expect(page.locator("#graph svg g.node.value", has_text="42.0000").first).to_be_attached()
    # Python now runs the edits, a full-Python one too.
    page.get_by_label("Expression").fill("a = Value(3.0)\nb = a * 2\nprint(b.data)")
    expect(page.locator("#output-text")).to_contain_text("6.0", timeout=30_000)

    # The repeat visit: what is cached does not wait on the network (nothing revalidated).
    page.reload()
    expect(status).to_have_attribute("data-state", "ready", timeout=60_000)
    no_failure(page)
    fetched = [
        entry
        for worker in page.workers
        for entry in worker.evaluate(
            "performance.getEntriesByType('resource')"
            ".map((e) => ({name: e.name, bytes: e.transferSize}))"
        )
        if "/static/vendor/" in entry["name"]
    ]
    assert [e for e in fetched if e["bytes"] > 0] == []


def test_the_download_is_told_in_bytes_while_it_arrives(slow_page: Page) -> None:
    page = slow_page
    throttle(page, CLASSROOM)
    page.goto("/")
    status = page.locator("#boot-status")
    expect(status).to_contain_text(" MB")  # "… 1.2 of 4.7 MB …"
    expect(status).to_have_attribute("data-state", "ready", timeout=120_000)


@pytest.mark.parametrize("blocked", ["abort", "never answer"])
def test_a_runtime_that_does_not_come_is_told_within_the_limit(page: Page, blocked: str):
    cause = block_runtime(page, blocked)
    page.goto("/")
    opened = page.evaluate("performance.now()")
    status = page.locator("#boot-status")
    expect(status).to_have_attribute("data-state", "failed", timeout=20_000)
    told = page.evaluate("performance.now()")
    expect(status).to_contain_text(cause)
    assert told - opened < 10_000, told - opened  # 2 s limit + 2 s to tell, on a busy machine


def _opened_with(page: Page, **query: str) -> None:
    """Open the page and come back as soon as its buttons answer (Python still loading)."""
    page.goto("/?" + urlencode(query))
    expect(page.locator("#graph svg")).to_be_visible()
    assert page.locator("#boot-status").get_attribute("data-state") != "ready"


def test_learning_clicks_before_python_is_ready_run_once_it_is(playground: Page) -> None:
    page = playground
    throttle(page, FAST)  # Python takes a few seconds: the clicks come well before it
    _opened_with(page, src=LOSS)
    region = page.get_by_role("region", name="Gradient descent")
    region.get_by_label("Steps").fill("3")
    region.get_by_role("button", name="Run descent").click()
    page.get_by_role("button", name="Check gradients").click()
    page.get_by_role("button", name="Next step").click()
    expect(page.locator("#step-count")).to_contain_text("1 /")
    # The panel says what the click waits for, in bytes.
    expect(page.locator("#descent-say")).to_contain_text("waiting for Python")
    wait_for_python(page)
    history = page.get_by_role("table", name="Loss history")
    expect(history.locator("tbody tr")).to_have_count(3, timeout=BOOT)
    losses = history.locator("tbody td:nth-child(2)")
    expect(losses).to_have_text(["2.5000", "0.6250", "0.1562"])
    expect(page.get_by_role("table", name="Gradient check")).to_be_visible(timeout=BOOT)
    no_failure(page)


def _rest_read(page: Page) -> bool:
    """Whether the engine worker has read the rest of the standard library (its mark)."""
    return any(
        worker.evaluate("performance.getEntriesByName('stdlib:rest-read').length > 0")
        for worker in page.workers
        if "worker.js" in worker.url
    )


def test_the_standard_library_a_boot_does_not_reach_comes_only_when_imported(playground: Page):
    """A first visit downloads the boot's part of the standard library only; the rest
    (scripts/build_bytecode.mjs) is fetched when an import reaches it, and then it works."""
    page = playground
    page.goto("/?" + urlencode({"src": LOSS}))
    wait_for_python(page)
    editor = page.get_by_label("Expression")
    editor.fill(
        "import statistics, fractions, decimal, textwrap, pprint\nprint(statistics.mean([1, 2]))"
    )
    expect(page.locator("#output-text")).to_contain_text("1.5", timeout=BOOT)
    assert not _rest_read(page)
    editor.fill("print('é€'.encode('cp1252'))")  # encodings.cp1252: only in the rest
    expect(page.locator("#output-text")).to_contain_text(r"b'\xe9\x80'", timeout=BOOT)
    assert _rest_read(page)
