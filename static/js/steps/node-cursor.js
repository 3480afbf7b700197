// ↑ and ↓ on the graph move between its values, in the record's order (inputs first, the
// output last): the value is outlined, shown in the inspector, and said in the live region
// with its data and grad at this step. Every node is reachable without a pointer; ← and →
// still step; Enter moves the keyboard into the inspector. (While calling _backward() by hand,
// Manual has the arrows and Enter instead.) On a graph folded by its modules (graph/fold-screen.js,
// `folds`) the cursor moves between what is drawn, a folded group's box being one stop: Enter
// opens it, and Escape folds the open group around the value the cursor is on.
import { valueGroup } from "../shared/node-click.js";

const CLASS = "cursor";

export class NodeCursor {
  /**
   * current(): the Stepper on screen; inspector: Inspector; say(text): the live region;
   * reveal(id): pan so the node is in view.
   */
  constructor({ current, inspector, say, reveal, folds = null }) {
    Object.assign(this, { current, inspector, say, reveal, folds });
    this.id = null;
  }

  /** True if `event` was ours. */
  handleKey(event) {
    if (event.key === "Enter" && !event.shiftKey && this.folds?.view?.isBox(this.id)) {
      const id = this.id;
      this.folds.openGroup(id)?.then((shown) => shown && this.landIn(id));
      return true;
    }
    if (event.key === "Enter" && !event.shiftKey && this.id && this.inspector.active()) {
      this.inspector.show(this.id); // beside the value; Escape brings the keyboard back here
      this.inspector.panel?.focus();
      return true;
    }
    const moves = { ArrowDown: 1, ArrowUp: -1 };
    const stepper = this.current();
    if (event.shiftKey || !(event.key in moves) || !stepper) return false;
    const ids = this.folds?.order() ?? stepper.trace.nodes.map((n) => n.id);
    if (ids.length === 0) return true;
    const at = ids.indexOf(this.id);
    const next = at < 0 ? (moves[event.key] > 0 ? 0 : ids.length - 1) : at + moves[event.key];
    const id = ids[Math.min(Math.max(next, 0), ids.length - 1)];
    this.move(id);
    this.reveal(id);
    if (this.folds?.view?.isBox(id)) {
      this.say(this.folds.words(id, stepper));
      if (this.inspector.active()) this.inspector.show(id);
      return true;
    }
    const node = stepper.trace.nodes.find((n) => n.id === id);
    const op = node.op ? `, made by ${node.op}` : node.leaf ? ", an input" : "";
    const grad = node.constant ? "" : `, grad ${stepper.grad(node.id).text}`;
    this.say(`${node.name}: data ${stepper.dataText(node.id)}${grad}${op}.`);
    if (this.inspector.active()) this.inspector.show(node.id);
    return true;
  }

  /** Escape on the graph: fold the open group around the value the cursor is on. True if
   * there was one. */
  escape() {
    const group = this.id && this.folds?.openAround(this.id);
    if (!group) return false;
    this.inspector.hide();
    this.folds.foldGroup(group)?.then((shown) => {
      if (!shown) return;
      this.move(group);
      this.say(this.folds.words(group, this.current()));
    });
    return true;
  }

  /** After group `id` opened: the cursor on its first value drawn. */
  landIn(id) {
    const first = this.folds.coveredBy(id)[0];
    if (first) this.move(first);
    this.say(`${this.folds.name(id)} opened.`);
  }

  move(id) {
    if (this.id) valueGroup(this.id)?.classList.remove(CLASS);
    this.id = id;
    valueGroup(id)?.classList.add(CLASS);
  }
}
