// Which part of a graph to show, as plain maths (no DOM; tests/js/graph/fit.test.mjs). Boxes are in
// SVG units, sizes in CSS pixels, and `scale` is SVG units per CSS pixel, so text of `units`
// SVG units is drawn `units / scale` CSS pixels tall.

export const READABLE_PX = 11; // the smallest text a learner reads without zooming
export const LARGEST_PX = 16; // a tiny graph is not blown up past this
const MARGIN = 1.02; // a little room around the whole graph
// Past this many values a pan does not look for edges that cut no box (measured in Node on 2
// cores: 1.6 ms a call at 300 values, 3.9 ms at 1,000; a graph that big is read zoomed in).
export const UNCUT_MAX = 300;

/** The scale at which the whole of `box` fits in `size`. */
export function fitScale(box, size) {
  return Math.max(box.width / size.width, box.height / size.height) * MARGIN;
}

/** The first view's scale: the whole graph if its text stays at least READABLE_PX tall
 * (`whole: true`), else the scale that draws text exactly READABLE_PX tall. */
export function initialScale(box, size, textUnits) {
  const scale = Math.max(fitScale(box, size), textUnits / LARGEST_PX);
  if (scale <= textUnits / READABLE_PX) return { scale, whole: true };
  return { scale: textUnits / READABLE_PX, whole: false };
}

/** The view {x, y, scale} that shows rectangle `r` centred at `scale`. */
export function centred(r, scale, size) {
  return {
    x: r.x + r.width / 2 - (size.width * scale) / 2,
    y: r.y + r.height / 2 - (size.height * scale) / 2,
    scale,
  };
}

/** `view` slid so that it shows no empty space beyond `box` where the box is bigger. */
export function clamped(view, box, size) {
  const w = size.width * view.scale;
  const h = size.height * view.scale;
  const x = w < box.width ? clamp(view.x, box.x, box.x + box.width - w) : view.x;
  const y = h < box.height ? clamp(view.y, box.y, box.y + box.height - h) : view.y;
  return { ...view, x, y };
}

/** The first view of a graph: all of it if its text stays readable, else readable text around
 * `focus` (the output, or the step on screen), the graph's edges kept at the panel's edges. */
export function initialView(box, size, textUnits, focus) {
  const { scale, whole } = initialScale(box, size, textUnits);
  if (whole || !focus) return centred(box, scale, size);
  return clamped(centred(focus, scale, size), box, size);
}

/** The start of a visible span `[start, start + length]` moved so that no edge cuts a label:
 * `spans` are the values' boxes along this axis as [lo, hi, keepHi], where [lo, keepHi] is the
 * part the trailing edge may not cut (a record's label row, on the vertical axis: its data and
 * grad may run off the bottom, its label never; the whole box when keepHi is left out), and
 * the leading edge may cut no box. Of the starts that keep `keep` ([lo, hi], what must stay in
 * view) in view and put an edge at a box's side, the one with the fewest cuts, then the least
 * move; a box longer than the view does not count. `within` ([lo, hi], optional): where the
 * start should stay (the graph's extent): left only when no start inside it cuts nothing. */
export function uncut(start, length, spans, keep, within = [-Infinity, Infinity]) {
  if (spans.length > UNCUT_MAX) return start;
  const short = spans.filter(([lo, hi]) => hi - lo < length);
  const los = short.map(([lo]) => lo).sort((a, b) => a - b);
  const his = short.map(([, hi]) => hi).sort((a, b) => a - b);
  const marks = short.map(([, hi, mark = hi]) => mark).sort((a, b) => a - b);
  // Boxes strictly across point p (started before it, not yet ended at it).
  const across = (ends, p) => below(los, p, false) - below(ends, p, true);
  const cuts = (s) => across(his, s) + across(marks, s + length);
  const search = (lowest, highest, best) => {
    for (const [lo, hi, mark = hi] of short) {
      for (const way of [lo, hi, hi - length, mark - length, lo - length]) {
        if (way < lowest || way > highest) continue;
        const n = cuts(way);
        const moved = Math.abs(way - start);
        if (n < best.n || (n === best.n && moved < best.moved)) best = { way, n, moved };
      }
    }
    return best;
  };
  let best = { way: start, n: cuts(start), moved: 0 };
  if (best.n === 0) return start;
  const lowest = keep[1] - length - 0.5;
  const highest = keep[0] + 0.5;
  // Inside the graph first; past its end only if that is the only way to cut no label.
  const inside = [Math.max(lowest, Math.min(within[0], start)), Math.min(highest, Math.max(within[1], start))];
  best = search(...inside, best);
  if (best.n > 0) best = search(lowest, highest, best);
  return best.way;
}

/** How many of the sorted `values` are below p (or equal to it, with `orEqual`). */
function below(values, p, orEqual) {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < p || (orEqual && values[mid] === p)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function clamp(value, lo, hi) {
  return Math.min(Math.max(value, lo), hi);
}
