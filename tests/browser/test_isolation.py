"""A stranger's link can't hurt the reader: the attacks of the 2026-11-25 audit, replayed.

A program reaches `js` past the runner's importer in one line (the importer is a courtesy,
docs/security.md). From there it tried to write the page's storage (Cache Storage, where the
memory snapshot every later visit restores is kept; IndexedDB; a blob: worker of the page's
origin), to forge the worker's messages (a `result` whose DOT made a real link that navigated
the top window), to keep a reader's core busy past the run limit, to hold gigabytes of memory,
and to kill Python for good with a stack overflow. Each is a test here: the program runs in an
opaque origin, the page's storage is byte for byte what it was, the next visit restores a
snapshot only the page wrote, no forged message puts markup or a link on the page, and Python
comes back by itself. The attacks' programs: tests/browser/attacks.py."""

from collections.abc import Iterator
from urllib.parse import urlencode, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.browser.attacks import FORGE, LEAVE, OVERFLOW, READ, WRITE_STORAGE, OtherOrigin
from tests.browser.playground_page import BOOT, wait_for_python
from tests.browser.test_early_python import engine_worker
from tests.browser.test_python import output, paste
from tests.browser.test_snapshot import RESTORED, wait_for_stored_snapshot

_STORAGE = """
async () => {
  const caches_ = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const bytes = await (await cache.match(request)).arrayBuffer();
      const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      caches_[`${name} ${request.url}`] = Array.from(hash, (b) => b.toString(16)).join("");
    }
  }
  const databases = (await indexedDB.databases()).map((d) => d.name);
  return { caches: caches_, databases, local: Object.keys(localStorage).sort() };
}
"""
_REFUSED = "async () => { try { await STORE; return 'opened'; } catch (e) { return e.name; } }"
ATTEMPTS_SETTLE_MS = 2000  # the program's asynchronous attempts (a worker's start) have run
WORKER_CLOSE_CEILING_MS = 10_000  # a hang check, not a timing


@pytest.fixture
def other_origin() -> Iterator[OtherOrigin]:
    other = OtherOrigin()
    yield other
    other.server.shutdown()
    other.server.server_close()


def test_a_program_that_reaches_js_cannot_touch_the_pages_storage_or_the_next_visit(
    page: Page, other_origin: OtherOrigin
) -> None:
    """Not the `playground` fixture, which fails a test on any page error: the attack's nested
    workers fail by design (worker-src has no blob:), and their errors reach the page."""
    page.set_default_timeout(15_000)
    lines: list[str] = []
    page.on("console", lambda message: lines.append(message.text))
    page.goto("/")
    wait_for_python(page)
    wait_for_stored_snapshot(page)
    before = page.evaluate(_STORAGE)
    assert len(before["caches"]) == 1 and before["databases"] == []

    paste(page, WRITE_STORAGE.replace("OTHER", str(other_origin.port)))
    expect(output(page)).to_contain_text("tried everything", timeout=BOOT)
    expect(output(page)).to_contain_text("reached js: True")
    assert engine_worker(page).evaluate("() => self.origin") == "null"  # an opaque origin
    worker = engine_worker(page)
    for store in ("caches.open('engine-snapshot')", "indexedDB.databases()"):
        assert worker.evaluate(_REFUSED.replace("STORE", store)) == "SecurityError"
    page.wait_for_timeout(ATTEMPTS_SETTLE_MS)
    after = page.evaluate(_STORAGE)
    assert after["caches"] == before["caches"]  # byte for byte: the forged snapshot was dropped
    assert after["databases"] == before["databases"]
    # localStorage: only the page's own draft of what was typed (static/js/editor/drafts.js).
    assert {k for k in after["local"] if k not in before["local"]} <= drafts(after["local"])
    assert other_origin.paths == []  # connect-src 'self' holds in the worker and its workers

    page.reload()  # the next visit restores the snapshot the page stored, and it works
    wait_for_python(page)
    assert sum(RESTORED in line for line in lines) == 1
    paste(page, "a = Value(2.0, label='a')\nb = a * a\nb.backward()\nprint('grad', a.grad)")
    expect(output(page)).to_contain_text("grad 4.0", timeout=BOOT)
    again = page.evaluate(_STORAGE)
    assert (again["caches"], again["databases"]) == (before["caches"], before["databases"])


def drafts(keys: list[str]) -> set[str]:
    return {key for key in keys if key.startswith("autograd-playground.draft")}


def test_forged_messages_never_put_a_link_or_markup_on_the_page(playground: Page) -> None:
    page = playground
    page.goto("/")
    wait_for_python(page)
    navigations: list[str] = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url))
    paste(page, FORGE)
    # The forged replies may win the race with the real one: either way, no link and no markup.
    page.wait_for_timeout(ATTEMPTS_SETTLE_MS)
    graph = page.locator("#graph")
    expect(graph.locator("svg")).to_be_visible()
    for selector in ("a", "[href]", "[target]"):
        expect(graph.locator(selector)).to_have_count(0)
        expect(output(page).locator(selector)).to_have_count(0)
    assert "evil.example" not in graph.inner_html()
    page.locator("#graph").click()  # a link in the graph would navigate the top window
    page.wait_for_timeout(500)
    # Only the permalink's own same-document updates: never another site.
    assert all(urlsplit(url).hostname == "127.0.0.1" for url in [*navigations, page.url])
    paste(page, "a = Value(3.0, label='a')\nb = a * a\nb.backward()\nprint('again', a.grad)")
    expect(output(page)).to_contain_text("again 6.0", timeout=BOOT)  # the page still works


def test_a_link_cannot_raise_the_run_limit(playground: Page) -> None:
    """`?limit=60&src=while True: pass` burned 61.5 s of a stranger's core; the server's
    limit (5 s) holds. A link may still lower it (tests/browser/test_python.py uses 1-2 s)."""
    page = playground
    page.goto("/?" + urlencode({"limit": "60", "src": "while True:\n    pass"}))
    expect(output(page)).to_contain_text("Stopped after 5 s", timeout=BOOT + 30_000)


CAUSE = "overflowed Python's stack"


def test_a_stack_overflow_restarts_python_by_itself_five_times_in_a_row(page: Page) -> None:
    # Not `playground`: Pyodide logs its fatal error to the console, by design.
    page.set_default_timeout(15_000)
    page.goto("/")
    wait_for_python(page)
    for i in range(5):
        paste(page, OVERFLOW + f"# {i}\n")
        expect(output(page)).to_contain_text(CAUSE, timeout=BOOT)
        paste(page, f"print('alive {i}')")
        expect(output(page)).to_contain_text(f"alive {i}", timeout=BOOT)
    expect(page.locator("#boot-status")).to_have_attribute("data-state", "ready")


def test_a_link_whose_program_crashes_python_leaves_the_page_usable(page: Page) -> None:
    # Not `playground`: Pyodide logs its fatal error to the console, by design.
    page.set_default_timeout(15_000)
    page.goto("/?" + urlencode({"src": OVERFLOW}))
    expect(output(page)).to_contain_text(CAUSE, timeout=BOOT)
    paste(page, "y = 2 * x\nz = y + 1")  # the expression language
    expect(page.locator("#step-count")).to_have_text("0 / 3", timeout=BOOT)
    paste(page, "print('python is back')")
    expect(output(page)).to_contain_text("python is back", timeout=BOOT)


def test_a_worker_holding_too_much_memory_is_replaced(playground: Page) -> None:
    """A program's 600 MB stay in wasm memory after it ends (it never shrinks): the worker is
    replaced once the run is answered, and the next run works."""
    page = playground
    page.goto("/")
    wait_for_python(page)
    first = engine_worker(page)
    closed: list[object] = []
    first.on("close", lambda worker: closed.append(worker))
    paste(page, "b = bytearray(600 * 2**20)\nprint('held', len(b) // 2**20, 'MB')")
    expect(output(page)).to_contain_text("held 600 MB", timeout=BOOT)
    for _ in range(WORKER_CLOSE_CEILING_MS // 100):  # terminated once the run was answered
        if closed:
            break
        page.wait_for_timeout(100)
    assert closed, "the worker holding 600 MB was not replaced"
    wait_for_python(page)
    paste(page, "print('fresh')")
    expect(output(page)).to_contain_text("fresh", timeout=BOOT)


def test_what_a_links_program_leaves_in_python_never_reaches_the_readers_program(
    playground: Page,
) -> None:
    """The worker that ran a link's Python is replaced before the reader's first own program;
    the reader's own programs share one interpreter, as a notebook's cells do."""
    page = playground
    page.goto("/?" + urlencode({"src": LEAVE}))
    expect(output(page)).to_contain_text("the link ran", timeout=BOOT)
    paste(page, READ)
    expect(output(page)).to_contain_text("builtins: clean", timeout=BOOT)
    paste(page, LEAVE.replace("link ran", "reader ran"))
    expect(output(page)).to_contain_text("the reader ran", timeout=BOOT)
    paste(page, READ + "# again\n")
    expect(output(page)).to_contain_text("builtins: patched", timeout=BOOT)


def test_the_reader_may_change_the_run_limit_in_the_page(playground: Page) -> None:
    """A link can't raise the limit; the reader can, for their own tab (Output's "Run limit"),
    and lower it too: the choice holds for the next run."""
    page = playground
    page.goto("/?" + urlencode({"limit": "60", "src": "print('hello')"}))
    expect(output(page)).to_contain_text("hello", timeout=BOOT)
    limit = page.get_by_label("Run limit")
    expect(limit).to_have_value("5000")  # the link's 60 s was not taken
    assert "60 s" in limit.locator("option").all_inner_texts()  # the reader may choose it
    limit.select_option("1000")
    paste(page, "while True:\n    pass")
    expect(output(page)).to_contain_text("Stopped after 1 s", timeout=BOOT)
