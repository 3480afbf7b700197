// p#boot-status: how far Python has got, in words, and its data-state (idle, booting, ready,
// failed). Timings for tests and benchmarks are performance entries: marks "worker-ready" and
// "worker-failed", and the measure "worker-boot" (the worker's own figure, ending when ready).
import { measure } from "../shared/timings.js";

export class BootStatus {
  constructor(element) {
    this.element = element;
    this.waiting = false; // an edit is waiting for Python
    this.restart = null; // why Python is restarting: said until it is ready again
  }

  set(text, state) {
    if (!this.element) return;
    this.element.textContent = text;
    this.element.title = text; // the line never wraps (no layout shift): a long text is cut short
    this.element.dataset.state = state;
  }

  starting() {
    this.set("Starting Python in the background; the graph already steps.", "booting");
  }

  onDemand() {
    this.set("Python starts when you edit the program.", "idle");
  }

  /** `bytes`: how much of Python's download has come ("3.1 of 4.7 MB, about 12 s left"). */
  progress({ stage, of, text }, bytes = "") {
    if (this.restart) {
      this.set(this.restart, "booting"); // its progress is quick (cached files): keep saying why
      return;
    }
    const wait = this.waiting ? " Your edit will run as soon as it is ready." : "";
    const got = bytes && stage === 0 ? ` (${bytes})` : "";
    this.set(`Starting Python (${stage + 1}/${of}): ${text}${got}…${wait}`, "booting");
  }

  editWaiting() {
    this.waiting = true;
    if (this.element?.dataset.state === "booting") {
      this.set("Python is still starting; your edit will run as soon as it is ready.", "booting");
    }
  }

  ready(ms) {
    this.restart = null;
    const seconds = (ms / 1000).toFixed(1);
    this.set(`Python ready in ${seconds} s: edits run live.`, "ready");
    const now = performance.now();
    performance.mark("worker-ready", { startTime: now });
    measure("worker-boot", Math.max(0, now - ms), now);
  }

  /** The worker was replaced (a run over the limit, or a dead interpreter). */
  restarting({ reason, delayMs }) {
    const when = delayMs ? ` in ${(delayMs / 1000).toFixed(0)} s` : "";
    this.restart = `Restarting Python${when} (${reason}); your program and graph stay.`;
    this.set(this.restart, "booting");
  }

  /** `retry` is called when the learner asks to try starting Python again. */
  onRetry(retry) {
    this.retry = retry;
  }

  failed(message) {
    this.restart = null;
    this.set(`Python didn't start; stepping still works, edits wait for it. (${message}) `, "failed");
    if (this.retry && this.element) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Retry";
      button.addEventListener("click", () => {
        this.set("Starting Python again…", "booting");
        this.retry();
      });
      this.element.append(button);
    }
    performance.mark("worker-failed");
  }
}
