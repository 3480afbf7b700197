// A batch's points drawn where they are, beside the "Datapoint" field (datapoint-field.js),
// when each point the model is called on is two numbers (the moons preset: the moons picture's
// 100 points): the point the graph follows is ringed, and a click on a point follows it. The
// field does the same from the keyboard. A point's numbers are its inputs' data, read from the
// record: the leaves in no group that a value of the point's groups is made from, in the order
// the program made them (`xs[k] = [Value(a), Value(b)]`: a, then b).
import { batchOf } from "./datapoints.js";
import { round } from "./plane-map.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const [WIDTH, HEIGHT, PAD] = [200, 110, 8]; // the picture's viewBox and the room around the points
const REACH = 12; // a click this near a point (viewBox units) chooses it

/** Each point of `record` (its groups `groups`) with its two inputs' data, {call, x, y}, in
 * the order of the calls; null unless it is a batch whose every point has two numeric inputs. */
export function pointsOf(record, groups) {
  const batch = batchOf(record, groups);
  if (!batch) return null;
  const grouped = new Set(groups.flatMap((g) => g.nodes));
  const inputs = new Map(batch.calls.map((call) => [call, []]));
  for (const node of record.nodes) {
    if (!node.leaf || grouped.has(node.id) || !node.consumers.some((c) => grouped.has(c))) continue;
    inputs.get(batch.callOf.get(node.id))?.push(node.data);
  }
  const points = [];
  for (const [call, [x, y, ...more]] of inputs) {
    if (more.length || !Number.isFinite(x) || !Number.isFinite(y)) return null;
    points.push({ call, x, y });
  }
  return points;
}

/** `points` ({x, y}) placed in the picture's viewBox (y up, the same scale on both axes): each
 * {cx, cy}. */
export function placed(points) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min((WIDTH - 2 * PAD) / (x1 - x0 || 1), (HEIGHT - 2 * PAD) / (y1 - y0 || 1));
  const [left, bottom] = [(WIDTH - (x1 - x0) * scale) / 2, (HEIGHT + (y1 - y0) * scale) / 2];
  return points.map((p) => ({ cx: round(left + (p.x - x0) * scale), cy: round(bottom - (p.y - y0) * scale) }));
}

export class DatapointPicture {
  /** svg: the picture's <svg>; choose(call): follow that point. */
  constructor(svg, choose) {
    this.svg = svg;
    this.points = [];
    this.record = null;
    svg?.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    svg?.addEventListener("click", (event) => {
      const call = this.nearest(event);
      if (call !== null) choose(call);
    });
  }

  /** Draw the points of `record` (once per record), the one of `chosen` (a call) ringed;
   * hidden when the batch's points are not two numbers each. */
  show(record, groups, chosen) {
    if (!this.svg) return;
    if (record !== this.record) {
      this.record = record;
      const points = record ? pointsOf(record, groups) : null;
      this.points = points ? placed(points).map((at, i) => ({ ...points[i], ...at })) : [];
      this.svg.replaceChildren(...this.points.map((p) => dot(p)));
    }
    this.svg.toggleAttribute("hidden", !this.points.length); // an <svg> has no .hidden
    const ring = this.points.find((p) => p.call === chosen);
    this.svg.querySelector(".chosen")?.classList.remove("chosen");
    const circle = ring ? this.svg.querySelector(`circle[data-call="${ring.call}"]`) : null;
    circle?.classList.add("chosen");
    circle?.parentNode.append(circle); // drawn last: on top of its neighbours
    const which = ring ? `point ${ring.call + 1} (${fixed(ring.x)}, ${fixed(ring.y)}) is followed` : "none followed";
    this.svg.setAttribute("aria-label", `The ${this.points.length} points' inputs; ${which}. Click a point to follow it.`);
  }

  /** The call of the point nearest a click, if within reach. */
  nearest(event) {
    const matrix = this.svg.getScreenCTM?.();
    if (!matrix || !this.points.length) return null;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    let best = null;
    for (const p of this.points) {
      const distance = Math.hypot(p.cx - at.x, p.cy - at.y);
      if (distance <= REACH && (!best || distance < best.distance)) best = { call: p.call, distance };
    }
    return best?.call ?? null;
  }
}

function dot(p) {
  const circle = document.createElementNS(SVG_NS, "circle");
  for (const [key, value] of Object.entries({ cx: p.cx, cy: p.cy, r: 2.5, "data-call": p.call })) circle.setAttribute(key, String(value));
  const title = document.createElementNS(SVG_NS, "title");
  title.textContent = `Point ${p.call + 1}: (${fixed(p.x)}, ${fixed(p.y)})`;
  circle.append(title);
  return circle;
}

function fixed(v) {
  return v.toFixed(2);
}
