// The "Node table" button and table: one row per value of the graph on screen (label, op,
// data, grad, inputs), in step with the timeline. Built when opened; a step rewrites only the
// cells of the nodes it changed. Text only, through textContent (labels are user text).

export class NodeTable {
  /** button: "Node table" (aria-expanded); panel: the section to show; table: table#node-table. */
  constructor({ button, panel, table }) {
    this.button = button;
    this.panel = panel;
    this.body = table?.tBodies[0] ?? null;
    this.stepper = null; // the Stepper on screen
    this.builtFor = null; // the Stepper whose rows are in the table
    this.cells = new Map(); // node id → {data, grad} <td>s
    button?.setAttribute("aria-expanded", "false");
    button?.addEventListener("click", () => this.toggle());
  }

  get open() {
    return Boolean(this.panel && !this.panel.hidden);
  }

  toggle() {
    if (!this.panel) return;
    this.panel.hidden = !this.panel.hidden;
    this.button?.setAttribute("aria-expanded", String(this.open));
    if (this.open) this.show(this.stepper);
  }

  /**
   * The stepper moved (`change`: its "change" event's detail) or a new one is on screen (null).
   * A closed table only remembers the stepper; it is filled when opened.
   */
  show(stepper, change = null) {
    this.stepper = stepper;
    if (!this.open || !stepper || !this.body) return;
    if (this.builtFor !== stepper || !change) {
      this.build(stepper);
      return;
    }
    for (const id of change.dirty ?? []) {
      const row = this.cells.get(id);
      if (row) row.grad.textContent = stepper.grad(id).text;
    }
    if (stepper.hasForward) this.showData(stepper, change.previous, change.position);
  }

  build(stepper) {
    const { nodes } = stepper.trace;
    const names = new Map(nodes.map((n) => [n.id, n.name || n.label]));
    this.cells = new Map();
    const rows = nodes.map((node) => {
      const row = document.createElement("tr");
      const label = cell("th", names.get(node.id));
      label.scope = "row";
      const data = cell("td", stepper.dataText(node.id));
      const grad = cell("td", stepper.grad(node.id).text);
      const inputs = node.children.map((id) => names.get(id) ?? "?").join(", ");
      row.append(label, cell("td", node.op || "—"), data, grad, cell("td", inputs || "—"));
      this.cells.set(node.id, { data, grad });
      return row;
    });
    this.body.replaceChildren(...rows);
    this.builtFor = stepper;
  }

  /** With the forward pass on the timeline: the data of the values whose step was passed. */
  showData(stepper, from, to) {
    const [lo, hi] = from < to ? [from, to] : [to, from];
    for (let i = lo; i < hi; i++) {
      const step = stepper.steps[i];
      if (step?.kind !== "forward") continue;
      const row = this.cells.get(step.node);
      if (row) row.data.textContent = stepper.dataText(step.node);
    }
  }
}

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}
