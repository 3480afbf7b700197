// The server's run of an edit (GET /run, app/server_runs.py) while Python downloads: the
// expression language, run by the engine on the server, so an edit is drawn within a round trip
// instead of after the 5 MB of Python: from the server's SVG of it when it sends one (dot, as
// for the first paint), else laid out here from the record (record-dot.js). A program that is not
// in the language comes back pending, and waits for Python as before. Only the latest edit
// counts: an older request is cancelled.

export class ServerRun {
  /** url: the route's URL (relative to the page); maxUrlBytes: the server's URL limit (a
   * longer one is refused, 414: such a program waits for Python); defaultMode: the mode the
   * route runs without ?mode (the server's). */
  constructor(url = "run", maxUrlBytes = Infinity, defaultMode = null) {
    this.url = new URL(url, document.baseURI);
    this.maxUrlBytes = maxUrlBytes;
    this.defaultMode = defaultMode;
    this.controller = null;
  }

  /** The server's result for this program ({ok, trace, inputs} or {ok: false, error}), or
   * null: a program for Python, a newer request, or no answer (the worker's answer comes). */
  async run(source, mode, inputs = {}) {
    this.controller?.abort();
    const controller = (this.controller = new AbortController());
    const url = new URL(this.url);
    url.searchParams.set("src", source);
    if (mode && mode !== this.defaultMode) url.searchParams.set("mode", mode);
    if (Object.keys(inputs).length) url.searchParams.set("values", JSON.stringify(inputs));
    if (url.pathname.length + url.search.length > this.maxUrlBytes) return null;
    try {
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) return null;
      return readResult(await response.json());
    } catch {
      return null; // cancelled, offline, or refused: the worker answers
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  cancel() {
    this.controller?.abort();
    this.controller = null;
  }
}

/** A result the page can show: a graph's record, or a program's error; null otherwise. */
export function readResult(result) {
  if (!result || typeof result !== "object" || result.pending) return null;
  if (result.ok && result.trace && typeof result.trace === "object") return result;
  if (result.ok === false && result.error && typeof result.error.message === "string") {
    return result;
  }
  return null;
}

/** The server's laid-out graph of a result (`svg`: dot's SVG text, as app/first_paint.py makes
 * the first paint's), as an element to adopt; null when there is none or it does not parse. */
export function laidOutSvg(result) {
  if (typeof result?.svg !== "string") return null;
  const parsed = new DOMParser().parseFromString(result.svg, "image/svg+xml");
  const svg = parsed.documentElement;
  if (svg?.localName !== "svg" || parsed.querySelector("parsererror")) return null;
  return document.importNode(svg, true);
}

/** Whether two results draw the same graph with the same numbers (the worker's answer then
 * changes nothing on screen). */
export function sameGraph(a, b) {
  return Boolean(a?.trace && b?.trace) && JSON.stringify(a.trace) === JSON.stringify(b.trace);
}
