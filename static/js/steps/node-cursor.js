// ↑ and ↓ on the graph move between its values, in the record's order (inputs first, the
// output last): the value is outlined, shown in the inspector, and said in the live region
// with its data and grad at this step. Every node is reachable without a pointer; ← and →
// still step; Enter moves the keyboard into the inspector. (While calling _backward() by hand,
// Manual has the arrows and Enter instead.)
import { valueGroup } from "../shared/node-click.js";

const CLASS = "cursor";

export class NodeCursor {
  /**
   * current(): the Stepper on screen; inspector: Inspector; say(text): the live region;
   * reveal(id): pan so the node is in view.
   */
  constructor({ current, inspector, say, reveal }) {
    Object.assign(this, { current, inspector, say, reveal });
    this.id = null;
  }

  /** True if `event` was ours. */
  handleKey(event) {
    if (event.key === "Enter" && !event.shiftKey && this.id && this.inspector.active()) {
      this.inspector.show(this.id); // beside the value; Escape brings the keyboard back here
      this.inspector.panel?.focus();
      return true;
    }
    const moves = { ArrowDown: 1, ArrowUp: -1 };
    const stepper = this.current();
    if (event.shiftKey || !(event.key in moves) || !stepper) return false;
    const nodes = stepper.trace.nodes;
    if (nodes.length === 0) return true;
    const at = nodes.findIndex((n) => n.id === this.id);
    const next = at < 0 ? (moves[event.key] > 0 ? 0 : nodes.length - 1) : at + moves[event.key];
    const node = nodes[Math.min(Math.max(next, 0), nodes.length - 1)];
    this.move(node.id);
    this.reveal(node.id);
    const op = node.op ? `, made by ${node.op}` : node.leaf ? ", an input" : "";
    const grad = node.constant ? "" : `, grad ${stepper.grad(node.id).text}`;
    this.say(`${node.name}: data ${stepper.dataText(node.id)}${grad}${op}.`);
    if (this.inspector.active()) this.inspector.show(node.id);
    return true;
  }

  move(id) {
    if (this.id) valueGroup(this.id)?.classList.remove(CLASS);
    this.id = id;
    valueGroup(id)?.classList.add(CLASS);
  }
}
