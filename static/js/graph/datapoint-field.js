// The "Datapoint" field above a batch's graph (datapoints.js): which point the graph follows,
// counted from 1 as the box names count calls ("MLP (call 37)" is xs[36]). Shown only when
// the graph on screen has more than one point; a new number lays the graph out again with
// that point open (folding.js firstOpen within it) and the others one box. Beside it, when
// each point is two numbers, the points drawn where they are: a click on one follows it
// (datapoint-picture.js).
import { DatapointPicture } from "./datapoint-picture.js";
import { batchOf } from "./datapoints.js";
import { firstOpen, groupsOf } from "./folding.js";

export class DatapointField {
  /** elements: {wrap, field, hint, picture: an <svg>}; folds: the page's FoldScreen; graph:
   * #graph (a new graph on screen replaces its children). */
  constructor({ wrap, field, hint, picture }, { folds, graph }) {
    Object.assign(this, { wrap, field, hint, folds });
    this.picture = new DatapointPicture(picture, (call) => this.choose(call));
    field?.addEventListener("change", () => this.choose(Number(field.value) - 1));
    if (graph) new MutationObserver(() => this.update()).observe(graph, { childList: true });
  }

  /** The graph on screen changed: show the field for a batch, with the point it follows. */
  update() {
    const record = this.folds.record;
    const groups = record ? groupsOf(record) : [];
    const batch = record ? batchOf(record, groups) : null;
    if (this.wrap) this.wrap.hidden = !batch;
    if (!batch) return;
    const point = this.folds.view?.point;
    this.picture.show(record, groups, point);
    if (!this.field) return;
    const n = batch.calls.length;
    this.field.max = String(n);
    if (point !== null && point !== undefined) this.field.value = String(point + 1);
    if (this.hint) this.hint.textContent = `of ${n} (point k is xs[k − 1])`;
  }

  /** Follow point `call` (from 0). */
  choose(call) {
    const record = this.folds.record;
    const batch = record ? batchOf(record, groupsOf(record)) : null;
    if (!batch?.tops.has(call)) return null;
    return this.folds.onChange?.(firstOpen(record, this.folds.style.first_nodes, call), null);
  }
}
