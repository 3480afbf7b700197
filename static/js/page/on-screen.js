// What is on screen, as permalinks, embeds and downloads reproduce it: the program, its mode,
// the step and the what-if values; the learning modes and descent's fields; the graph's
// record, DOT and SVG. The one place that knows where each of them is kept.

export class OnScreen {
  /**
   * editor: the Editor; results: the ResultView; modes: () => {practice, manual, descent},
   * the learning modes (made after this); graphChoice: the "Graph of" control.
   */
  constructor({ editor, results, modes, graphChoice = null }) {
    Object.assign(this, { editor, results, modes, graphChoice });
    this.graph = document.getElementById("graph");
  }

  /** Call `fn` when a learning mode is turned on or off, or descent's fields change (the
   * program and the step say so themselves). */
  onChange(fn) {
    for (const field of ["learning-rate", "descent-steps", "descent-param-list"]) {
      document.getElementById(field)?.addEventListener("change", () => fn());
    }
    const toggles = new MutationObserver(() => fn()); // a toggle's aria-pressed
    for (const id of ["forward-toggle", "practice-toggle", "manual-toggle"]) {
      const toggle = document.getElementById(id);
      if (toggle) toggles.observe(toggle, { attributeFilter: ["aria-pressed"] });
    }
  }

  /** The program, mode and step on screen. */
  program() {
    const { editor, results } = this;
    return {
      source: editor.source,
      mode: editor.mode,
      step: results.stepper?.position ?? 0,
      values: editor.inputs, // what-if values the learner set
      graph: this.graphChoice?.chosen() ?? null, // a Python program's "Graph of", if a choice
    };
  }

  /** The program with the learning modes and descent's fields, as a permalink keeps them. */
  withLearning() {
    const { practice, manual, descent } = this.modes();
    return {
      ...this.program(),
      forward: this.results.forward,
      practice: practice.active,
      manual: manual.active,
      rate: document.getElementById("learning-rate")?.value ?? "",
      steps: document.getElementById("descent-steps")?.value ?? "",
      params: descent.checkedNames(),
    };
  }

  /** The graph on screen, for downloads. */
  drawing() {
    const shown = this.results.result;
    return {
      ...this.program(),
      record: shown?.trace ?? null,
      dot: shown?.trace ? this.results.view.dotOf(shown.trace) : "",
      svg: this.graph.querySelector("svg"),
      background: getComputedStyle(this.graph).backgroundColor,
    };
  }
}
