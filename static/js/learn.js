// Acting on the graph on screen, in the worker: "Check gradients" (every leaf against a
// central finite difference) and gradient descent with its loss history. Every number comes
// from engine.session; this module only shows them. Text goes in through textContent.

const SVG_NS = "http://www.w3.org/2000/svg";

export class Learn {
  /**
   * elements: {check, checkSay, checkTable, rate, steps, run, descentSay, plot, history};
   * engine: the EngineClient; graph(): index of the graph on screen under "Graph of";
   * show(record, dot): puts a record on screen; say(text): the live region.
   */
  constructor(elements, { engine, graph, show, say }) {
    this.el = elements;
    this.engine = engine;
    this.graph = graph;
    this.show = show;
    this.say = say;
    elements.check?.addEventListener("click", () => this.check());
    elements.run?.addEventListener("click", () => this.descend());
  }

  /** A new program is on screen: what was shown belongs to the old one. */
  clear() {
    const { checkTable, checkSay, history, plot, descentSay } = this.el;
    if (checkTable) checkTable.hidden = true;
    if (history) history.hidden = true;
    plot?.toggleAttribute("hidden", true); // an <svg> has no `hidden` property
    for (const p of [checkSay, descentSay]) if (p) p.textContent = "";
    this.losses = [];
    markNodes({}, true);
  }

  async check() {
    const result = await this.engine.act(this.graph(), "check");
    if (!result.ok) {
      this.tell(this.el.checkSay, result.error.message);
      return;
    }
    const body = this.el.checkTable.tBodies[0];
    body.replaceChildren(
      ...result.rows.map((row) =>
        tableRow([
          row.name,
          row.autograd_text,
          row.numeric_text,
          relative(row.relative_error),
          row.ok ? (row.kink ? "✓ (a kink)" : "✓") : "✗ mismatch",
        ], row.ok ? "" : "mismatch"),
      ),
    );
    this.el.checkTable.hidden = false;
    markNodes(Object.fromEntries(result.rows.map((r) => [r.node, r.ok ? "grad-ok" : "grad-bad"])));
    this.tell(this.el.checkSay, result.say);
  }

  async descend() {
    const rate = this.el.rate.valueAsNumber;
    const steps = this.el.steps.valueAsNumber;
    if (!Number.isFinite(rate) || !Number.isInteger(steps) || steps < 1) {
      this.tell(this.el.descentSay, "Give a learning rate (a number) and a whole number of steps.");
      return;
    }
    this.el.run.disabled = true;
    try {
      const result = await this.engine.act(this.graph(), "descend", { rate, steps });
      if (!result.ok) {
        this.tell(this.el.descentSay, result.error.message);
        return;
      }
      const start = this.losses?.length ?? 0;
      this.losses = [...(this.losses ?? []), ...result.history.map((h) => h.loss)];
      const body = this.el.history.tBodies[0];
      body.append(...result.history.map((h) => tableRow([String(start + h.step), h.loss_text])));
      this.el.history.hidden = false;
      this.plot();
      await this.show(result.record, result.dot);
      const last = result.history.at(-1);
      this.tell(
        this.el.descentSay,
        `${steps} step${steps === 1 ? "" : "s"} of descent with rate ${rate}: ` +
          `the loss went from ${result.history[0].loss_text} to ${last.loss_text}.`,
      );
    } finally {
      this.el.run.disabled = false;
    }
  }

  /** The loss by step as a polyline; its numbers are in the "Loss history" table. */
  plot() {
    const svg = this.el.plot;
    const values = this.losses.map(Number).filter(Number.isFinite);
    if (!svg || values.length === 0) return;
    const [w, h, pad] = [300, 120, 8];
    const top = Math.max(...values);
    const bottom = Math.min(0, ...values);
    const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(1, values.length - 1);
    const y = (v) => h - pad - ((v - bottom) * (h - 2 * pad)) / (top - bottom || 1);
    const line = document.createElementNS(SVG_NS, "polyline");
    line.setAttribute("points", values.map((v, i) => `${x(i)},${y(v)}`).join(" "));
    line.setAttribute("class", "loss-line");
    const axis = document.createElementNS(SVG_NS, "line");
    Object.entries({ x1: pad, y1: y(bottom), x2: w - pad, y2: y(bottom) }).forEach(([k, v]) =>
      axis.setAttribute(k, String(v)),
    );
    axis.setAttribute("class", "loss-axis");
    svg.replaceChildren(axis, line);
    svg.setAttribute(
      "aria-label",
      `Loss by step: from ${values[0]} at step 0 to ${values.at(-1)} at step ${values.length - 1}`,
    );
    svg.toggleAttribute("hidden", false);
  }

  tell(element, text) {
    if (element) element.textContent = text;
    this.say(text);
  }
}

function relative(x) {
  return typeof x === "number" ? x.toExponential(1) : String(x);
}

function tableRow(cells, className = "") {
  const tr = document.createElement("tr");
  if (className) tr.className = className;
  cells.forEach((text, i) => {
    const cell = document.createElement(i === 0 ? "th" : "td");
    if (i === 0) cell.scope = "row";
    cell.textContent = text;
    tr.append(cell);
  });
  return tr;
}

/** Mark nodes of the graph on screen: id → class; `clear` removes every such mark. */
export function markNodes(marks, clear = false) {
  const classes = ["grad-ok", "grad-bad"];
  for (const g of document.querySelectorAll("#graph svg g.node")) {
    if (clear || classes.some((c) => g.classList.contains(c))) g.classList.remove(...classes);
  }
  for (const [id, cls] of Object.entries(marks)) {
    document.querySelector(`#graph svg g[id="${CSS.escape(id)}"]`)?.classList.add(cls);
  }
}
