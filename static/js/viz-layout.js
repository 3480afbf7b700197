// Graphviz layout: DOT text in, an <svg> element out. Small graphs are laid out on the main
// thread (fastest first paint); big ones in layout-worker.js, so the tab never freezes and a
// newer graph can cancel an older one that is still being laid out.
import { LAYOUT_FAILED, idCounter, layoutMessage } from "./protocol.js";

const WORKER_TIMEOUT_MS = 60_000; // dot can take minutes on deep graphs with shared inputs

export class VizLayout {
  constructor({ vizUrl, workerUrl, timeoutMs = WORKER_TIMEOUT_MS }) {
    this.timeoutMs = timeoutMs;
    this.vizUrl = new URL(vizUrl, document.baseURI).href;
    this.workerUrl = workerUrl;
    this.viz = null;
    this.worker = null;
    this.busy = null; // {id, resolve, reject}: the job the worker is on
    this.nextId = idCounter();
  }

  /** Resolves to an SVGSVGElement (or null when a newer layout cancelled this one). */
  async layout(dot, { offMainThread = false } = {}) {
    this.cancel();
    if (!offMainThread) {
      this.viz ??= import(this.vizUrl).then((module) => module.instance());
      try {
        return (await this.viz).renderSVGElement(dot);
      } catch (error) {
        this.viz = null; // a fresh Graphviz next time, in case this one is broken
        throw error;
      }
    }
    return this.inWorker(dot);
  }

  inWorker(dot) {
    if (!this.worker) {
      this.worker = new Worker(this.workerUrl, { type: "module" });
      this.worker.addEventListener("message", (event) => this.receive(event.data));
    }
    return new Promise((resolve, reject) => {
      const job = { id: this.nextId(), resolve, reject };
      job.timer = setTimeout(() => this.timedOut(job), this.timeoutMs);
      this.busy = job;
      this.worker.postMessage(layoutMessage(job.id, this.vizUrl, dot));
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

  receive({ type, id, svg, message }) {
    if (this.busy?.id !== id) return;
    const { resolve, reject, timer } = this.busy;
    clearTimeout(timer);
    this.busy = null;
    if (type === LAYOUT_FAILED) {
      this.stopWorker(); // Graphviz WASM does not recover from running out of memory
      reject(new Error(message));
      return;
    }
    try {
      resolve(parseSVG(svg));
    } catch (error) {
      reject(error);
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

function parseSVG(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") throw new Error("Graphviz returned something that is not SVG");
  return document.importNode(svg, true);
}
