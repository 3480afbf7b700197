// The node inspector: click a value (or press Enter on it) to see its data, grad, op, the
// local rule that feeds its inputs with its numbers, its inputs and consumers, and the step at
// which its grad became final. Everything comes from the record on screen; text only.
// It opens beside its node (a popover placed by popover-place.js, inside the viewport); Escape
// closes it and gives the keyboard back to the graph. A folded group's box (graph/fold-screen.js,
// `folds`) shows the group: its name, its output, its size, its parameters and its values; with
// one datapoint followed, a parameter says this point's part of its grad ("this point").
import { onNodeClick, valueGroup } from "../shared/node-click.js";
import { place } from "./popover-place.js";

export class Inspector {
  /** panel: section#inspector; current(): the Stepper on screen; active(): may it open? */
  constructor({ panel, body, close }, { current, active, folds = null }) {
    this.panel = panel;
    this.folds = folds;
    this.body = body;
    this.current = current;
    this.active = active;
    this.nodeId = null;
    const graph = document.getElementById("graph");
    this.graph = graph;
    close?.addEventListener("click", () => this.hide({ refocus: true }));
    onNodeClick(graph, (id) => {
      if (this.active()) this.show(id);
    });
    const escape = (event) => {
      if (event.key !== "Escape" || !this.nodeId || event.defaultPrevented) return;
      event.preventDefault();
      this.hide({ refocus: true });
    };
    graph?.addEventListener("keydown", escape);
    panel?.addEventListener("keydown", escape);
  }

  /** `refocus`: the keyboard goes back to the graph (Escape, Close). */
  hide({ refocus = false } = {}) {
    const had = this.nodeId;
    this.nodeId = null;
    if (this.panel) this.panel.hidden = true;
    if (refocus && had) this.graph?.focus({ preventScroll: true });
  }

  /** Beside the node's box on screen, inside the viewport. */
  placeBeside(nodeId) {
    const box = valueGroup(nodeId)?.getBoundingClientRect();
    if (!box || !this.panel) return;
    const size = this.panel.getBoundingClientRect();
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    const at = place(box, { width: size.width, height: size.height }, viewport);
    this.panel.style.left = `${Math.round(at.left)}px`;
    this.panel.style.top = `${Math.round(at.top)}px`;
  }

  /** The stepper moved or changed: keep the panel in step. */
  refresh() {
    if (this.nodeId) this.show(this.nodeId);
  }

  show(nodeId) {
    const stepper = this.current();
    if (!stepper || !this.panel) return;
    const rows = this.folds?.view?.isBox(nodeId)
      ? this.folds.summary(nodeId, stepper)
      : valueRows(nodeId, stepper, this.folds?.pointPartAt(nodeId, stepper) ?? null);
    if (!rows) return this.hide();
    this.nodeId = nodeId;
    const list = document.createElement("dl");
    for (const [term, text] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = term;
      const dd = document.createElement("dd");
      dd.textContent = text;
      list.append(dt, dd);
    }
    this.body.replaceChildren(list);
    this.panel.hidden = false;
    if (getComputedStyle(this.panel).position === "fixed") this.placeBeside(nodeId);
  }
}

/** [term, text] rows of value `nodeId` at the stepper's position, or null if it has none.
 * `part`: with one datapoint followed, its part of this parameter's grad (the engine's text,
 * graph/fold-screen.js pointPartAt), else null. */
function valueRows(nodeId, stepper, part = null) {
  const { trace } = stepper;
  const nodes = new Map(trace.nodes.map((n) => [n.id, n]));
  const node = nodes.get(nodeId);
  if (!node) return null;
  const consumers = Array.isArray(node.consumers) ? node.consumers : []; // the record's
  const ownStep = trace.backward.find((s) => s.kind === "backward" && s.node === nodeId);
  let final = -1;
  trace.backward.forEach((s, i) => {
    if (s.changes.some((c) => c.node === nodeId && c.before !== c.after)) final = i;
  });
  const grad = stepper.grad(nodeId);
  const rows = [
    ["Value", node.name],
    ["data", node.data_text],
    ["grad", `${grad.text} (at step ${stepper.position} of ${stepper.length})`],
    ...(part === null ? [] : [["this point", part]]),
    ["op", node.op || "none: a leaf"],
    ["inputs", node.children.map((id) => nodes.get(id)?.name ?? id).join(", ") || "none"],
    ["used by", consumers.map((id) => nodes.get(id)?.name ?? id).join(", ") || "nothing: the output"],
    [
      "grad final",
      final < 0 ? "its grad never changes in this pass" : `after step ${final + 1}`,
    ],
  ];
  if (ownStep?.lines?.length) {
    rows.push(["its _backward", ownStep.lines.map((l) => `${l.rule}   (${l.numbers})`).join("\n")]);
  } else if (ownStep?.code) {
    rows.push([`its _backward (line ${ownStep.code.line})`, ownStep.code.text]);
  }
  return rows;
}
