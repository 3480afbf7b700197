// Which part of a graph to show, as plain maths (no DOM; tests/js/fit.test.mjs). Boxes are in
// SVG units, sizes in CSS pixels, and `scale` is SVG units per CSS pixel, so text of `units`
// SVG units is drawn `units / scale` CSS pixels tall.

export const READABLE_PX = 11; // the smallest text a learner reads without zooming
export const LARGEST_PX = 16; // a tiny graph is not blown up past this
const MARGIN = 1.02; // a little room around the whole graph

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

export function clamp(value, lo, hi) {
  return Math.min(Math.max(value, lo), hi);
}
