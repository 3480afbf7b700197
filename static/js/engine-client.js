// The page's side of the engine worker: boots it in the background and runs programs.
// Only the latest request matters: an older one resolves to null as soon as a newer one is
// made, and its reply is dropped when it arrives.
import {
  FAILED,
  PROGRESS,
  READY,
  RESULT,
  bootMessage,
  errorResult,
  idCounter,
  runMessage,
} from "./protocol.js";

const MAX_RESTARTS = 2;

export class EngineClient extends EventTarget {
  /**
   * Events: "progress" {stage, of, text}, "ready" {ms}, "failed" {message}.
   * vendor: the manifest's URLs (resolved against the page before they go to the worker).
   */
  constructor({ workerUrl, vendor, bootTimeoutMs = 30_000, runTimeoutMs = 20_000 }) {
    super();
    this.workerUrl = workerUrl;
    this.vendor = {
      pyodide: absolute(vendor.pyodide),
      engine_zip: absolute(vendor.engine_zip),
      graphviz_wheel: absolute(vendor.graphviz_wheel),
    };
    this.bootTimeoutMs = bootTimeoutMs;
    this.runTimeoutMs = runTimeoutMs;
    this.state = "stopped"; // stopped | booting | ready | failed
    this.nextId = idCounter();
    this.pending = null; // {id, resolve, message, timer}: the latest request, sent once ready
    this.restarts = 0;
  }

  start() {
    this.worker = new Worker(this.workerUrl, { type: "module" });
    this.worker.addEventListener("message", (event) => this.receive(event.data));
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.fail(`the worker could not start (${event.message || "script error"})`);
    });
    this.state = "booting";
    this.bootTimer = setTimeout(
      () => this.fail(`no answer in ${this.bootTimeoutMs / 1000} s`),
      this.bootTimeoutMs,
    );
    this.worker.postMessage(bootMessage(this.vendor));
  }

  /** Resolves to run_json's result object, or null if a newer request superseded this one. */
  run(source, mode, inputs = {}) {
    this.settle(null);
    if (this.state === "failed") {
      return Promise.resolve(JSON.parse(errorResult("Python is not running, so edits can't run")));
    }
    return new Promise((resolve) => {
      const request = { id: this.nextId(), resolve, message: null };
      request.message = runMessage(request.id, source, mode, inputs);
      this.pending = request;
      if (this.state === "ready") this.send(request);
    });
  }

  send(request) {
    request.timer = setTimeout(() => this.runTimedOut(request), this.runTimeoutMs);
    this.worker.postMessage(request.message);
  }

  receive(message) {
    if (message.type === PROGRESS) {
      this.dispatchEvent(new CustomEvent("progress", { detail: message }));
    } else if (message.type === READY) {
      clearTimeout(this.bootTimer);
      this.state = "ready";
      this.dispatchEvent(new CustomEvent("ready", { detail: { ms: message.ms } }));
      if (this.pending) this.send(this.pending);
    } else if (message.type === FAILED) {
      if (this.state === "ready") this.restart();
      else this.fail(message.message);
    } else if (message.type === RESULT && this.pending?.id === message.id) {
      this.settle(JSON.parse(message.result));
    }
  }

  settle(result) {
    if (!this.pending) return;
    clearTimeout(this.pending.timer);
    this.pending.resolve(result);
    this.pending = null;
  }

  runTimedOut(request) {
    if (this.pending !== request) return;
    const seconds = this.runTimeoutMs / 1000;
    this.settle(JSON.parse(errorResult(`the program ran for more than ${seconds} s and was stopped`)));
    this.restart();
  }

  /** A dead or stuck interpreter: start a fresh worker (a few times at most). */
  restart() {
    this.worker.terminate();
    clearTimeout(this.bootTimer);
    if (++this.restarts > MAX_RESTARTS) {
      this.fail("Python stopped too many times");
      return;
    }
    this.start();
  }

  fail(reason) {
    clearTimeout(this.bootTimer);
    this.worker?.terminate();
    this.state = "failed";
    this.settle(JSON.parse(errorResult(`Python is not running (${reason})`)));
    this.dispatchEvent(new CustomEvent("failed", { detail: { message: reason } }));
  }
}

function absolute(url) {
  return new URL(url, document.baseURI).href;
}
