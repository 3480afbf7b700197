// Practice: before each backward step the learner types the grad each input will have; the
// step (a recorded real call) then runs and the answers are checked against it, by the engine's
// rule (engine.worker.gradient_check.close) with the tolerance the server sends (its TOLERANCE). A hint
// shows the local rule with its numbers. Keyboard: Tab between the fields, Enter checks.

/** A number as the record writes one ("inf", "-inf", "nan" for the non-finite) or a learner
 * types one (also "Infinity"); null when the text is no number. */
export function readNumber(text) {
  if (typeof text === "number") return text;
  const t = String(text ?? "").trim().toLowerCase();
  const bare = t.replace(/^[+-]/, "");
  if (bare === "inf" || bare === "infinity") return t.startsWith("-") ? -Infinity : Infinity;
  if (bare === "nan") return NaN;
  const x = t === "" ? NaN : Number(t);
  return Number.isNaN(x) ? null : x;
}

/** engine.worker.gradient_check.close: equal (nan matches nan), or both finite and within `tolerance`
 * (relative, and absolute near 0). tests/js/learn/close_cases.py holds both to one table. */
export function close(a, b, tolerance) {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  const gap = Math.abs(a - b);
  return gap <= tolerance || gap <= tolerance * Math.max(Math.abs(a), Math.abs(b));
}

export class Practice {
  /**
   * elements: {toggle, panel, form, fields, hint, hintText, score};
   * current(): the Stepper on screen; tolerance: relative (and absolute near 0);
   * say(text): the live region.
   */
  constructor(elements, { current, tolerance, say }) {
    Object.assign(this, { el: elements, current, tolerance, say });
    this.active = false;
    this.right = 0;
    this.asked = 0;
    elements.toggle?.addEventListener("click", () => (this.active ? this.stop() : this.start()));
    elements.form?.addEventListener("submit", (event) => {
      event.preventDefault();
      this.check();
    });
    elements.hint?.addEventListener("click", () => this.hint());
  }

  start() {
    this.active = true;
    this.right = 0;
    this.asked = 0;
    this.el.panel.hidden = false;
    this.el.toggle.setAttribute("aria-pressed", "true");
    this.current()?.reset();
    this.ask();
  }

  stop() {
    this.active = false;
    this.el.panel.hidden = true;
    this.el.toggle.setAttribute("aria-pressed", "false");
  }

  /** The step about to run: one field per input whose grad it changes. */
  ask() {
    const stepper = this.current();
    if (!this.active || !stepper) return;
    let step = stepper.steps[stepper.position];
    while (step && step.kind !== "backward") {
      stepper.next(); // the seed step: nothing to predict
      step = stepper.steps[stepper.position];
    }
    this.el.hintText.textContent = "";
    if (!step) {
      this.el.fields.replaceChildren();
      this.el.score.textContent = `Done: ${this.right} of ${this.asked} right.`;
      this.say(this.el.score.textContent);
      return;
    }
    const names = new Map(stepper.trace.nodes.map((n) => [n.id, n.name]));
    const fields = step.changes.map((change, i) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "text";
      input.inputMode = "decimal";
      input.id = `practice-${i}`;
      input.dataset.node = change.node;
      label.htmlFor = input.id;
      label.textContent = `${names.get(change.node)}.grad after ${names.get(step.node)}._backward()`;
      const row = document.createElement("div");
      row.className = "practice-field";
      row.append(label, input);
      return row;
    });
    this.el.fields.replaceChildren(...fields);
    fields[0]?.querySelector("input").focus();
  }

  hint() {
    const stepper = this.current();
    const step = stepper?.steps[stepper.position];
    if (!step) return;
    const lines = step.lines?.length
      ? step.lines.map((l) => `${l.rule}   with ${l.numbers}`)
      : [step.code?.text ?? "This closure's rule is in the program's code."];
    this.el.hintText.textContent = lines.join("\n");
    this.say(`Hint: ${lines.join("; ")}`);
  }

  check() {
    const stepper = this.current();
    const step = stepper?.steps[stepper.position];
    if (!step) return;
    const names = new Map(stepper.trace.nodes.map((n) => [n.id, n.name]));
    const verdicts = [];
    for (const input of this.el.fields.querySelectorAll("input")) {
      const change = step.changes.find((c) => c.node === input.dataset.node);
      const guess = readNumber(input.value);
      const ok = guess !== null && close(guess, readNumber(change.after), this.tolerance);
      this.asked += 1;
      if (ok) this.right += 1;
      const name = names.get(change.node);
      verdicts.push(
        ok
          ? `Right: ${name}.grad = ${change.after_text}.`
          : `Not quite: ${name}.grad = ${change.after_text}${input.value.trim() ? ` (you said ${input.value.trim()})` : ""}.`,
      );
    }
    stepper.next(); // the recorded call runs on the graph
    this.el.score.textContent = `Score: ${this.right} of ${this.asked}.`;
    this.say(`${verdicts.join(" ")} ${this.el.score.textContent}`);
    this.ask();
  }
}
