// What an embedded exercise tells the page around it (a course site, an LMS wrapper), so it can
// record progress: window.parent.postMessage of plain objects (docs/exercises.md lists them).
//   {source: "autograd-playground", version: 1, type: "ready",    exercise}
//   {..., type: "run",      exercise, ok, error}        each run of the learner's code
//   {..., type: "check",    exercise, passed, total, failed, messages}
//   {..., type: "complete", exercise, total}            the first passing check on this page
// Sent to any origin ("*"): the embed cannot know its host's, and nothing in them is secret
// (no code, only what the checks said). Never sent when the page is not in a frame.

export const SOURCE = "autograd-playground";
export const VERSION = 1;
const MAX_MESSAGES = 20; // a check block's failures, as sent

export class HostMessages {
  /** target: the window to tell (window.parent), or null outside a frame. */
  constructor(exercise, target) {
    this.exercise = exercise;
    this.target = target;
    this.completed = false;
  }

  static forPage(exercise, win = window) {
    return new HostMessages(exercise, win.parent && win.parent !== win ? win.parent : null);
  }

  post(type, fields = {}) {
    if (!this.target) return null;
    const message = { source: SOURCE, version: VERSION, type, exercise: this.exercise, ...fields };
    this.target.postMessage(message, "*");
    return message;
  }

  ready() {
    return this.post("ready");
  }

  ran(result) {
    const error = result?.error?.message ?? null;
    return this.post("run", { ok: !error, error: error === null ? null : String(error) });
  }

  /** A check's summary (check-view.js summarize); its first pass also says "complete". */
  checked({ passed, total, failed, messages }) {
    const sent = this.post("check", { passed, total, failed, messages: messages.slice(0, MAX_MESSAGES) });
    if (passed && !this.completed) {
      this.completed = true;
      this.post("complete", { total });
    }
    return sent;
  }
}
