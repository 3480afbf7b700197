// The "Node table" button and table: one row per value of the graph on screen (label, op,
// data, grad, inputs), in step with the timeline. Built when opened; a step rewrites only the
// cells of the nodes it changed. Text only, through textContent (labels are user text).
// A graph with modules (graph/fold-screen.js, `folds`) is tabled as it is drawn (group-rows.js):
// a folded group is one row, its output's data and grad and how many values it holds, and its
// name is a button (aria-expanded) that opens it on the graph and in the table, or folds it.
import { groupRows } from "./group-rows.js";

export class NodeTable {
  /** button: "Node table" (aria-expanded); panel: the section to show; table: table#node-table;
   * folds: the graph's FoldScreen (may be null). */
  constructor({ button, panel, table, folds = null }) {
    this.button = button;
    this.panel = panel;
    this.folds = folds;
    this.body = table?.tBodies[0] ?? null;
    this.stepper = null; // the Stepper on screen
    this.builtFor = null; // the Stepper whose rows are in the table
    this.cells = new Map(); // node id → {data, grad} <td>s: a value's, or a group's output's
    this.toggles = new Map(); // group id → its row's button
    button?.setAttribute("aria-expanded", "false");
    button?.addEventListener("click", () => this.toggle());
    this.body?.addEventListener("click", (event) => {
      const id = event.target.closest?.("button[data-group]")?.dataset.group;
      if (id) this.flip(id);
    });
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

  /** A group's row button: open it on the graph, or fold it (the table follows, built again). */
  flip(id) {
    if (this.folds.open.has(id)) this.folds.foldGroup(id);
    else this.folds.openGroup(id);
  }

  /**
   * The stepper moved (`change`: its "change" event's detail) or a new one is on screen, or
   * the groups opened or folded (null). A closed table only remembers the stepper; it is
   * filled when opened.
   */
  show(stepper, change = null) {
    this.stepper = stepper;
    if (!this.open || !stepper || !this.body) return;
    if (this.builtFor !== stepper || !change) {
      this.build(stepper);
      return;
    }
    for (const id of change.dirty ?? []) {
      for (const row of this.cells.get(id) ?? []) row.grad.textContent = stepper.grad(id).text;
    }
    if (stepper.hasForward) this.showData(stepper, change.previous, change.position);
  }

  build(stepper) {
    const { nodes } = stepper.trace;
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const names = new Map(nodes.map((n) => [n.id, n.name || n.label]));
    const focused = this.body.contains(document.activeElement) ? document.activeElement.dataset.group : null;
    this.cells = new Map();
    this.toggles = new Map();
    const keep = (id, cells) => this.cells.set(id, [...(this.cells.get(id) ?? []), cells]);
    const valueRow = (node, depth) => {
      const row = document.createElement("tr");
      const label = cell("th", names.get(node.id));
      label.scope = "row";
      const data = number(stepper.dataText(node.id));
      const grad = number(stepper.grad(node.id).text);
      const inputs = node.children.map((id) => names.get(id) ?? "?").join(", ");
      row.append(label, cell("td", node.op || "—"), data, grad, cell("td", inputs || "—"));
      row.style.setProperty("--depth", String(depth));
      keep(node.id, { data, grad });
      return row;
    };
    const groups = this.folds?.groups ?? [];
    const rows = groups.length
      ? groupRows(nodes, groups, this.folds.open, (id) => this.folds.view?.boxOf.has(id) ?? false).map((r) =>
          r.kind === "value" ? valueRow(byId.get(r.id), r.depth) : this.groupRow(r, stepper, keep),
        )
      : nodes.map((node) => valueRow(node, 0));
    this.body.replaceChildren(...rows);
    this.builtFor = stepper;
    if (focused) this.toggles.get(focused)?.focus({ preventScroll: true });
  }

  /** A group's row: its name as a button that opens or folds it; how many values it holds; its
   * output's data and grad at this step (a group whose call returned no single value: —). */
  groupRow({ id, depth, open, values }, stepper, keep) {
    const group = this.folds.groups.find((g) => g.id === id);
    const row = document.createElement("tr");
    row.className = "group-row";
    row.style.setProperty("--depth", String(depth));
    const button = cell("button", group.name);
    button.type = "button";
    button.className = "group-toggle";
    button.dataset.group = id;
    button.setAttribute("aria-expanded", String(open));
    this.toggles.set(id, button);
    const label = document.createElement("th");
    label.scope = "row";
    label.append(button);
    const output = group.output;
    const data = number(output === null ? "—" : stepper.dataText(output));
    const grad = number(output === null ? "—" : stepper.grad(output).text);
    if (output !== null) keep(output, { data, grad });
    // Folded or open: the button's ▸ ▾ and aria-expanded say it; the name says its kind.
    row.append(label, cell("td", `${values} ${values === 1 ? "value" : "values"}`), data, grad, cell("td", "—"));
    return row;
  }

  /** With the forward pass on the timeline: the data of the values whose step was passed. */
  showData(stepper, from, to) {
    const [lo, hi] = from < to ? [from, to] : [to, from];
    for (let i = lo; i < hi; i++) {
      const step = stepper.steps[i];
      if (step?.kind !== "forward") continue;
      for (const row of this.cells.get(step.node) ?? []) row.data.textContent = stepper.dataText(step.node);
    }
  }
}

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

/** A data or grad cell: one line, never broken inside the number (node-table.css). */
function number(text) {
  const element = cell("td", text);
  element.className = "number";
  return element;
}
