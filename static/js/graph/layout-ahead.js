// Graphviz layouts of the views a click is likely to ask for next — each folded box opened,
// each open group folded — made ahead in a second layout worker while the page is idle, and
// kept (with the views laid out on demand) by their DOT, so that opening or folding a group
// costs its install, not Graphviz's ~50-100 ms plus a round trip (bench/fold_bench.py). The
// SVG text is parsed while idle too. A view not made yet is laid out on demand as before.
import { SVG, idCounter, layoutMessage } from "../shared/protocol.js";

const MADE = "layouts-ahead"; // the User Timing mark of a list all made
const KEPT = 32_000_000; // characters of SVG text kept: a folded network's view is ~300,000
const PARSED = 12; // the first views of a list kept parsed: a folded network's is ~1,500 elements

export class LayoutAhead {
  /**
   * spawn(): a layout worker (layout-worker/worker.js, or a fake in tests); parse(text): an
   * <svg> element; idle(fn): call fn when the page is idle (requestIdleCallback).
   */
  constructor({ vizUrl, spawn, parse, idle = whenIdle, kept = KEPT, parsed = PARSED }) {
    Object.assign(this, { vizUrl, spawn, parse, idle, kept, parsed });
    this.entries = new Map(); // DOT → {text, element, waiting: Promise | null}, oldest first
    this.queue = []; // functions () => DOT or null: the views to make next, most likely first
    this.worker = null;
    this.running = false;
    this.held = 0; // layouts on demand running
    this.making = null; // {dot, entry, answer}: the layout the worker is making
    this.position = 0; // in the current list
    this.nextId = idCounter();
  }

  /** The <svg> of `dot` if it was laid out before (a promise while it is being made), else null.
   * An element is handed out once; the text stays, parsed again while idle. */
  take(dot) {
    const entry = this.touch(dot);
    if (!entry) return null;
    if (entry.waiting) return entry.waiting.then(() => this.take(dot));
    const element = entry.element ?? this.parse(entry.text);
    entry.element = null; // parsed again if the next list wants it early
    return element;
  }

  /** A layout made on demand: kept for a return to that view (not one bigger than all kept). */
  keep(dot, text) {
    if (!dot || !text || text.length > this.kept || this.entries.has(dot)) return;
    this.store(dot, { text, element: null, waiting: null, likely: false });
  }

  /** Make these views next (`makers`: functions returning a DOT, or null for none), in order;
   * the views asked for before and not yet made are dropped. */
  ahead(makers) {
    this.finish?.(); // a list still being made: whoever waits for it goes on
    this.queue = [...makers];
    this.position = 0; // in the list: the first `parsed` views are kept parsed
    this.finished = new Promise((resolve) => (this.finish = resolve));
    for (const entry of this.entries.values()) entry.likely = false;
    performance.clearMarks(MADE); // set again once these are made
    if (!this.running) this.idle(() => this.next());
  }

  /** Resolves once the list asked for last is all made (or when a newer list is). */
  made() {
    return this.finished ?? Promise.resolve();
  }

  /** While a layout asked for on demand runs, nothing more is made ahead: the two workers
   * would share the CPU (the first datapoint chosen after a Load took 456 ms, not ~130). */
  hold() {
    this.held += 1;
    this.abandon();
  }

  /** The layout being made ahead is dropped and its worker stopped (a layout asked for now
   * would share the CPU with it: the first datapoint chosen right after a Load took 430 ms,
   * not ~130); it is made again first once the page is idle again. */
  abandon() {
    if (!this.making) return;
    const { dot, entry, answer } = this.making;
    this.making = null;
    this.worker?.terminate();
    this.worker = null;
    if (this.entries.get(dot) === entry) this.entries.delete(dot);
    entry.waiting = null;
    this.queue.unshift(() => dot);
    this.position -= 1; // counted again when it is made
    answer();
  }

  release() {
    this.held = Math.max(0, this.held - 1);
    if (!this.held && !this.running) this.idle(() => this.next());
  }

  /** Make the next view of the queue, then the one after, each when the page is idle. */
  async next() {
    if (this.running || this.held > 0) return;
    const dot = this.queue.length ? this.queue.shift()() : undefined;
    if (dot === undefined) {
      for (const entry of this.entries.values()) if (!entry.likely) entry.element = null;
      performance.mark(MADE); // all made: for tests and benchmarks (timings.js)
      this.finish?.();
      return;
    }
    const likely = dot !== null && ++this.position <= this.parsed;
    if (dot && this.entries.has(dot)) {
      const entry = this.touch(dot); // made before: kept as recent as the list
      entry.likely = likely;
      if (likely) this.idle(() => this.parseAhead(entry));
    } else if (dot) {
      this.running = true;
      try {
        await this.make(dot, likely);
      } finally {
        this.running = false;
      }
    }
    this.idle(() => this.next());
  }

  /** Lay out `dot` in the worker; its entry waits meanwhile. A failure keeps nothing.
   * `likely`: among the first `parsed` of its list (parsed once made). */
  make(dot, likely) {
    this.worker ??= this.spawn();
    const id = this.nextId();
    let answer;
    const waiting = new Promise((resolve) => (answer = resolve));
    const entry = this.store(dot, { text: null, element: null, waiting, likely });
    this.making = { dot, entry, answer };
    const worker = this.worker;
    const answered = (event) => {
      const { type, id: to, svg } = event.data ?? {};
      if (to !== id) return;
      worker.removeEventListener("message", answered);
      this.making = null;
      entry.waiting = null;
      if (type === SVG && typeof svg === "string") {
        entry.text = svg;
        this.trim(entry);
        this.idle(() => this.parseAhead(entry));
      } else if (this.entries.get(dot) === entry) this.entries.delete(dot);
      answer();
    };
    worker.addEventListener("message", answered);
    // No graph for the layered layout: a view Graphviz fails on is not made ahead.
    worker.postMessage(layoutMessage(id, this.vizUrl, dot, { layout: "graphviz", note: "" }, {}, null));
    return waiting;
  }

  /** Parse, while idle, a view among the first `parsed` of the list (the likeliest clicks). */
  parseAhead(entry) {
    if (!entry.likely || !entry.text || entry.element) return;
    if ([...this.entries.values()].includes(entry)) entry.element = this.parse(entry.text);
  }

  /** `dot`'s entry, now the most recent (the oldest go first past the limit), or undefined. */
  touch(dot) {
    const entry = this.entries.get(dot);
    if (!entry) return undefined;
    this.entries.delete(dot);
    this.entries.set(dot, entry);
    return entry;
  }

  store(dot, entry) {
    this.entries.set(dot, entry);
    this.trim(entry);
    return entry;
  }

  /** Drop the oldest layouts (not `entry`, nor one being made) past `kept` characters. */
  trim(entry) {
    let size = 0;
    for (const e of this.entries.values()) size += e.text?.length ?? 0;
    for (const [old, e] of this.entries) {
      if (size <= this.kept) break;
      if (e.waiting || e === entry) continue;
      size -= e.text.length;
      this.entries.delete(old);
    }
  }
}

/** Call `fn` when the page is idle (within a second), or soon where there is no idle callback. */
export function whenIdle(fn) {
  if (globalThis.requestIdleCallback) requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 50);
}
