// The result on screen: a run's record laid out in the graph view, its Stepper, and everything
// that describes the step on screen (status line, rule panel, node table, timeline). A newer
// result replaces it only once its graph is drawn; until then, or when it cannot be drawn, the
// old graph stays, dimmed and said to be the last program that ran.
import { Stepper } from "./stepper.js";
import { measureLast } from "../shared/timings.js";

export class ResultView extends EventTarget {
  /**
   * view: the GraphView; controls, rules, nodeTable: what describes the step; editor: shows
   * the record's named leaves as what-if fields; picture: an embed without controls (its first
   * view keeps the output in sight); missingLayout: the words for a layout that failed, if its
   * files are missing. Dispatches "step" after each step is shown.
   */
  constructor({ view, controls, rules, nodeTable, editor, picture, missingLayout = "" }) {
    super();
    Object.assign(this, { view, controls, rules, nodeTable, editor, picture, missingLayout });
    this.stepper = null; // the Stepper of the graph on screen
    this.result = null; // the run_json result on screen: its record (trace) and DOT
    this.forward = false; // the forward pass is on the timeline too
    this.showStep = this.showStep.bind(this);
    // A graph folded by its modules: a group opens or folds in place, at the same step, and a
    // step inside a folded box is said as that box's (graph/fold-screen.js, graph/folding.js).
    if (view.folds) view.folds.onChange = (open, keep) => this.refold(open, keep);
    controls.words = (step) => view.folds?.view?.stepWords(step) ?? null;
  }

  /** The graph on screen with the groups in `open` open, laid out again at the same step;
   * `keep`: the group whose place on screen stays. False if it was not shown. */
  async refold(open, keep = null) {
    const { stepper, result, view } = this;
    if (!stepper) return false;
    try {
      if (!(await view.show(result.trace, { open, keep }))) return false;
    } catch (error) {
      view.say(`The graph could not be drawn (${error.message}).`);
      return false;
    }
    view.update(stepper, null, { follow: false });
    this.nodeTable.show(stepper, null);
    this.dispatchEvent(new Event("refold"));
    return true;
  }

  /** The record's timeline, with one step per value of the forward pass first if asked. */
  timeline(trace) {
    if (!this.forward || trace.backward[0]?.kind === "forward") return trace;
    const forward = trace.forward.map((f) => ({
      kind: "forward",
      node: f.node,
      changes: [],
      say: f.explain,
    }));
    return { ...trace, backward: [...forward, ...trace.backward] };
  }

  /**
   * Lay out a run_json result (or use `laidOut`, the server's SVG of it) and show it at
   * `position`; with `keepLayout`, a record of the same graph only rewrites the numbers.
   * False if a newer one took over or it could not be drawn.
   */
  async show(result, position, { laidOut = null, keepLayout = false } = {}) {
    const { view, controls } = this;
    // The layout starts first: a big graph's runs in the layout worker while the Stepper is
    // made here (~50 ms at 20,000 values).
    const drawing = this.draw(result, { laidOut, keepLayout });
    const next = new Stepper(this.timeline(result.trace), { speed: controls.speed });
    next.goTo(position);
    try {
      if (!(await drawing)) return false;
    } catch (error) {
      const reason = this.missingLayout || error.message;
      const why = `The new graph could not be drawn (${reason}): showing the last program that ran.`;
      if (this.stepper) this.markStale(true, why);
      else view.say(why.replace(": showing the last program that ran", ""));
      return false;
    }
    const replacing = Boolean(this.stepper); // then the live region still tells of the old graph
    this.stepper?.pause();
    this.stepper = next;
    this.result = result;
    next.addEventListener("change", this.showStep);
    next.addEventListener("playing", (e) => controls.showPlaying(e.detail.playing));
    this.editor.showInputs(namedLeaves(result.trace), result.what_if);
    const started = performance.now();
    this.showStep(null);
    measureLast("first-step", started);
    if (replacing) controls.show(next); // the status line tells of the graph on screen
    return true;
  }

  /** The result's graph on screen: the server's SVG adopted, the numbers of the graph on
   * screen rewritten, or laid out anew. True once shown, false if a newer one took over. */
  async draw(result, { laidOut, keepLayout }) {
    const { view } = this;
    const { trace } = result;
    if (laidOut) return view.adopt(laidOut, trace);
    return (keepLayout && view.relabel(trace)) || view.show(trace);
  }

  /**
   * A run's result: its graph at the step on screen if it has the same shape (and `keepStep`),
   * else at the start (`laidOut`: the server's SVG of it, to adopt). A result without a graph
   * (an error, a stopped run) leaves the graph on screen dimmed. False if nothing new is shown.
   */
  async showRun(result, { keepStep = true, laidOut = null } = {}) {
    if (!result.trace) {
      const why = result.stopped
        ? "The program was stopped: showing the last program that ran."
        : "The program has an error: showing the last program that ran.";
      if (this.stepper) this.markStale(true, why);
      return false;
    }
    this.markStale(false);
    const position = keepStep && this.sameShape(result) ? this.stepper.position : 0;
    return this.show(result, position, { laidOut });
  }

  /** A record on screen at `position`, as the learning modes need. */
  showRecord(trace, position = 0, keepLayout = false) {
    const { inputs = {}, what_if: whatIf } = this.result ?? {};
    return this.show({ trace, inputs, what_if: whatIf }, position, { keepLayout });
  }

  showStep(event) {
    const { stepper } = this;
    // A picture's first view shows its output (initial()), not the last step's far end.
    this.view.update(stepper, event?.detail.dirty ?? null, {
      follow: Boolean(event) || !this.picture,
    });
    this.rules.show(stepper);
    this.nodeTable.show(stepper, event?.detail ?? null);
    this.controls.show(stepper, { announce: Boolean(event) });
    this.dispatchEvent(new Event("step"));
  }

  /** The "Forward pass" toggle: whether the timeline starts with the forward pass. */
  bindForwardToggle(button, say) {
    button?.setAttribute("aria-pressed", String(this.forward));
    button?.addEventListener("click", async () => {
      this.forward = !this.forward;
      button.setAttribute("aria-pressed", String(this.forward));
      if (this.result) await this.show(this.result, 0);
      say(this.forward ? "The timeline starts with the forward pass." : "Backward pass only.");
    });
  }

  /** Does `result` draw the same graph as the one on screen (so the step can stay)? */
  sameShape(result) {
    const a = this.stepper?.trace;
    const b = this.timeline(result.trace);
    return Boolean(a) && a.nodes.length === b.nodes.length && a.backward.length === b.backward.length;
  }

  /** The graph on screen no longer belongs to the program in the editor (or does again). */
  markStale(stale, why = "") {
    const graph = this.view.container;
    graph.classList.toggle("stale", stale);
    if (stale) this.view.say(why);
    else if (graph.dataset.stale === "true") this.view.say("");
    graph.dataset.stale = String(stale);
  }
}

/** name → data of every leaf the learner named (the record's `named_leaves`): what the
 * What-if fields offer. */
function namedLeaves(trace) {
  const byId = new Map(trace.nodes.map((n) => [n.id, n]));
  const leaves = trace.named_leaves.map((id) => byId.get(id)).filter(Boolean); // ids it drew only
  return Object.fromEntries(leaves.map((n) => [n.label, n.data]));
}
