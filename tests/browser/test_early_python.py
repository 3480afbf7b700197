"""Python starts before the page's modules load (app/early_python.py) in a browser that has
booted it before: the page's one engine worker is the one its first script started, adopted by
the page with what it said meanwhile, and it runs the learner's programs; a first visit starts
it from the page's modules; a picture embed still waits for the reader."""

from playwright.sync_api import Page, expect

from app.early_python import BOOTED_KEY
from tests.browser.test_playground import playground, wait_for_python

__all__ = ["playground"]  # the fixture, used by name

ENGINE_WORKER = "/worker.js?"  # js/bundle/worker.js once setup has built the bundle (else js/)


def engine_workers(page: Page) -> list[str]:
    return [worker.url for worker in page.workers if ENGINE_WORKER in worker.url]


def marks(page: Page) -> list[float | None]:
    return page.evaluate(
        "() => ['early-python', 'first-graph'].map("
        "(name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null)"
    )


def test_once_python_has_booted_the_next_page_starts_it_first(playground: Page) -> None:
    page = playground
    page.goto("/")
    wait_for_python(page)
    # A first visit: the worker's downloads would compete with the page's own modules.
    assert marks(page)[0] is None
    assert len(engine_workers(page)) == 1
    assert page.evaluate(f"() => localStorage.getItem('{BOOTED_KEY}')") == "1"

    page.reload()
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


def test_a_picture_embed_starts_python_only_when_asked(playground: Page) -> None:
    page = playground
    page.goto("/embed?controls=0")
    expect(page.locator("#boot-status")).to_have_attribute("data-state", "idle")
    assert page.evaluate("() => performance.getEntriesByName('early-python').length") == 0
    assert engine_workers(page) == []
