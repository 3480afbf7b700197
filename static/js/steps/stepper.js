// Where the learner is in a trace's backward pass, and the grads at that point. No DOM.
//
// Position 0: nothing has run (every node shows its starting `grad`). Position k (1 ≤ k ≤ N,
// N = trace.backward.length): steps 0 … k-1 have run, so backward[k-1] is the step just shown.
// Moving forward applies each change's `after`; moving back applies `before` in reverse
// (docs/trace-format.md, "To show the state after step k").

const NONFINITE = new Set(["inf", "-inf", "nan"]);

export function isNonfinite(value) {
  return typeof value === "string" && NONFINITE.has(value);
}

export class Stepper extends EventTarget {
  /**
   * Events: "change" {position, previous, dirty: Set of node ids whose grad moved},
   * "playing" {playing}.
   */
  /** speed: ms per step when playing, the server's (initial data; no default of its own). */
  constructor(trace, { speed } = {}) {
    super();
    this.trace = trace;
    this.steps = trace.backward;
    this.position = 0;
    this.speed = speed;
    this.timer = null;
    this.grads = new Map(trace.nodes.map((n) => [n.id, { value: n.grad, text: n.grad_text }]));
    // With the forward pass on the timeline, a node's data is shown once its step has run.
    this.forwardAt = new Map();
    this.steps.forEach((step, i) => {
      if (step.kind === "forward") this.forwardAt.set(step.node, i);
    });
    this.dataTexts = new Map(trace.nodes.map((n) => [n.id, n.data_text]));
    this.badData = new Set(trace.nodes.filter((n) => isNonfinite(n.data)).map((n) => n.id));
    // The step index at which each accumulating node gets its second contribution.
    this.accumulatesAt = new Map();
    this.steps.forEach((step, i) => {
      for (const change of step.changes) {
        if (change.contributions >= 2 && !this.accumulatesAt.has(change.node)) {
          this.accumulatesAt.set(change.node, i);
        }
      }
    });
  }

  get length() {
    return this.steps.length;
  }

  /** The step shown at this position (null before the first). */
  get step() {
    return this.position > 0 ? this.steps[this.position - 1] : null;
  }

  get atEnd() {
    return this.position === this.length;
  }

  grad(id) {
    return this.grads.get(id);
  }

  /** Has the record's backward step `index` (its `index`: 0 the seed, then 1, 2, …) run by
   * now? With the forward pass on the timeline, its steps come first. */
  ran(index) {
    return this.position > this.forwardAt.size + index;
  }

  get hasForward() {
    return this.forwardAt.size > 0;
  }

  /** The data text shown at this position: "?" until the node's forward step has run. */
  dataText(id) {
    const at = this.forwardAt.get(id);
    return at === undefined || this.position > at ? this.dataTexts.get(id) : "?";
  }

  /** Ids whose grad the step just shown changed. */
  changed() {
    const step = this.step;
    if (!step) return [];
    return step.changes.filter((c) => c.before !== c.after).map((c) => c.node);
  }

  /** Has this node received two or more contributions by now? */
  accumulated(id) {
    const at = this.accumulatesAt.get(id);
    return at !== undefined && this.position > at;
  }

  nonfinite(id) {
    return this.badData.has(id) || isNonfinite(this.grads.get(id).value);
  }

  goTo(target) {
    const to = Math.max(0, Math.min(this.length, Math.trunc(Number(target)) || 0));
    const previous = this.position;
    const dirty = new Set();
    for (; this.position < to; this.position++) {
      for (const c of this.steps[this.position].changes) {
        this.grads.set(c.node, { value: c.after, text: c.after_text });
        dirty.add(c.node);
      }
    }
    for (; this.position > to; this.position--) {
      const changes = this.steps[this.position - 1].changes;
      for (let i = changes.length - 1; i >= 0; i--) {
        const c = changes[i];
        this.grads.set(c.node, { value: c.before, text: c.before_text });
        dirty.add(c.node);
      }
    }
    this.dispatchEvent(new CustomEvent("change", { detail: { position: to, previous, dirty } }));
    if (this.atEnd) this.pause();
  }

  next() {
    this.goTo(this.position + 1);
  }

  prev() {
    this.goTo(this.position - 1);
  }

  reset() {
    this.goTo(0);
  }

  end() {
    this.goTo(this.length);
  }

  get playing() {
    return this.timer !== null;
  }

  /** Play from here (from the start if at the end): one step now, then one every `speed` ms. */
  play() {
    if (this.playing || this.length === 0) return;
    if (this.atEnd) this.goTo(0);
    this.timer = 0; // playing, before the first tick is scheduled
    this.dispatchEvent(new CustomEvent("playing", { detail: { playing: true } }));
    this.tick();
  }

  tick() {
    this.next();
    if (this.playing) this.timer = setTimeout(() => this.tick(), this.speed);
  }

  pause() {
    if (!this.playing) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.dispatchEvent(new CustomEvent("playing", { detail: { playing: false } }));
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  setSpeed(ms) {
    if (Number.isFinite(ms) && ms > 0) this.speed = ms;
  }
}
