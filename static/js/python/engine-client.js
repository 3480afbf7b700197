// The page's side of the engine worker: boots it in the background, runs programs (only the
// latest matters: an older run resolves to null once a newer one is made), actions and checks.
// The worker is the sandbox for a learner's Python (docs/security.md): an opaque origin, and
// all it sends is checked (protocol.js checkEngineMessage) and matched to a request made here.
// A request past the run limit is answered at once, and the worker replaced; so is a worker
// whose interpreter died (a stack overflow) or whose memory grew past the heap limit (wasm
// memory is never given back). Restarts are spaced out only when they come in a burst.
import {
  ACTED,
  CHECKED,
  DOWNLOAD,
  FAILED,
  PROGRESS,
  READY,
  RESULT,
  SNAPSHOT,
  STARTED,
  actMessage,
  checkEngineMessage,
  checkMessage,
  errorResult,
  idCounter,
  restoreMessage,
  runMessage,
} from "../shared/protocol.js";
import { actResult, checkResult, parse, reply, runResult } from "./answers.js";
import { adoptEarlyWorker, remember } from "./early-worker.js";
import { SnapshotStore } from "./snapshot-store.js";

const CORS_HINT = "Access-Control-Allow-Origin: * for its files";
const BURST = 3; // restarts this close together...
const BURST_WINDOW_MS = 10_000; // ...within this window start spacing the next ones out
const MAX_BACKOFF_MS = 8_000;

export class EngineClient extends EventTarget {
  /**
   * Events: "progress" {stage, of, text}, "download" {received}, "ready" {ms},
   * "failed" {message}, "restarting" {reason, delayMs}. `bootTimeoutMs`: how long a boot may
   * go without a word (a slow download keeps telling its bytes; only silence fails it).
   * source: the URL every worker starts from (made once, by the page's first script:
   * templates/partials/early-python.js); vendor: the manifest's URLs (the stored snapshot's key).
   * runLimitMs: the run limit (app/page_data.py: the server's, or lower from a link), and
   * heapLimit: the bytes of wasm memory past which a worker is replaced — decided on the server.
   */
  constructor({ source, vendor, runLimitMs, heapLimit = Infinity, bootTimeoutMs = 30_000 }) {
    super();
    this.source = source;
    this.snapshots = new SnapshotStore({
      pyodide: absolute(vendor.pyodide),
      engine_zip: absolute(vendor.engine_zip),
    });
    this.bootTimeoutMs = bootTimeoutMs;
    this.runLimitMs = runLimitMs;
    this.heapLimit = heapLimit;
    this.state = "stopped"; // stopped | booting | ready | failed
    this.nextId = idCounter();
    this.pending = null; // {id, resolve, message, timer}: the latest request, sent once ready
    this.restartTimes = [];
    this.restartTimer = null;
    this.acting = new Map(); // id → {resolve, timer, read}: actions and checks (ask())
    this.queued = []; // those asked for before Python was ready: sent once it is
  }

  /** Boot a worker: the one the page's first script started as it loaded, the first time,
   * with what it said meanwhile; a new one from `source` otherwise. */
  start() {
    const early = adoptEarlyWorker();
    this.bootedKey ??= early?.key; // said once Python is ready: next time it starts earlier
    const worker = early?.worker ?? new Worker(this.source, { type: "module" });
    this.worker = worker;
    this.started = false; // this worker has begun a request: its snapshots are not taken
    this.snapshotTaken = false;
    const handle = (event) => {
      if (worker !== this.worker) return; // a replaced worker's last words
      if (event.type === "message") {
        this.receive(event.data);
        return;
      }
      event.preventDefault();
      if (this.state === "ready") {
        this.crashed(`Python stopped (${event.message || "the worker died"})`);
      } else {
        // Its module is read cross-origin (the worker's origin is opaque): a static host that
        // does not allow that is the likely cause (docs/embedding.md).
        const why = event.message || "its script could not be loaded";
        this.fail(`the worker could not start (${why}); a static copy's host must send ${CORS_HINT}`);
      }
    };
    worker.addEventListener("message", handle);
    worker.addEventListener("error", handle);
    this.snapshots
      .find()
      .then((snapshot) => {
        const store = this.snapshots.available && !snapshot;
        worker.postMessage(restoreMessage(snapshot, store), snapshot ? [snapshot] : []);
      });
    this.state = "booting";
    this.heard();
    for (const event of early?.events ?? []) handle(event);
  }

  /** The booting worker said something: its time without a word starts again. */
  heard() {
    clearTimeout(this.bootTimer);
    this.bootTimer = setTimeout(
      () => this.fail(`no word from it in ${this.bootTimeoutMs / 1000} s`),
      this.bootTimeoutMs,
    );
  }

  /** After a failed boot: try again from the start. */
  retry() {
    if (this.state !== "failed") return;
    this.start(); // a waiting run is sent once the new worker is ready
  }

  /** Resolves to the run's result object, or null if a newer request superseded this one.
   * `foreign`: the program is not the reader's (a link's): if it turns out to be Python, the
   * worker that ran it is replaced before the reader's next program runs, so nothing it left
   * in the interpreter (a patched engine, a module of its own) reaches the reader's code. */
  run(source, mode, inputs = {}, { foreign = false } = {}) {
    this.settle(null);
    if (this.state === "failed") {
      return Promise.resolve(parse(errorResult("Python is not running, so edits can't run")));
    }
    if (this.tainted && !foreign) {
      this.tainted = false;
      this.restart("a fresh Python for your own program, after the link's");
    }
    return new Promise((resolve) => {
      const request = { id: this.nextId(), resolve, message: null, foreign };
      request.message = runMessage(request.id, source, mode, inputs);
      this.pending = request;
      if (this.state === "ready") this.send(request);
    });
  }

  /** One action on the live graph `graph` of the last run (engine.worker.playground.act). */
  act(graph, action, args = {}) {
    return this.ask((id) => actMessage(id, graph, action, args), actResult, "this can't run");
  }

  /** An exercise's checks on the learner's `code` (engine.exercise.run_checks). */
  check(code, setup, check) {
    return this.ask((id) => checkMessage(id, code, setup, check), checkResult, "checks can't run");
  }

  /** A request answered in its own reply (never superseded), `message(id)`, its answer read by
   * `read`: asked for before Python is ready, it waits (in order); held to the run limit. */
  ask(message, read, cannot) {
    if (this.state === "failed") {
      return Promise.resolve(parse(errorResult(`Python is not running, so ${cannot}`)));
    }
    return new Promise((resolve) => {
      const id = this.nextId();
      this.acting.set(id, { resolve, timer: null, read });
      const request = message(id);
      if (this.state === "ready") this.worker.postMessage(request);
      else this.queued.push(request);
    });
  }

  send(request) {
    this.worker.postMessage(request.message); // its time limit starts when Python starts it
  }

  /** Python began request `id` (after any warm-up): from now on its time limit runs. */
  begin(id) {
    if (this.pending?.id === id && !this.pending.timer) {
      const request = this.pending;
      request.timer = setTimeout(() => this.stopRun(request), this.runLimitMs);
    }
    const action = this.acting.get(id);
    if (action && !action.timer) {
      action.timer = setTimeout(() => {
        this.acting.delete(id);
        const seconds = +(this.runLimitMs / 1000).toFixed(1);
        action.resolve(parse(errorResult(`Stopped after ${seconds} s; run the program again.`)));
        this.restart(`an action took more than ${seconds} s`);
      }, this.runLimitMs);
    }
  }

  receive(data) {
    const message = checkEngineMessage(data);
    if (!message) {
      console.warn("Python's worker sent a message that is not in the protocol; dropped it");
      return;
    }
    if (message.type === STARTED) this.started = true;
    if (message.type === PROGRESS) {
      if (this.state === "booting") this.heard();
      this.dispatchEvent(new CustomEvent("progress", { detail: message }));
    } else if (message.type === DOWNLOAD) {
      if (this.state === "booting") this.heard();
      this.dispatchEvent(new CustomEvent("download", { detail: message }));
    } else if (message.type === READY) {
      clearTimeout(this.bootTimer);
      this.state = "ready";
      remember(this.bootedKey);
      this.dispatchEvent(new CustomEvent("ready", { detail: { ms: message.ms } }));
      if (this.pending) this.send(this.pending);
      for (const queued of this.queued.splice(0)) this.worker.postMessage(queued);
    } else if (message.type === FAILED) {
      if (this.state === "ready") this.crashed(message.message);
      else this.fail(message.message);
    } else if (message.type === STARTED) {
      this.begin(message.id);
    } else if (message.type === RESULT && this.pending?.id === message.id) {
      const result = reply(message.result, runResult);
      if (this.pending.foreign && result.language === "python") this.tainted = true;
      this.settle(result);
      this.checkHeap(message.heap);
    } else if ((message.type === ACTED || message.type === CHECKED) && this.acting.has(message.id)) {
      const { resolve, timer, read } = this.acting.get(message.id);
      clearTimeout(timer);
      this.acting.delete(message.id);
      resolve(reply(message.result, read));
      this.checkHeap(message.heap);
    } else if (message.type === SNAPSHOT && this.state === "ready") {
      this.store(message.snapshot);
    }
  }

  /** A fresh interpreter's memory, to store for the next boot: taken once per worker, and
   * only before its first request began (no program has run in it; protocol.js). */
  store(snapshot) {
    if (this.started || this.snapshotTaken) return;
    this.snapshotTaken = true;
    this.snapshots.save(snapshot).catch((error) => {
      console.warn(`Python: could not store a memory snapshot (${error.message ?? error})`);
    });
  }

  /** A worker holding more memory than the limit (a program's lists, a flood of Values) is
   * replaced once its answer is in: wasm memory never shrinks. */
  checkHeap(bytes) {
    if (bytes > this.heapLimit) {
      const mb = Math.round(bytes / 2 ** 20);
      this.restart(`Python held ${mb} MB after the last run; restarted to give it back`);
    }
  }

  /** The interpreter died under a request (or the worker itself did): a fresh one, and the
   * request in flight is answered with why. */
  crashed(reason) {
    const why = `${reason}. Python is restarting; edit to run again.`;
    this.settle(parse(errorResult(why, { stopped: true })));
    this.restart(reason);
  }

  settle(result) {
    if (!this.pending) return;
    clearTimeout(this.pending.timer);
    this.pending.resolve(result);
    this.pending = null;
  }

  /** The run limit passed: answer now, then replace the worker (it may be in `while True`). */
  stopRun(request) {
    if (this.pending !== request) return;
    const seconds = +(this.runLimitMs / 1000).toFixed(1);
    this.settle(parse(errorResult(`Stopped after ${seconds} s — an endless loop?`, { stopped: true })));
    this.restart(`a run took more than ${seconds} s`);
  }

  /** A dead or stuck interpreter: a fresh worker, spaced out if restarts come in a burst. */
  restart(reason) {
    this.worker?.terminate();
    for (const { resolve, timer } of this.acting.values()) {
      clearTimeout(timer);
      resolve(parse(errorResult("Python was restarted; run the program again")));
    }
    this.acting.clear();
    this.queued = [];
    clearTimeout(this.bootTimer);
    clearTimeout(this.restartTimer);
    const now = performance.now();
    this.restartTimes = this.restartTimes.filter((t) => now - t < BURST_WINDOW_MS);
    this.restartTimes.push(now);
    const extra = this.restartTimes.length - BURST;
    const delayMs = extra > 0 ? Math.min(1000 * 2 ** (extra - 1), MAX_BACKOFF_MS) : 0;
    this.state = "booting";
    this.dispatchEvent(new CustomEvent("restarting", { detail: { reason, delayMs } }));
    this.restartTimer = setTimeout(() => this.start(), delayMs);
  }

  fail(reason) {
    clearTimeout(this.bootTimer);
    this.worker?.terminate();
    this.state = "failed";
    this.settle(parse(errorResult(`Python is not running (${reason})`)));
    for (const { id } of this.queued.splice(0)) {
      this.acting.get(id)?.resolve(parse(errorResult(`Python is not running (${reason})`)));
      this.acting.delete(id);
    }
    this.dispatchEvent(new CustomEvent("failed", { detail: { message: reason } }));
  }
}

function absolute(url) {
  return new URL(url, document.baseURI).href;
}
