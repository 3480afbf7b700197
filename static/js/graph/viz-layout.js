// Layout: a record's DOT (for Graphviz) and its graph (for our layered layout, where Graphviz
// would be slow or fail: the record says which, layout-choice.js) in, an <svg> element out.
// Small graphs are laid out on the main thread (fastest first paint); big ones in
// layout-worker/worker.js, so the tab never freezes and a newer graph can cancel an older one
// that is still being laid out. The <svg> says which layout drew it (data-layout) and, for the
// layered one, why in words (data-note).
import { graphvizFailed, withStubs } from "../shared/layout-choice.js";
import { packGraph } from "../shared/layered-graph.js";
import { layeredSVG } from "../shared/layered-svg.js";
import { LAYOUT_FAILED, SVG_PART, idCounter, layoutMessage } from "../shared/protocol.js";
import { LayoutAhead } from "./layout-ahead.js";
import { cullTiles } from "./tile-culler.js";

const WORKER_TIMEOUT_MS = 60_000; // dot can take minutes on deep graphs with shared inputs

export class VizLayout {
  /** notes: the words of the layered layout's notes (the page data's `layout_notes`). */
  constructor({ vizUrl, workerUrl, notes, timeoutMs = WORKER_TIMEOUT_MS }) {
    this.timeoutMs = timeoutMs;
    this.notes = notes;
    this.vizUrl = new URL(vizUrl, document.baseURI).href;
    this.workerUrl = workerUrl;
    this.viz = null;
    this.worker = null;
    this.busy = null; // {id, resolve, reject, dot}: the job the worker is on
    this.nextId = idCounter();
    // The layouts made ahead and those kept for a return (layout-ahead.js): its worker starts
    // with the first view asked for ahead.
    this.ahead = new LayoutAhead({
      vizUrl: this.vizUrl,
      spawn: () => new Worker(this.workerUrl, { type: "module" }),
      parse: parseSVG,
    });
  }

  /** Make these views' Graphviz layouts ahead, in a second worker while the page is idle
   * (`makers`: functions returning a DOT or null, most likely first; LayoutAhead.ahead). */
  makeAhead(makers) {
    this.ahead.ahead(makers);
  }

  /**
   * Resolves to an SVGSVGElement (or null when a newer layout cancelled this one). `dot`: the
   * record's DOT (record-dot.js recordDot; null when the layered layout is chosen); `graph`: its
   * graph for the layered layout (record-dot.js layeredGraph); `choice`: the record's {layout,
   * note} (layout-choice.js choiceOf).
   */
  async layout({ dot, graph }, choice, { offMainThread = false } = {}) {
    this.cancel();
    if (choice.layout === "graphviz" && dot) {
      const made = await this.ahead.take(dot);
      if (made) return labelled(made, { ...choice, ahead: true });
    }
    this.ahead.hold();
    try {
      return await (offMainThread ? this.inWorker(dot, graph, choice) : this.onMainThread(dot, graph, choice));
    } finally {
      this.ahead.release();
    }
  }

  async onMainThread(dot, graph, choice) {
    if (choice.layout === "graphviz") {
      this.viz ??= import(this.vizUrl).then((module) => module.instance());
      try {
        return labelled((await this.viz).renderSVGElement(dot), choice);
      } catch (error) {
        this.viz = null; // a fresh Graphviz next time, in case this one is broken
        choice = graphvizFailed(error, this.notes);
      }
    }
    const { svg, stubs } = layeredSVG(graph);
    const element = parseLayered(svg);
    cullTiles(element);
    return labelled(element, { ...choice, note: withStubs(choice.note, stubs, this.notes) });
  }

  inWorker(dot, graph, choice) {
    if (!this.worker) {
      this.worker = new Worker(this.workerUrl, { type: "module" });
      this.worker.addEventListener("message", (event) => this.receive(event.data));
    }
    return new Promise((resolve, reject) => {
      const job = { id: this.nextId(), resolve, reject, dot };
      job.timer = setTimeout(() => this.timedOut(job), this.timeoutMs);
      this.busy = job;
      this.worker.postMessage(layoutMessage(job.id, this.vizUrl, dot, choice, this.notes, packGraph(graph)));
    });
  }

  timedOut(job) {
    if (this.busy !== job) return;
    this.stopWorker();
    const seconds = Math.round(this.timeoutMs / 1000);
    job.reject(new Error(`it took more than ${seconds} s; the graph is too big to draw here`));
  }

  stopWorker() {
    clearTimeout(this.busy?.timer);
    this.busy = null;
    this.worker?.terminate();
    this.worker = null;
  }

  receive({ type, id, svg, message, layout, note }) {
    if (this.busy?.id !== id) return;
    if (type === SVG_PART) {
      this.receivePart(this.busy, svg);
      return;
    }
    const { resolve, reject, timer, frame, failed, dot } = this.busy;
    clearTimeout(timer);
    this.busy = null;
    if (type === LAYOUT_FAILED) {
      this.stopWorker(); // Graphviz WASM does not recover from running out of memory
      reject(new Error(message));
      return;
    }
    try {
      if (failed) throw failed;
      const parse = layout === "layered" ? parseLayered : parseSVG;
      const element = svg === null ? frame : parse(svg);
      if (!element) throw new Error("the layout returned no SVG");
      if (layout === "layered") cullTiles(element);
      else this.ahead.keep(dot, svg); // for a return to this view
      resolve(labelled(element, { layout, note }));
    } catch (error) {
      reject(error);
    }
  }

  /** A part of a layered SVG (protocol.js): the frame, then tiles put into its g.graph, each
   * parsed as it comes while the worker writes the next. */
  receivePart(job, bytes) {
    if (job.failed) return;
    try {
      if (!job.frame) job.frame = parseLayered(bytes);
      else job.frame.querySelector("g.graph").append(fragment(bytes));
    } catch (error) {
      job.failed = error; // said when the layout is done
    }
  }

  /** Stop a layout still running in the worker: its result would be stale. */
  cancel() {
    if (!this.busy) return;
    const { resolve } = this.busy;
    this.stopWorker();
    resolve(null);
  }
}

/** Graphviz's SVG text, from its <svg> on (the XML declaration, doctype and comments before it
 * cut), through the HTML parser as our own is: ~3x faster than DOMParser's XML parser on a
 * folded network's 1,500 elements (27 → 9 ms a fold, traced). Graphviz escapes every label
 * it writes, and the <template> keeps what it parses inert. */
export function parseSVG(text) {
  const start = text.indexOf("<svg");
  return adopted(start < 0 ? "" : text.slice(start), "the layout returned something that is not SVG");
}

/** Our own SVG (layered-svg.js: escaped, no prolog; text, or UTF-8 bytes from the worker)
 * through the HTML parser, which in Chromium builds a 20,000-value graph 2-3x faster than
 * DOMParser's XML parser. */
function parseLayered(source) {
  return adopted(source, "the layered layout returned something that is not SVG");
}

function adopted(source, failure) {
  const svg = fragment(source).firstElementChild;
  if (svg?.nodeName !== "svg") throw new Error(failure);
  return document.adoptNode(svg); // moved, not copied: a big graph's SVG is megabytes
}

/** Our SVG's text or UTF-8 bytes, parsed in a <template>: inert, nothing in it runs or loads. */
function fragment(source) {
  const template = document.createElement("template");
  template.innerHTML = typeof source === "string" ? source : new TextDecoder().decode(source);
  return template.content;
}

function labelled(svg, { layout, note, ahead = false }) {
  svg.setAttribute("data-layout", layout);
  if (ahead) svg.setAttribute("data-ahead", ""); // laid out before it was asked for
  if (note) svg.setAttribute("data-note", note);
  return svg;
}
