// When Python starts, and what the page says meanwhile. The engine worker boots after the first
// graph is up (or at once when the server drew it), or, for an embed that is a picture, only
// once the reader turns to the editor. A Python program in the first paint waits for it.
// While it downloads, the page says how much has come ("3.1 of 4.7 MB"): the boot-status line,
// and any panel whose click waits for Python (`waitingText`).
import { DownloadEstimate } from "./download-estimate.js";

export class PythonStart {
  /**
   * engine: the EngineClient; status: the BootStatus line; say: the graph's notice; editor:
   * its pending edit is sent once Python is ready; picture: start on demand; missing: the
   * words when the vendored files are not there ("" when they are); waiting: the first
   * program is Python and waits for the worker; bytes: the server's {served, decoded} totals
   * of Python's files (app/python_bytes.py), or null.
   */
  constructor({ engine, status, say, editor, picture, missing, waiting, bytes = null }) {
    Object.assign(this, { engine, status, say, editor, picture, missing, waiting });
    this.download = new DownloadEstimate(bytes);
    this.stage = null; // the last progress message
    const tell = () => {
      status.progress(this.stage, this.download.text());
      if (!this.waiting) return;
      const { stage, of, text } = this.stage;
      say(`This program is Python: it runs once Python has started (${stage + 1}/${of}: ${text})`);
    };
    engine.addEventListener("progress", (e) => {
      this.stage = e.detail;
      tell();
    });
    engine.addEventListener("download", (e) => {
      this.download.add(e.detail.received, performance.now());
      if (this.stage) tell();
    });
    engine.addEventListener("ready", (e) => status.ready(e.detail.ms));
    engine.addEventListener("restarting", (e) => status.restarting(e.detail));
    engine.addEventListener("failed", (e) => status.failed(e.detail.message));
    // Without Python's files (no worker source) a retry fails the same way, with the same words.
    status.onRetry(() => (this.missing ? engine.fail(this.missing) : engine.retry()));
    this.start = this.start.bind(this);
  }

  /** A run came back: "it runs once Python has started" is over, whatever the run drew. */
  ran() {
    if (this.waiting) this.say("");
    this.waiting = false;
  }

  /** Start Python now (if it has not started). */
  start() {
    if (this.engine.state !== "stopped") return;
    this.status.starting();
    if (this.missing) this.engine.fail(this.missing);
    else this.engine.start();
    if (this.waiting) this.editor.now(); // sent as soon as the worker is ready
  }

  /** Start Python now, or (an embed that is a picture) once the reader turns to `panel`. */
  soon(panel) {
    if (!this.picture) {
      this.start();
      return;
    }
    this.status.onDemand();
    for (const type of ["focusin", "pointerdown"]) {
      panel?.addEventListener(type, this.start, { once: true });
    }
  }

  /** What a click that waits for Python says meanwhile: "waiting for Python — 3.1 of 4.7 MB". */
  waitingText() {
    const bytes = this.download.text();
    return `Queued, waiting for Python${bytes ? ` — ${bytes}` : " to start"}; it runs once Python is ready.`;
  }

  /** Run `fn` once Python is ready (now, if it is). */
  whenReady(fn) {
    if (this.engine.state === "ready") fn();
    else this.engine.addEventListener("ready", () => fn(), { once: true });
  }

  /** Run `fn` once, when Python's boot has ended: ready, or failed (now, if it has). */
  afterBoot(fn) {
    if (["ready", "failed"].includes(this.engine.state)) {
      fn();
      return;
    }
    const once = () => {
      for (const type of ["ready", "failed"]) this.engine.removeEventListener(type, once);
      fn();
    };
    for (const type of ["ready", "failed"]) this.engine.addEventListener(type, once);
  }
}
