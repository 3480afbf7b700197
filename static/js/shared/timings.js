// Timings for tests and benchmarks, as User Timing entries: read them in the page with
// performance.getEntriesByName(name) (docs/frontend.md lists the names). Nothing on screen
// and nothing in the DOM depends on them.

/** A measure from `start` to `end` (performance.now() moments), replacing older ones of
 * that name: "the last graph's" layout, install and first step. */
export function measureLast(name, start, end = performance.now()) {
  performance.clearMeasures(name);
  performance.measure(name, { start, end });
}

/** One more measure of `name` (one per descent or training step). */
export function measure(name, start, end = performance.now()) {
  performance.measure(name, { start, end });
}
