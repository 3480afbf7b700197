// Gradient descent on the graph on screen, one step per request to the worker: each step runs
// forward, zero_grad, backward and `p.data -= rate * p.grad` there (engine.worker.session.descend),
// and the page adds its loss to the "Loss history" table and the plot, and shows the round's
// data and grads on the graph (same layout). "Run descent" runs the chosen number of steps and
// turns into "Pause descent" while it runs; a pause takes effect between two steps.
import { linePlot } from "./plot.js";
import { tableRow } from "./table.js";
import { measure } from "../shared/timings.js";

const RUN = "Run descent";
const PAUSE = "Pause descent";

export class Descent {
  /**
   * elements: {rate, steps, run, step, params, paramList, say, plot, history};
   * engine: {act}; graph(): the graph on screen; show(record): puts a round's record on
   * screen, layout kept; say(text): the live region.
   */
  /** chosen: the names of the leaves to descend on when the page opened (a permalink's
   * `params`; empty: every named leaf). */
  constructor(elements, { engine, graph, show, say, chosen = [] }) {
    this.el = elements;
    this.initialNames = new Set(chosen);
    this.engine = engine;
    this.graph = graph;
    this.show = show;
    this.say = say;
    this.generation = 0; // bumped by every new graph: answers about an older one are dropped
    this.running = false;
    this.loop = 0; // bumped by every run and pause: an older loop stops at its next step
    this.inFlight = Promise.resolve();
    this.clear();
    elements.run?.addEventListener("click", () => (this.running ? this.pause() : this.run()));
    elements.step?.addEventListener("click", () => this.single());
    elements.params?.addEventListener("toggle", () => {
      if (elements.params.open) this.parameters();
    });
  }

  /** A new program is on screen: what was shown belongs to the old one. */
  clear() {
    this.generation += 1;
    this.pause(false);
    this.losses = [];
    this.remaining = 0; // steps left of a paused run
    this.names = null; // id → name of the parameters on offer, once asked for
    const { history, plot, say, paramList } = this.el;
    history?.tBodies[0].replaceChildren();
    if (history) history.hidden = true;
    plot?.toggleAttribute("hidden", true); // an <svg> has no `hidden` property
    if (say) say.textContent = "";
    paramList?.replaceChildren();
  }

  /** The parameters on offer (every named leaf, engine.worker.session), as checkboxes, all checked. */
  async parameters() {
    if (this.names) return this.names;
    const generation = this.generation;
    let waiting = "";
    const wait = (text) => this.tell((waiting = text));
    const result = await this.engine.act(this.graph(), "parameters", {}, wait);
    if (generation !== this.generation) return null;
    if (!result.ok) {
      this.tell(result.error.message);
      return null;
    }
    // Python is ready now: "waiting for Python" is no longer true.
    if (waiting && this.el.say?.textContent === waiting) this.el.say.textContent = "";
    if (this.names) return this.names; // asked twice while waiting
    this.names = result.names;
    this.el.paramList?.replaceChildren(
      ...result.parameters.map((id) => {
        const label = document.createElement("label");
        const box = document.createElement("input");
        box.type = "checkbox";
        box.value = id;
        box.checked = this.initialNames.size === 0 || this.initialNames.has(result.names[id]);
        label.append(box, ` ${result.names[id]}`);
        return label;
      }),
    );
    return this.names;
  }

  /** The names of the checked parameters, for a permalink: [] when every one is checked (the
   * default); the page's initial choice while the list has not been asked for. */
  checkedNames() {
    const boxes = [...(this.el.paramList?.querySelectorAll("input[type=checkbox]") ?? [])];
    if (!this.names || boxes.length === 0) return [...this.initialNames];
    if (boxes.every((b) => b.checked)) return [];
    return boxes.filter((b) => b.checked).map((b) => this.names[b.value]);
  }

  /** The ids of the checked parameters (null and a message if there are none). */
  async chosen() {
    if (!(await this.parameters())) return null;
    const boxes = [...(this.el.paramList?.querySelectorAll("input[type=checkbox]") ?? [])];
    const ids = boxes.filter((b) => b.checked).map((b) => b.value);
    if (ids.length === 0) {
      this.tell("Choose at least one parameter to descend on.");
      return null;
    }
    return ids;
  }

  /** The learning rate and step count from the fields, or null and a message. */
  fields() {
    const rate = this.el.rate.valueAsNumber;
    const steps = this.el.steps.valueAsNumber;
    if (!Number.isFinite(rate) || !Number.isInteger(steps) || steps < 1) {
      this.tell("Give a learning rate (a number) and a whole number of steps.");
      return null;
    }
    return { rate, steps };
  }

  /** Run the chosen number of steps (or the rest of a paused run), one request per step. */
  async run() {
    const fields = this.fields();
    if (!fields) return;
    const [generation, loop] = [this.generation, ++this.loop];
    this.setRunning(true);
    await this.inFlight; // a step still answering from before a pause
    const params = await this.chosen();
    const current = () => loop === this.loop && generation === this.generation;
    if (!params || !current()) {
      if (current()) this.setRunning(false);
      return;
    }
    if (this.remaining === 0) this.remaining = fields.steps;
    const [total, from] = [this.remaining, this.losses.length];
    let done = 0;
    let failed = false;
    while (this.remaining > 0 && current()) {
      failed = !(await this.once(fields.rate, params, generation));
      if (failed) break;
      this.remaining -= 1;
      done += 1;
    }
    if (generation !== this.generation) return;
    if (loop !== this.loop) {
      // Paused (or a single step asked for): unless a new run has begun, say where it stopped.
      if (!this.running) this.tell(`Paused after ${done} of ${total} steps; ${RUN} goes on.`);
      return;
    }
    this.remaining = 0;
    this.setRunning(false);
    if (failed || done === 0) return;
    const rows = this.el.history.tBodies[0].rows;
    const [first, last] = [rows[from], rows[from + done - 1]].map((r) => r.cells[1].textContent);
    this.tell(
      `${done} step${done === 1 ? "" : "s"} of descent with rate ${fields.rate}: ` +
        `the loss went from ${first} to ${last}; ${this.updated}.`,
    );
  }

  /** Stop between two steps (the one in the worker now still shows). */
  pause(announce = true) {
    this.loop += 1; // the running loop stops before its next request
    if (!this.running) return;
    this.setRunning(false);
    if (announce) this.say("Descent paused.");
  }

  /** One step, running or not; a running descent pauses first. */
  async single() {
    const fields = this.fields();
    if (!fields) return;
    this.pause(false);
    const generation = this.generation;
    await this.inFlight;
    const params = await this.chosen();
    if (!params || generation !== this.generation) return;
    if (await this.once(fields.rate, params, generation)) {
      const step = this.losses.length - 1;
      const row = this.el.history.tBodies[0].rows[step];
      this.tell(`Descent step ${step}: the loss was ${row.cells[1].textContent}; ${this.updated}.`);
    }
  }

  /** One request: forward, zero_grad, backward, update, in the worker; false if it failed. */
  async once(rate, params, generation) {
    const started = performance.now();
    const request = this.engine.act(this.graph(), "descend", { params, rate, steps: 1 });
    this.inFlight = request.catch(() => null);
    const result = await request;
    const answered = performance.now();
    if (generation !== this.generation) return false;
    if (!result.ok) {
      this.tell(result.error.message);
      return false;
    }
    const { history, plot } = this.el;
    const rows = result.history.map((h) => {
      this.losses.push(h.loss);
      return tableRow([String(this.losses.length - 1), h.loss_text]);
    });
    history.tBodies[0].append(...rows);
    history.hidden = false;
    linePlot(plot, this.losses, {
      title: "Loss by descent step",
      yLabel: "loss",
      describe: (first, last, n) =>
        `Loss by step: from ${first} at step 0 to ${last} at step ${n - 1}`,
    });
    // The graph shows the parameters after the update, and the loss there (engine.worker.session).
    const now = Object.entries(result.parameter_texts)
      .map(([id, text]) => `${this.names?.[id] ?? id} is now ${text}`)
      .join(", ");
    this.updated = `${now}, where the loss is ${result.loss_text} (on the graph)`;
    await this.show(result.record);
    // For bench/learn_bench.py: the request's round trip, and until the graph showed the round.
    measure("descent-act", started, answered);
    measure("descent-shown", started);
    return true;
  }

  setRunning(running) {
    this.running = running;
    if (this.el.run) this.el.run.textContent = running ? PAUSE : RUN;
  }

  tell(text) {
    if (this.el.say) this.el.say.textContent = text;
    this.say(text);
  }
}
