"""The worker's memory snapshot (static/js/engine-worker/snapshot.js): a first visit stores one, a
second
visit restores it and the engine answers as CPython does, imports modules it had not imported
from the standard library it reads lazily (static/js/engine-worker/lazy-file.js), and a corrupted
snapshot
fails the page's check (its SHA-256, static/js/python/snapshot-store.js), is dropped, never
restored,
and Python boots the normal way."""

from playwright.sync_api import ConsoleMessage, Page, Route, expect

from engine.worker.runner import run_program
from tests.browser.playground_page import wait_for_python
from tests.browser.test_early_python import engine_worker

# Python outside the expression language (a class, a loop, print), so the runner runs it, and
# `random` in it, which the runner seeds: the output is the same in every interpreter.
PROGRAM = """\
import random
class Box:
    def __init__(self, v):
        self.v = v
total = 0
for i in range(5):
    total += Box(i * i).v
print("total", total, "draw", random.randint(0, 10**6))
"""
RESTORED = "restored from a memory snapshot"
DROPPED = "the stored memory snapshot failed its check"  # static/js/python/snapshot-store.js
SNAPSHOT_SAVED_CEILING_MS = 60_000  # a hang-catching ceiling, not a timing

_STORED_SIZES = """
async () => {
  const sizes = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      sizes.push((await (await cache.match(request)).arrayBuffer()).byteLength);
    }
  }
  return sizes;
}
"""

# Keep the stored header and the first 64 KiB of the heap's kept pages (Pyodide's header: magic
# number, build id, the JS state); overwrite the next 4 MB, where the interpreter's data lives.
_CORRUPT = """
async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
      bytes.fill(7, 65536, 65536 + 4_000_000);
      await cache.put(request, new Response(bytes));
    }
  }
}
"""


def console_lines(page: Page) -> list[str]:
    lines: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        lines.append(message.text)

    page.on("console", on_console)
    return lines


def wait_for_stored_snapshot(page: Page) -> list[int]:
    """The sizes of the stored snapshots, once there is one."""
    for _ in range(SNAPSHOT_SAVED_CEILING_MS // 250):
        sizes = page.evaluate(_STORED_SIZES)
        if sizes:
            return sizes
        page.wait_for_timeout(250)
    raise AssertionError("no snapshot was stored")


def run_and_expect_output(page: Page) -> None:
    expected = run_program(PROGRAM)["output"]
    assert expected.startswith("total 30 draw ")
    page.get_by_label("Expression").fill(PROGRAM)
    expect(page.get_by_role("region", name="Output")).to_contain_text(expected.strip())


def test_a_second_visit_restores_the_snapshot_and_the_engine_works(playground: Page) -> None:
    page = playground
    lines = console_lines(page)
    page.goto("/")
    wait_for_python(page)
    sizes = wait_for_stored_snapshot(page)
    assert len(sizes) == 1 and sizes[0] > 10_000_000  # the wasm heap, without its zero pages
    assert not any(RESTORED in line for line in lines)
    run_and_expect_output(page)

    page.reload()
    wait_for_python(page)
    assert sum(RESTORED in line for line in lines) == 1
    run_and_expect_output(page)
    assert page.evaluate(_STORED_SIZES) == sizes  # restored, not made again


# Modules no boot imports (so not in the snapshot): they come out of the standard library zip.
NEW_IMPORTS = """\
import fractions, statistics, textwrap
print("new", statistics.mean([1, 2, 3]), fractions.Fraction(1, 3), textwrap.shorten("a b c d", 6))
"""
STDLIB = "**/python_stdlib.zip"
HOLD_MS = 4000  # the background download's hold: long enough for the run to read first


def test_a_restored_python_imports_what_it_had_not_before_the_zip_is_downloaded(
    playground: Page,
) -> None:
    page = playground
    page.goto("/")
    wait_for_python(page)
    wait_for_stored_snapshot(page)
    expected = run_program(NEW_IMPORTS)["output"].strip()
    assert expected == "new 2 1/3 [...]"

    # The restore does not download the zip; once Python is ready the worker does, in the
    # background. Held here, the first program's imports read the zip at once instead.
    requests: list[str] = []

    def hold_the_first(route: Route) -> None:
        requests.append(route.request.url)
        if len(requests) == 1:
            page.wait_for_timeout(HOLD_MS)
        route.continue_()

    page.context.route(STDLIB, hold_the_first)
    page.reload()
    page.get_by_label("Expression").fill(NEW_IMPORTS)  # sent as soon as Python is ready
    expect(page.get_by_role("region", name="Output")).to_contain_text(expected)
    worker = engine_worker(page)
    read_now = worker.evaluate("() => performance.getEntriesByName('stdlib:read-now').length")
    assert read_now == 1 and len(requests) == 2  # the held download, then the read

    page.wait_for_timeout(HOLD_MS)  # the download ends: nothing is read again
    page.get_by_label("Expression").fill(NEW_IMPORTS.replace("new", "again"))
    expect(page.get_by_role("region", name="Output")).to_contain_text("again 2 1/3")
    assert worker.evaluate("() => performance.getEntriesByName('stdlib:read-now').length") == 1
    page.context.unroute(STDLIB)


def test_a_corrupted_snapshot_is_dropped_and_python_boots_normally(playground: Page) -> None:
    page = playground
    lines = console_lines(page)
    page.goto("/")
    wait_for_python(page)
    wait_for_stored_snapshot(page)
    page.evaluate(_CORRUPT)

    page.reload()
    wait_for_python(page)
    assert sum(DROPPED in line for line in lines) == 1
    assert not any(RESTORED in line for line in lines)
    run_and_expect_output(page)
    wait_for_stored_snapshot(page)  # a good one, made by this boot

    page.reload()
    wait_for_python(page)
    assert sum(RESTORED in line for line in lines) == 1
    run_and_expect_output(page)
