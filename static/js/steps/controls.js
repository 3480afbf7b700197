// The stepping controls (Reset, Previous, Play/Pause, Next, the timeline, speed) and the
// status line that says each step in words. They act on whichever Stepper is current.

export class StepControls {
  /** elements: {reset, prev, play, next, timeline, stepCount, speed, status}; any may be null. */
  constructor(elements, current) {
    this.el = elements;
    this.current = current; // () => the current Stepper, or null
    this.words = null; // (step) => its words when the graph says it otherwise (a folded box), or null
    // A click before the first graph is on screen is kept (the last one) and done when it is.
    this.queued = null;
    const act = (action) => () => {
      const stepper = this.current();
      if (!stepper) {
        this.queued = action;
        return;
      }
      stepper.pause();
      action(stepper);
    };
    elements.reset?.addEventListener("click", act((s) => s.reset()));
    elements.prev?.addEventListener("click", act((s) => s.prev()));
    elements.next?.addEventListener("click", act((s) => s.next()));
    elements.play?.addEventListener("click", () => this.current()?.toggle());
    elements.timeline?.addEventListener("input", act((s) => s.goTo(elements.timeline.value)));
    elements.speed?.addEventListener("change", () => this.current()?.setSpeed(this.speed));
  }

  /** Milliseconds per step, as chosen (the server's speed if there is no speed control). */
  get speed() {
    const ms = Number(this.el.speed?.value);
    return Number.isFinite(ms) && ms > 0 ? ms : this.defaultSpeed;
  }

  /** The server's speed (initial data): selected, and used when there is no control. */
  set speed(ms) {
    this.defaultSpeed = ms;
    const select = this.el.speed;
    if (select && [...select.options].some((o) => Number(o.value) === ms)) select.value = String(ms);
  }

  /** Show where the stepper is; `announce`: also say it in the live region. */
  show(stepper, { announce = true } = {}) {
    if (this.queued && stepper === this.current()) {
      const action = this.queued;
      this.queued = null;
      action(stepper); // shows it, through here again
      return;
    }
    const { position, length, step } = stepper;
    const { timeline, stepCount, status } = this.el;
    if (timeline) {
      timeline.max = String(length);
      timeline.value = String(position);
      timeline.setAttribute("aria-valuetext", `Step ${position} of ${length}`);
    }
    if (stepCount) setText(stepCount, `${position} / ${length}`);
    this.showPlaying(stepper.playing);
    if (announce && status) {
      const words = step ? (this.words?.(step) ?? step.say) : "before the backward pass: every grad has its starting value.";
      setText(status, `Step ${position} of ${length}: ${words}`);
    }
  }

  showPlaying(playing) {
    const button = this.el.play;
    if (!button) return;
    button.setAttribute("aria-pressed", String(playing));
    button.textContent = playing ? "Pause" : "Play";
  }

  say(text) {
    if (this.el.status) this.el.status.textContent = text;
  }
}

/** Rewrite an element's one Text node in place (a new Text node costs the frame its layout
 * objects); the live region still announces the change. */
function setText(element, text) {
  const node = element.firstChild;
  if (node?.nodeType === Node.TEXT_NODE && !node.nextSibling) {
    if (node.data !== text) node.data = text;
  } else element.textContent = text;
}
