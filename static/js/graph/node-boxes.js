// Where the values are in the graph's picture, in the SVG's viewBox units: a value's box (read
// from its outline's points, so no layout is forced), the box around several, and every
// value's box as spans on each axis, so that a pan never leaves a value's label half on screen
// (fit.js uncut). The layout never changes once on screen, so each is measured once.
import { UNCUT_MAX } from "./fit.js";

const PAD = 4; // the outline's stroke

export class NodeBoxes {
  /** values: node id → {group} (value-texts.js indexValues); root: the SVG's g.graph. */
  constructor(values, root) {
    this.values = values;
    this.root = root;
    this.boxes = new Map();
    this.spans = undefined;
  }

  /** Value `id`'s box, or null if it is not drawn. */
  boxOf(id) {
    if (!this.boxes.has(id)) this.boxes.set(id, this.measure(id));
    return this.boxes.get(id);
  }

  measure(id) {
    const group = this.values.get(id)?.group;
    if (!group || !this.root) return null;
    const b = outline(group) ?? group.getBBox();
    if (this.matrix === undefined) this.matrix = this.root.transform.baseVal.consolidate()?.matrix ?? null;
    const m = this.matrix;
    if (!m) return { x: b.x, y: b.y, width: b.width, height: b.height };
    return { x: m.a * b.x + m.e, y: m.d * b.y + m.f, width: m.a * b.width, height: m.d * b.height };
  }

  /** {x, y}: each value's [start, end] on that axis, padded; null past UNCUT_MAX values (too
   * many to look for uncut edges, fit.js). */
  edges() {
    if (this.values.size > UNCUT_MAX) return null;
    if (!this.spans) {
      const boxes = [...this.values.keys()].map((id) => this.boxOf(id)).filter(Boolean);
      this.spans = {
        x: boxes.map((b) => [b.x - PAD, b.x + b.width + PAD]),
        // a record's label is its top row of three: the bottom edge may cut below it
        y: boxes.map((b) => [b.y - PAD, b.y + b.height + PAD, b.y + b.height / 3 + PAD]),
      };
    }
    return this.spans;
  }
}

/** The box around `a` and `b` (`b` may be null). */
export function union(a, b) {
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const right = Math.max(a.x + a.width, b.x + b.width);
  const bottom = Math.max(a.y + a.height, b.y + b.height);
  return { x, y, width: right - x, height: bottom - y };
}

/** The box of a record's outline polygon, read from its points, or of an op's ellipse: no
 * layout needed. */
function outline(group) {
  const ellipse = group.querySelector(":scope > ellipse");
  if (ellipse) {
    const [cx, cy, rx, ry] = ["cx", "cy", "rx", "ry"].map((a) => Number(ellipse.getAttribute(a)));
    if ([cx, cy, rx, ry].every(Number.isFinite)) return { x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry };
  }
  const numbers = group.querySelector("polygon")?.getAttribute("points")?.trim().split(/[\s,]+/);
  const xs = [];
  const ys = [];
  for (let i = 0; i + 1 < (numbers?.length ?? 0); i += 2) {
    xs.push(Number(numbers[i]));
    ys.push(Number(numbers[i + 1]));
  }
  if (!xs.length || xs.some(Number.isNaN) || ys.some(Number.isNaN)) return null;
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
