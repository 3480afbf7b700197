// An edge drawn anew between two nodes of a drawing Graphviz laid out (in-place.js: the edges
// between a group opened or folded in place and the rest), routed between the boxes on its way
// rather than through them. Graphviz lays nodes out in ranks, so the boxes an edge passes lie
// in bands across the ranks' direction (TB: rows); the route passes each band through a gap —
// the one nearest the line from tail to head — and is the shortest line through those gaps
// (a taut string: straight where it can be, bent at a gap's end around a box), its corners
// rounded no further than keeps it off the boxes. It leaves the tail and reaches the head
// along the ranks' direction. Written as Graphviz writes an edge (a path of cubic pieces,
// `M…C…`, and an arrowhead polygon), so it moves as theirs do (plane-map.js). Pure: points and
// boxes (tests/js/graph/edge-route.test.mjs).

import { numbersOf } from "./graph-tiles.js";
import { round } from "./plane-map.js";

const MARGIN = 4; // how far a route keeps from the boxes beside it, where the gap allows
const EPSILON = 0.01; // a box that only touches the route's ends is not in its way
const CORNER = 12; // a route's corners around a box rounded this far, at most
const SAMPLES = 16; // points looked at along each cubic piece of a path

/** The route of an edge from box `tail` to box `head` ({x, y, width, height}), leaving the
 * tail's side and arriving at the head's that face along the ranks' direction (`rankdir`
 * "TB"/"BT": down/up, else across), between `boxes` (every node's), its arrowhead `arrow` long
 * and `half` wide each side:
 * {d, points, middle: a point on it for a label}. */
export function edgeRoute(tail, head, rankdir, arrow, half, boxes = []) {
  const across = rankdir === "LR" || rankdir === "RL";
  // Along the ranks' direction (a) and across it (b): TB draws down, LR rightwards; a box's
  // spans [a0, a1, b0, b1].
  const span = (r) => (across ? [r.x, r.x + r.width, r.y, r.y + r.height] : [r.y, r.y + r.height, r.x, r.x + r.width]);
  const point = (along, side) => (across ? [along, side] : [side, along]);
  const [t, h] = [span(tail), span(head)];
  const text = (pairs) => pairs.map(([x, y]) => `${round(x)},${round(y)}`);
  if (t[0] < h[1] && h[0] < t[1]) {
    // Level with each other: over the boxes level with them between them, from the tail's
    // side that faces back along the ranks to the head's, as Graphviz draws an edge within a
    // rank: in the space between their rank and the one before it.
    const [bl, bh] = [Math.min(t[2], h[2]), Math.max(t[3], h[3])];
    const [al, ah] = [Math.min(t[0], h[0]), Math.max(t[1], h[1])];
    const level = boxes.map(span).filter((s) => s[3] > bl && s[2] < bh && s[0] < ah && s[1] > al);
    const top = Math.min(al, ...level.map((s) => s[0])) - 1.5 * arrow;
    const [tb, hb] = [(t[2] + t[3]) / 2, (h[2] + h[3]) / 2];
    const path = [[t[0], tb], [top, tb], [top, hb], [h[0] - arrow, hb]].map((w) => point(...w));
    const [first, ...rest] = text(rounded(path, path.map(() => arrow)));
    return finish(`M${first}C${rest.join(" ")}`, [h[0] - arrow, hb], [h[0], hb], [top, (tb + hb) / 2]);
  }
  const sign = h[0] + h[1] >= t[0] + t[1] ? 1 : -1;
  const start = [sign > 0 ? t[1] : t[0], (t[2] + t[3]) / 2];
  const tip = [sign > 0 ? h[0] : h[1], (h[2] + h[3]) / 2];
  const end = tip[0] - sign * arrow;
  // Each band in the way is passed through a gap, the one nearest the line from tail to head
  // (a band that reaches the tail's side or the arrow's base, of boxes level with the tail or
  // the head and longer, where the edge leaves or arrives); the route is the shortest line
  // through those gaps (taut), with a straight lead out of the tail and into the arrow.
  const inWay = bands(boxes.map(span), start[0], end, sign);
  // Leads as long as two arrows (half the way at most), ending halfway to the first band: a
  // band is passed through one gap, and the lead's line may not be in it.
  const clear = (from, toward) => {
    let length = Math.min(2 * arrow, Math.abs(end - start[0]) / 2);
    for (const band of inWay) {
      const near = toward > 0 ? band.start - from : from - band.end;
      if (near >= 0) length = Math.min(length, near / 2);
    }
    return from + toward * length;
  };
  const leaving = [clear(start[0], sign), start[1]];
  const arriving = [clear(end, -sign), tip[1]];
  const ahead = (p) => sign * (p - leaving[0]) > EPSILON && sign * (arriving[0] - p) > EPSILON;
  const portals = [];
  let last = null; // the band before and the gap it was passed through
  for (const band of inWay) {
    const [enter, leave] = sign > 0 ? [band.start, band.end] : [band.end, band.start];
    // A band the leads reach into is passed where they are (the lead's line is free there).
    const along = ((enter + leave) / 2 - start[0]) / (end - start[0] || 1);
    const holds = (p) => sign * (p - enter) >= 0 && sign * (leave - p) >= 0;
    const wanted = holds(leaving[0]) ? start[1] : holds(arriving[0]) ? tip[1] : start[1] + (tip[1] - start[1]) * along;
    const touching = last && Math.abs(last.leave - enter) <= EPSILON;
    const [lo, hi, room, g0, g1] = gapNear(band.blocked, wanted, touching ? last.free : null);
    for (const at of [enter, leave]) {
      if (!ahead(at)) continue;
      // Where two bands meet, the route passes where both are free, as far in as that allows.
      const same = portals.at(-1)?.[0] === at ? portals.pop() : null;
      const [f0, f1] = same ? [Math.max(g0, same[4]), Math.min(g1, same[5])] : [g0, g1];
      const keep = same ? Math.min(MARGIN, Math.max(0, (f1 - f0) / 2)) : room;
      portals.push(same && f0 <= f1 ? [at, f0 + keep, f1 - keep, keep, f0, f1] : [at, lo, hi, room, g0, g1]);
    }
    last = { leave, free: [g0, g1] };
  }
  const corners = taut(leaving, portals, arriving, sign);
  // A corner at a gap's end is rounded only as far as keeps the route off the box beside it
  // (a rounded corner comes a quarter of its radius inside it); the leads' as far as they allow.
  const radii = [0, 2 * arrow, ...corners.map((c) => Math.min(CORNER, 3.5 * c.room)), 2 * arrow, 0];
  const path = [start, leaving, ...corners.map((c) => c.point), arriving, [end, tip[1]]].map((w) => point(...w));
  const [first, ...rest] = text(rounded(path, radii));
  const middle = [leaving, ...corners.map((c) => c.point), arriving][Math.floor((corners.length + 2) / 2)];
  return finish(`M${first}C${rest.join(" ")}`, [end, tip[1]], tip, middle);

  /** The edge's path `d`, its arrowhead from the base's middle `base` to `tip`, a label's place
   * `middle` (each [a, b]). */
  function finish(d, base, [ta, tb], [ma, mb]) {
    const arrowhead = [point(base[0], tb - half), point(ta, tb), point(base[0], tb + half), point(base[0], tb - half)];
    const [mx, my] = point(ma, mb);
    return { d, points: text(arrowhead).join(" "), middle: { x: mx, y: my } };
  }
}

/** Does the path `d` (as Graphviz writes one: `M x,y C x,y x,y x,y …`) pass through one of
 * `boxes`, `inset` in from its sides? */
export function passesThrough(d, boxes, inset = 2) {
  const n = numbersOf(d);
  if (n.length < 8) return false;
  const xs = n.filter((_, i) => i % 2 === 0);
  const ys = n.filter((_, i) => i % 2 === 1);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const near = boxes.filter((b) => b.x < x1 && b.x + b.width > x0 && b.y < y1 && b.y + b.height > y0);
  if (!near.length) return false;
  for (let i = 0; i + 7 < n.length; i += 6) {
    const [ax, ay, bx, by, cx, cy, dx, dy] = n.slice(i, i + 8);
    for (let k = 0; k <= SAMPLES; k++) {
      const t = k / SAMPLES;
      const u = 1 - t;
      const x = u * u * u * ax + 3 * u * u * t * bx + 3 * u * t * t * cx + t * t * t * dx;
      const y = u * u * u * ay + 3 * u * u * t * by + 3 * u * t * t * cy + t * t * t * dy;
      for (const b of near) {
        if (x > b.x + inset && x < b.x + b.width - inset && y > b.y + inset && y < b.y + b.height - inset) return true;
      }
    }
  }
  return false;
}

/** The polyline `points` ([x, y]) as cubic pieces after its first point, the corner at
 * `points[i]` rounded `radii[i]` (or less, where a side is short). */
function rounded(points, radii) {
  const toward = (p, q, d) => {
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    return [p[0] + ((q[0] - p[0]) * d) / length, p[1] + ((q[1] - p[1]) * d) / length];
  };
  const straight = (p, q) => {
    const third = Math.hypot(q[0] - p[0], q[1] - p[1]) / 3;
    return [toward(p, q, third), toward(q, p, third), q];
  };
  const out = [points[0]];
  let at = points[0];
  for (let i = 1; i + 1 < points.length; i++) {
    const [p, w, q] = [points[i - 1], points[i], points[i + 1]];
    const r = Math.min(radii[i], Math.hypot(w[0] - p[0], w[1] - p[1]) / 2, Math.hypot(q[0] - w[0], q[1] - w[1]) / 2);
    const [into, leaving] = [toward(w, p, r), toward(w, q, r)];
    out.push(...straight(at, into), w, w, leaving);
    at = leaving;
  }
  out.push(...straight(at, points.at(-1)));
  return out;
}

/** The bands of boxes (spans [a0, a1, b0, b1]) between `start` and `end` along the ranks'
 * direction, cut to them: the stretches between consecutive box sides along the ranks, each
 * crossed by the same boxes (none: no band), {start, end, blocked: their merged [b0, b1]
 * intervals}, in the order a route meets them. Exact: a tall box far off across the ranks does
 * not join the rows it spans into one band. */
function bands(spans, start, end, sign) {
  const [lo, hi] = sign > 0 ? [start, end] : [end, start];
  const inWay = spans.filter((s) => s[0] < hi - EPSILON && lo + EPSILON < s[1]).map(([a0, a1, b0, b1]) => [Math.max(a0, lo), Math.min(a1, hi), b0, b1]);
  const sides = [...new Set(inWay.flatMap((s) => [s[0], s[1]]))].sort((p, q) => p - q);
  // Each box's interval across the ranks, in every stretch it spans (found by bisection).
  const crossing = sides.map(() => []);
  const at = (v) => {
    let [low, high] = [0, sides.length - 1];
    while (low < high) {
      const mid = (low + high) >> 1;
      if (sides[mid] < v) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  for (const [a0, a1, b0, b1] of inWay) for (let i = at(a0); i < at(a1); i++) crossing[i].push([b0, b1]);
  const out = [];
  for (let i = 0; i + 1 < sides.length; i++) {
    if (sides[i + 1] - sides[i] > EPSILON && crossing[i].length) out.push({ start: sides[i], end: sides[i + 1], blocked: merged(crossing[i]) });
  }
  return sign > 0 ? out : out.reverse();
}

function merged(intervals) {
  const sorted = [...intervals].sort((p, q) => p[0] - q[0]);
  const out = [];
  for (const [b0, b1] of sorted) {
    const last = out.at(-1);
    if (last && b0 <= last[1]) last[1] = Math.max(last[1], b1);
    else out.push([b0, b1]);
  }
  return out;
}

/** The free interval across a band with `blocked` intervals (merged, sorted) nearest
 * `wanted` (holding it if it is free), `MARGIN` in from the boxes where the gap allows, one
 * that meets `after` ([lo, hi]: the free interval of the band right before) if any does:
 * [lo, hi, how far in from them, the free interval's ends]. */
export function gapNear(blocked, wanted, after = null) {
  const free = [];
  let from = -Infinity;
  for (const [b0, b1] of blocked) {
    if (b0 > from) free.push([from, b0]);
    from = Math.max(from, b1);
  }
  free.push([from, Infinity]);
  let best = null;
  for (const [g0, g1] of free) {
    const keep = Math.min(MARGIN, (g1 - g0) / 2);
    const gap = [g0 + keep, g1 - keep, keep, g0, g1];
    // Right after another band, a gap that meets the one passed there comes first.
    const meets = !after || (g0 <= after[1] && after[0] <= g1) ? 0 : 1;
    const distance = Math.max(0, gap[0] - wanted, wanted - gap[1]);
    if (best === null || meets < best.meets || (meets === best.meets && distance < best.distance)) best = { gap, meets, distance };
  }
  return best.gap;
}

/** The shortest line from `from` to `to` ([a, b] each) through `portals` ([a, lo, hi, room]:
 * a segment across the ranks' direction at `a`, `room` from the boxes at its ends, in the order
 * met going `sign` along them): its corners, {point, room} each at a portal's end, where it
 * bends around a box. */
export function taut(from, portals, to, sign) {
  const corners = [];
  const stops = [...portals, [to[0], to[1], to[1]]];
  let apex = from;
  // Walk on from the apex, narrowing the slopes a line from it may take; where a portal lies
  // wholly beyond them, the line bends at the end of the portal that narrowed them last.
  for (let k = 0, low = null, high = null; k < stops.length; k++) {
    const [a, lo, hi, room] = stops[k];
    const run = sign * (a - apex[0]);
    if (run <= EPSILON) continue;
    const [sLo, sHi] = [(lo - apex[1]) / run, (hi - apex[1]) / run];
    const bend = low && sHi < low.slope ? low : high && sLo > high.slope ? high : null;
    if (bend) {
      apex = bend.point;
      corners.push({ point: apex, room: bend.room });
      [k, low, high] = [bend.index, null, null];
      continue;
    }
    if (!low || sLo > low.slope) low = { slope: sLo, point: [a, lo], index: k, room };
    if (!high || sHi < high.slope) high = { slope: sHi, point: [a, hi], index: k, room };
  }
  return corners;
}
