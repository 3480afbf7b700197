"""Python starts before the page's modules load (app/early_python.py) in a browser that has
booted it before: the page's one engine worker is the one its first script started, adopted by
the page with what it said meanwhile, and it runs the learner's programs; a restart starts a new
one from the same source; a first visit starts it from the page's modules; a picture embed still
waits for the reader, and starts it from the source the script made."""

from urllib.parse import unquote

from playwright.sync_api import Page, Worker, expect

from app.early_python import BOOTED_KEY
from tests.browser.playground_page import code_editor, wait_for_python

ENGINE_WORKER = "/worker.js?"  # js/bundle/worker.js once setup has built the bundle (else js/)


def engine_workers(page: Page) -> list[str]:
    """The module URLs of the page's engine workers: each is started from a data: URL that
    imports its module (made by templates/partials/early-python.js), so that it runs in an
    opaque origin."""
    urls = [unquote(w.url) for w in page.workers if w.url.startswith("data:text/javascript,")]
    return [url for url in urls if ENGINE_WORKER in url]


def engine_worker(page: Page) -> Worker:
    return next(w for w in page.workers if ENGINE_WORKER in unquote(w.url))


def marks(page: Page) -> list[float | None]:
    return page.evaluate(
        "() => ['early-python', 'first-graph'].map("
        "(name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null)"
    )


# When CodeMirror took the textarea's place, and the "worker-ready" mark by then (or null).
_CODE_EDITOR = """
() => new Promise((resolve) => {
  const done = () => resolve({
    at: performance.now(),
    ready: performance.getEntriesByName("worker-ready", "mark")[0]?.startTime ?? null,
  });
  if (document.querySelector(".cm-editor")) return done();
  new MutationObserver((_, observer) => {
    if (!document.querySelector(".cm-editor")) return;
    observer.disconnect();
    done();
  }).observe(document.body, { childList: true, subtree: true });
})
"""


# Type into the plain textarea, if it is still there (one task: it cannot vanish midway).
_TYPE_IN_TEXTAREA = """
() => {
  const textarea = document.querySelector("textarea:not([hidden])");
  if (!textarea) return false;
  textarea.value = "y = 5 * 6";
  textarea.dispatchEvent(new Event("input", { bubbles: true }));
  return true;
}
"""


def test_once_python_has_booted_the_next_page_starts_it_first(playground: Page) -> None:
    page = playground
    page.goto("/")
    wait_for_python(page)
    # A first visit: the worker's downloads would compete with the page's own modules.
    assert marks(page)[0] is None
    assert len(engine_workers(page)) == 1
    assert page.evaluate(f"() => localStorage.getItem('{BOOTED_KEY}')") == "1"

    page.goto("/?limit=1")  # a run limit of 1 s, for the restart below
    # The code editor waits for Python's boot on this visit (both cores go to the restore);
    # the textarea takes typing meanwhile (even before the page's script runs: it waits for the
    # worker to start), and CodeMirror keeps what was typed.
    typed = page.evaluate(_TYPE_IN_TEXTAREA)  # false if CodeMirror is up already
    editor = page.evaluate(_CODE_EDITOR)
    assert editor["ready"] is not None and editor["ready"] <= editor["at"]
    if typed:  # kept, and run, though it may have come before the page's own script
        expect(page.locator(".cm-content")).to_have_text("y = 5 * 6")
        expect(page.locator("#graph")).to_contain_text("30")
    wait_for_python(page)
    early, first_graph = marks(page)
    assert early is not None, "the early-python script did not start the worker"
    assert early < first_graph  # before the page's modules had drawn anything
    workers = engine_workers(page)
    assert len(workers) == 1, workers  # adopted, not started a second time
    assert "pyodide=http" in workers[0] and "engine=http" in workers[0]
    assert page.evaluate("() => globalThis.earlyPython") is None  # taken by the page
    # Its progress reached the page's status line, and it answers programs.
    expect(page.locator("#boot-status")).to_contain_text("Python")
    page.get_by_label("Expression").fill("y = 3 * 4")
    expect(page.locator("#graph")).to_contain_text("12")
    # Replaced after the adoption (its run limit passed): a new worker from the same source.
    page.get_by_label("Expression").fill("while True: pass")
    expect(page.get_by_role("region", name="Output")).to_contain_text("Stopped after 1 s")
    page.get_by_label("Expression").fill("y = 5 * 7")
    expect(page.locator("#graph")).to_contain_text("35")
    assert set(engine_workers(page)) == set(workers)


def test_a_picture_embed_starts_python_only_when_asked(playground: Page) -> None:
    page = playground
    # The box once CodeMirror has taken the textarea's place: a click while they swap found the
    # textarea hidden and timed out once in a fresh-clone CI (54a350a, machine loaded).
    box = code_editor(page, "/embed?controls=0")
    expect(page.locator("#boot-status")).to_have_attribute("data-state", "idle")
    assert page.evaluate("() => performance.getEntriesByName('early-python').length") == 0
    assert engine_workers(page) == []
    # The page's first script made the worker's source all the same: the reader's edit uses it.
    source = page.evaluate("() => globalThis.earlyPython.source")
    with page.expect_worker():
        box.click()
    assert engine_workers(page) == [unquote(source)]
    wait_for_python(page)
