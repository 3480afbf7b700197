// micrograd's two-moons demo, trained in the worker (engine.worker.moons) one step per request, so a
// pause takes effect between two steps. The page shows what each step answers: a row of the
// "Training history" table, the loss and accuracy plots, and every few steps the decision
// boundary. The model's graph (tens of thousands of values a step) is never drawn.
import { boundaryPlot, linePlot } from "./plot.js";
import { tableRow } from "./table.js";
import { measure } from "../shared/timings.js";

const TRAIN = "Train on two moons";
const PAUSE = "Pause training";

export class Moons {
  /**
   * elements: {train, step, restart, say, boundary, loss, accuracy, table, history};
   * engine: {act}; say(text): the live region.
   */
  constructor(elements, { engine, say }) {
    this.el = elements;
    this.engine = engine;
    this.say = say;
    this.loop = 0; // bumped by every run and pause: an older loop stops at its next step
    this.running = false;
    this.inFlight = Promise.resolve();
    this.data = null; // {points, labels, steps, grid_every} once the worker has started
    this.rows = [];
    elements.train?.addEventListener("click", () => (this.running ? this.pause() : this.train()));
    elements.step?.addEventListener("click", () => this.train(1));
    elements.restart?.addEventListener("click", () => this.restart());
  }

  /** Train, one step per request, until the demo's last step, a pause, or `limit` steps. */
  async train(limit = Infinity) {
    const loop = ++this.loop;
    this.setRunning(limit > 1);
    await this.inFlight;
    if (!this.data && !(await this.begin())) {
      if (loop === this.loop) this.setRunning(false);
      return;
    }
    let done = false;
    for (let taken = 0; loop === this.loop && !done && taken < limit; ) {
      const started = performance.now();
      const result = await this.request({ steps: 1 });
      const answered = performance.now();
      if (!result.ok) {
        this.tell(result.error.message);
        break;
      }
      if (result.start) {
        this.started(result.start); // the worker restarted and forgot the model
        this.tell("Python restarted, so training starts over.");
        continue;
      }
      this.add(result);
      taken += 1;
      measure("moons-act", started, answered); // for bench/learn_bench.py: the round trip
      done = result.done;
    }
    if (loop !== this.loop) {
      if (!this.running) this.tell(`Training paused after step ${this.rows.length - 1}.`);
      return;
    }
    this.setRunning(false);
    const last = this.rows.at(-1);
    if (!last) return;
    const { step, loss_text: loss, accuracy_text: accuracy } = last;
    if (done) this.tell(`Trained ${this.rows.length} steps: loss ${loss}, accuracy ${accuracy}.`);
    else if (limit === 1) this.tell(`Step ${step}: loss ${loss}, accuracy ${accuracy}.`);
  }

  pause() {
    this.loop += 1;
    if (!this.running) return;
    this.setRunning(false);
    this.tell("Training paused."); // and, once the step under way has shown, after which step
  }

  /** A new model at step 0 (the worker's), the points and its first boundary. */
  async restart() {
    this.pause();
    await this.inFlight;
    this.data = null;
    if (await this.begin()) this.tell("A new model at step 0: press Train to train it.");
  }

  async begin() {
    const result = await this.request({ restart: true });
    if (!result.ok) {
      this.tell(result.error.message);
      return false;
    }
    this.started(result.start);
    return true;
  }

  request(args) {
    const answer = this.engine.act(0, "train", args);
    this.inFlight = answer.catch(() => null);
    return answer;
  }

  started(start) {
    this.data = start;
    this.rows = [];
    this.el.history?.tBodies[0].replaceChildren();
    if (this.el.table) this.el.table.hidden = true;
    for (const svg of [this.el.loss, this.el.accuracy]) svg?.toggleAttribute("hidden", true);
    this.boundary(start.grid);
  }

  /** One step's answer: its row, the plots, and a boundary when it came with one. */
  add(result) {
    const { history, table, loss, accuracy } = this.el;
    for (const row of result.history) {
      this.rows.push(row);
      history?.tBodies[0].append(
        tableRow([String(row.step), row.loss_text, row.accuracy_text, row.rate_text]),
      );
    }
    if (table) table.hidden = false;
    linePlot(
      loss,
      this.rows.map((r) => r.loss),
      {
        title: "Training loss",
        yLabel: "loss",
        describe: (first, last, n) => `Training loss: ${first} at step 0, ${last} at step ${n - 1}`,
      },
    );
    linePlot(
      accuracy,
      this.rows.map((r) => r.accuracy),
      {
        range: [0, 1],
        percent: true,
        title: "Accuracy",
        yLabel: "accuracy %",
        className: "accuracy-line",
        describe: (first, last, n) => `Accuracy: ${first} at step 0, ${last} at step ${n - 1}`,
      },
    );
    if (result.grid) this.boundary(result.grid);
    const last = this.rows.at(-1);
    if (last && this.el.say) {
      const { step, loss_text: lossText, accuracy_text: accuracyText } = last;
      this.el.say.textContent = `Step ${step}: loss ${lossText}, accuracy ${accuracyText}.`;
    }
  }

  boundary(grid) {
    const { points, labels } = this.data;
    const label =
      `Decision boundary after ${grid.step} step${grid.step === 1 ? "" : "s"}: the model's ` +
      `sign on a ${grid.x.length} by ${grid.y.length} grid, with the ${points.length} points`;
    const title = `Decision boundary, step ${grid.step}`;
    boundaryPlot(this.el.boundary, grid, points, labels, label, title);
  }

  setRunning(running) {
    this.running = running;
    if (this.el.train) this.el.train.textContent = running ? PAUSE : TRAIN;
  }

  tell(text) {
    if (this.el.say) this.el.say.textContent = text;
    this.say(text);
  }
}
