// "Check gradients" on the graph on screen, in the worker: every leaf against a central finite
// difference. Every number comes from engine.worker.session; this module only shows them. Text goes in
// through textContent. (Gradient descent is descent.js.)
import { tableRow } from "./table.js";

export class Learn {
  /**
   * elements: {check, checkSay, checkTable}; engine: the EngineClient; graph(): index of
   * the graph on screen under "Graph of"; say(text): the live region.
   */
  constructor(elements, { engine, graph, say }) {
    this.el = elements;
    this.engine = engine;
    this.graph = graph;
    this.say = say;
    elements.check?.addEventListener("click", () => this.check());
  }

  /** A new program is on screen: what was shown belongs to the old one. */
  clear() {
    const { checkTable, checkSay } = this.el;
    if (checkTable) checkTable.hidden = true;
    if (checkSay) checkSay.textContent = "";
    markNodes({}, true);
  }

  async check() {
    const wait = (text) => this.tell(this.el.checkSay, text);
    const result = await this.engine.act(this.graph(), "check", {}, wait);
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

  tell(element, text) {
    if (element) element.textContent = text;
    this.say(text);
  }
}

function relative(x) {
  return typeof x === "number" ? x.toExponential(1) : String(x);
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
