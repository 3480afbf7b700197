"""Measurements taken inside the page, with the page's own clock (performance.now()), and the
timings the page itself records as performance marks and measures (static/js/shared/timings.js).

Playwright's `page.evaluate` runs these over CDP, which the page's CSP does not block (unlike
`wait_for_function`, which needs eval). Timing in the page leaves out the round trips between
Playwright and the browser, which are larger than the things measured.
"""

from typing import Any

from playwright.sync_api import Page

# Change a control (the Expression box: "input"; the preset menu: "change") and time until a
# different <svg> is in #graph (the MutationObserver fires once the whole install has run), and
# until the frame after it has been painted.
_CHANGE_UNTIL_NEW_GRAPH = """
async ({ selector, value, event, timeoutMs, press }) => {
  const graph = document.getElementById("graph");
  const control = document.querySelector(selector);
  const old = graph.querySelector("svg");
  const started = performance.now();
  const drawn = new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      const svg = graph.querySelector("svg");
      if (svg && svg !== old) {
        observer.disconnect();
        resolve(performance.now());
      }
    });
    observer.observe(graph, { childList: true, subtree: true });
    setTimeout(() => {
      observer.disconnect();
      reject(new Error(`no new graph within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  control.value = value;
  control.dispatchEvent(new Event(event, { bubbles: true }));
  if (press) document.querySelector(press).click(); // e.g. the presets' "Load" button
  const drawnAt = await drawn;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return { graph_ms: drawnAt - started, painted_ms: performance.now() - started };
}
"""

# Click an element: how long its click handlers ran (synchronously), and until the next frame
# has been painted. A click on an element without handlers is the reference.
_CLICK = """
async (selector) => {
  const element = document.querySelector(selector);
  const started = performance.now();
  element.click();
  const handled = performance.now();
  let frame = 0;
  await new Promise((resolve) => requestAnimationFrame(() => {
    frame = performance.now();
    setTimeout(resolve, 0);
  }));
  const end = performance.now();
  return { handler_ms: handled - started, frame_ms: end - frame, painted_ms: end - started };
}
"""

# What this document or worker fetched: Resource Timing, plus the navigation itself.
# transferSize is 0 for a cache hit and only the headers for a 304 revalidation.
_RESOURCES = """
() => performance.getEntriesByType("navigation")
  .concat(performance.getEntriesByType("resource"))
  .map((e) => ({
    url: e.name,
    transfer: e.transferSize,
    encoded: e.encodedBodySize,
    decoded: e.decodedBodySize,
  }))
"""

_NAVIGATION = """
() => {
  const nav = performance.getEntriesByType("navigation")[0];
  return { dom_content_loaded_ms: nav.domContentLoadedEventEnd, load_ms: nav.loadEventEnd };
}
"""

# What the worker stored in Cache Storage (its memory snapshot,
# static/js/engine-worker/snapshot.js): [size as
# stored, size of the heap it holds] for each entry (the heap's size is in the stored header).
_STORED = """
async () => {
  const sizes = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const buffer = await (await cache.match(request)).arrayBuffer();
      sizes.push([buffer.byteLength, new Uint32Array(buffer, 0, 2)[1]]);
    }
  }
  return sizes;
}
"""

# The page's timings are User Timing entries (static/js/shared/timings.js): wait until there are
# `count` entries named `name`, then return them all ({start, duration} in ms).
_ENTRIES = """
async ({ name, count, timeoutMs }) => {
  const found = () => performance.getEntriesByName(name);
  if (found().length < count) {
    await new Promise((resolve, reject) => {
      const observer = new PerformanceObserver(() => {
        if (found().length < count) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      });
      observer.observe({ entryTypes: ["mark", "measure"] });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`fewer than ${count} "${name}" entries after ${timeoutMs} ms`));
      }, timeoutMs);
    });
  }
  return found().map((e) => ({ start: e.startTime, duration: e.duration }));
}
"""

_PRESETS = """
() => [...document.querySelectorAll("#preset option")].map((o) => [o.value, o.textContent])
"""


def change_until_new_graph(
    page: Page,
    selector: str,
    value: str,
    event: str,
    timeout_ms: int = 120_000,
    press: str | None = None,
) -> dict[str, float]:
    """Set a control, then click `press` if given, and time until a new graph is drawn."""
    args = {"selector": selector, "value": value, "event": event, "timeoutMs": timeout_ms,
            "press": press}  # fmt: skip
    return page.evaluate(_CHANGE_UNTIL_NEW_GRAPH, args)


def click(page: Page, selector: str) -> dict[str, float]:
    return page.evaluate(_CLICK, selector)


def resources(page: Page) -> list[dict[str, Any]]:
    """Everything the page and its live workers fetched."""
    entries = page.evaluate(_RESOURCES)
    for worker in page.workers:
        entries += worker.evaluate(_RESOURCES)
    return entries


def navigation(page: Page) -> dict[str, float]:
    return page.evaluate(_NAVIGATION)


def entries(
    page: Page, name: str, count: int = 1, timeout_ms: int = 120_000
) -> list[dict[str, float]]:
    """The page's performance entries named `name`, once there are at least `count`."""
    args = {"name": name, "count": count, "timeoutMs": timeout_ms}
    return page.evaluate(_ENTRIES, args)


_OF_TYPE = "([name, type]) => performance.getEntriesByName(name, type).map((e) => e.toJSON())"


def mark_ms(page: Page, name: str) -> float | None:
    """When the last mark `name` was made (ms since navigation), or None if it never was."""
    found = page.evaluate(_OF_TYPE, [name, "mark"])
    return found[-1]["startTime"] if found else None


def measures_ms(page: Page, name: str) -> list[float]:
    """The duration of every measure `name` (ms), in order: one per descent or training step."""
    return [entry["duration"] for entry in page.evaluate(_OF_TYPE, [name, "measure"])]


def measure_ms(page: Page, name: str) -> float | None:
    """The duration of the last measure `name` (ms), or None if there is none."""
    found = measures_ms(page, name)
    return found[-1] if found else None


def presets(page: Page) -> list[tuple[str, str]]:
    """(value, name) of each entry of the preset menu."""
    return [tuple(option) for option in page.evaluate(_PRESETS)]


def stored_snapshot_bytes(page: Page, ceiling_ms: int = 120_000) -> tuple[int, int] | None:
    """(bytes as stored, bytes of the heap it holds) of the worker's memory snapshot, once it
    has been stored (None if it was not within the hang-catching ceiling)."""
    for _ in range(ceiling_ms // 250):
        sizes = page.evaluate(_STORED)
        if sizes:
            return sum(s for s, _ in sizes), sum(h for _, h in sizes)
        page.wait_for_timeout(250)
    return None
