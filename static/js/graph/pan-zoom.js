// Zoom and pan an <svg> inside its container, never re-laying the graph out.
import { centred, fitScale, initialView, LARGEST_PX, READABLE_PX, uncut } from "./fit.js";
import { bindGestures } from "./pan-gestures.js";

// One number, `scale` (SVG units per CSS pixel), describes the zoom; (x, y) is the SVG point at
// the container's top-left corner. A zoom resizes the picture (the browser draws it again);
// a pan only moves it with a CSS transform, which the compositor does without redrawing a
// large graph (rewriting the viewBox instead cost ~75 ms a step on the 984-value MLP).
//
// Until the learner moves the view, it is automatic: the first view (fit.js: the whole graph
// if its text stays readable, else readable text around the output, then the step on screen)
// or Fit's, made again whenever the panel changes size. Pointers move it by pan-gestures.js
// (a drag, two fingers, Ctrl or ⌘ with the wheel); buttons "Pan left" … "Pan down" pan
// without dragging.

const MIN_SCALE = 0.05; // zoomed in: 20 px per unit
const MAX_SCALE_FACTOR = 4; // zoomed out: the whole graph at a quarter of the panel
const TEXT_UNITS = 12; // the node text's size in SVG units, when the SVG does not say
const PAN_FRACTION = 0.25; // a pan button moves the view by a quarter of the panel

/** Pan buttons by id: the direction the view moves (the picture moves the other way). */
export const PAN_BUTTONS = {
  "pan-left": [1, 0],
  "pan-right": [-1, 0],
  "pan-up": [0, 1],
  "pan-down": [0, -1],
};

/** Wire the pan buttons in `root` to whichever PanZoom `current()` returns. */
export function bindPanButtons(root, current) {
  for (const [id, [fx, fy]] of Object.entries(PAN_BUTTONS)) {
    root.getElementById(id)?.addEventListener("click", () => current()?.panBy(fx, fy));
  }
}

export class PanZoom {
  /** box: the graph's extent in SVG units, {x, y, width, height}; onView: called with the
   * visible box (SVG units) whenever the view moves or the panel resizes; measured: the
   * container's size as the PanZoom before this one in it last saw it (reading it again would
   * lay the new graph out before its size is set: ~20 ms of an opened neuron, traced). */
  constructor(container, svg, box, { onView = null, measured = null } = {}) {
    this.container = container;
    this.onView = onView;
    this.svg = svg;
    this.box = box;
    this.view = { x: box.x, y: box.y, scale: 1 };
    this.textUnits = Number(svg.querySelector("g.node text")?.getAttribute("font-size")) || TEXT_UNITS;
    this.auto = null; // "initial" or "fit" while the view is automatic; null once the learner moved it
    this.focus = null; // what the automatic view centres on when text cannot all be readable
    this.edges = null; // the values' boxes as spans ({x, y}): no view cuts one (GraphView sets)
    this.listeners = [];
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
    svg.setAttribute("preserveAspectRatio", "none"); // the picture's size has the box's shape
    svg.classList.add("pan-zoom");
    bindGestures(this, (...args) => this.listen(container, ...args)); // wheel, drag, two fingers
    this.measured = measured; // the container's size, kept by the ResizeObserver
    this.drawnScale = null; // the scale the picture was last sized for
    this.resizeObserver = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      const before = this.size();
      this.measured = { width: Math.max(1, width), height: Math.max(1, height) };
      this.resized(before);
    });
    this.resizeObserver.observe(container);
  }

  listen(target, type, handler, options) {
    target.addEventListener(type, handler, options);
    this.listeners.push([target, type, handler, options]);
  }

  destroy() {
    for (const [target, type, handler, options] of this.listeners) {
      target.removeEventListener(type, handler, options);
    }
    this.resizeObserver.disconnect();
  }

  /** The container's size in CSS pixels, as the ResizeObserver last reported it: reading
   * clientWidth right after a step rewrote texts would force a layout inside the step. Read
   * live until the first report, unless the PanZoom before this one reported it (a change of
   * size since, as the graph view resizes the container while installing, is reported before
   * the first paint). */
  size() {
    return (
      this.measured ?? {
        width: Math.max(1, this.container.clientWidth),
        height: Math.max(1, this.container.clientHeight),
      }
    );
  }

  apply() {
    const { x, y, scale } = this.view;
    const { box } = this;
    if (scale !== this.drawnScale) {
      this.drawnScale = scale;
      this.svg.style.width = `${box.width / scale}px`;
      this.svg.style.height = `${box.height / scale}px`;
    }
    this.svg.style.transform = `translate(${(box.x - x) / scale}px, ${(box.y - y) / scale}px)`;
    this.onView?.(this.visibleBox());
  }

  /** The part of the graph in the panel, in SVG units. */
  visibleBox() {
    const { width, height } = this.size();
    const { x, y, scale } = this.view;
    return { x, y, width: width * scale, height: height * scale };
  }

  /** The panel changed size: make the automatic view again, or keep the same point centred. */
  resized(before) {
    if (this.auto === "initial") this.initial(this.focus);
    else if (this.auto === "fit") this.fit();
    else if (this.kept) this.keep(this.kept.r, this.kept.edges);
    else {
      const { width, height } = this.size();
      this.view.x += ((before.width - width) * this.view.scale) / 2;
      this.view.y += ((before.height - height) * this.view.scale) / 2;
      this.apply();
    }
  }

  /** The scale at which the whole graph fits (with a small margin). */
  fitScale() {
    return fitScale(this.box, this.size());
  }

  fit() {
    this.view = centred(this.box, this.fitScale(), this.size());
    this.auto = "fit";
    this.apply();
  }

  /** The container height (CSS px) at which the graph, at a readable size, fills its width. */
  naturalHeight() {
    const { width } = this.size();
    const readable = this.textUnits / READABLE_PX;
    const scale = Math.min(Math.max(this.box.width / width, this.textUnits / LARGEST_PX), readable);
    return Math.ceil((this.box.height * 1.04) / scale);
  }

  /** The first view of a graph: all of it if its text stays readable, else readable text
   * around `focus` (e.g. the output node), and never blown up past a comfortable size. */
  initial(focus) {
    this.focus = focus ?? null;
    this.view = initialView(this.box, this.size(), this.textUnits, this.focus);
    if (this.focus && this.edges) {
      const { width, height } = this.size();
      const { x, y, scale } = this.view;
      const r = this.focus;
      const [w, h] = [width * scale, height * scale];
      this.view.x = uncut(x, w, this.edges.x, [r.x, r.x + r.width], this.within("x", w));
      this.view.y = uncut(y, h, this.edges.y, [r.y, r.y + r.height], this.within("y", h));
    }
    this.auto = "initial";
    this.apply();
  }

  /** Zoom by `factor` (> 1 zooms in) keeping the point under (clientX, clientY) still. */
  zoom(factor, clientX, clientY) {
    const rect = this.container.getBoundingClientRect();
    const px = clientX === undefined ? rect.width / 2 : clientX - rect.left;
    const py = clientY === undefined ? rect.height / 2 : clientY - rect.top;
    const { x, y, scale } = this.view;
    const limit = Math.max(this.fitScale() * MAX_SCALE_FACTOR, MIN_SCALE);
    const next = Math.min(Math.max(scale / factor, MIN_SCALE), limit);
    this.view = { x: x + px * (scale - next), y: y + py * (scale - next), scale: next };
    this.auto = this.kept = null;
    this.apply();
  }

  /** Where rectangle `r`'s centre is drawn, in container pixels. */
  screenPoint(r) {
    const { x, y, scale } = this.view;
    return { x: (r.x + r.width / 2 - x) / scale, y: (r.y + r.height / 2 - y) / scale, scale };
  }

  /** Draw `r`'s centre at `at` (screenPoint's, with its scale): a group that opens stays put. */
  place(r, at) {
    const scale = at.scale;
    this.view = { x: r.x + r.width / 2 - at.x * scale, y: r.y + r.height / 2 - at.y * scale, scale };
    this.auto = this.kept = null;
    this.apply();
  }

  /** Move the picture by (dx, dy) CSS pixels. */
  pan(dx, dy) {
    this.view.x -= dx * this.view.scale;
    this.view.y -= dy * this.view.scale;
    this.auto = this.kept = null;
    this.apply();
  }

  /** Move the picture by fractions (fx, fy) of a pan button's step (a quarter of the panel). */
  panBy(fx, fy) {
    const { width, height } = this.size();
    this.pan(fx * width * PAN_FRACTION, fy * height * PAN_FRACTION);
  }

  /** Does rectangle `r` (SVG units) fit in the view at the current zoom? */
  fits(r) {
    const { width, height } = this.size();
    return r.width <= width * this.view.scale && r.height <= height * this.view.scale;
  }

  /** Pan as little as possible so that rectangle `r` (SVG units) is in view; `edges`
   * ({x, y}: the values' boxes as [lo, hi] spans on each axis): no edge of the view cuts one. */
  reveal(r, edges = null) {
    this.kept = null;
    if (edges) this.edges = edges; // a resize's automatic view keeps labels whole too
    const { x, y } = this.revealed(r, edges);
    Object.assign(this.view, { x, y });
    if (this.auto === "initial") this.focus = r; // a resize keeps the step in view
    this.apply();
  }

  /** reveal(r), and again whenever the panel resizes, until the view moves otherwise (a panel
   * that shrinks as text beside it grows would otherwise cut r at its edge). */
  keep(r, edges = null) {
    this.reveal(r, edges);
    this.kept = { r, edges };
  }

  /** Where a view `length` long may start on `axis` without showing space beyond the graph
   * (anywhere, when the graph is shorter than the view). */
  within(axis, length) {
    const [lo, size] = axis === "x" ? [this.box.x, this.box.width] : [this.box.y, this.box.height];
    return size > length ? [lo, lo + size - length] : [-Infinity, Infinity];
  }

  /** The visible box (SVG units) that reveal(r, edges) would pan to; null without r. */
  revealed(r, edges = null) {
    if (!r) return null;
    const { width, height } = this.size();
    const w = width * this.view.scale;
    const h = height * this.view.scale;
    const margin = Math.min(24 * this.view.scale, w / 10);
    // The margin shrinks to what is left when r barely fits, so that r itself is never cut.
    const mx = Math.max(0, Math.min(margin, (w - r.width) / 2));
    const my = Math.max(0, Math.min(margin, (h - r.height) / 2));
    let x = shift(this.view.x, w, r.x - mx, r.x + r.width + mx);
    let y = shift(this.view.y, h, r.y - my, r.y + r.height + my);
    if (edges) {
      x = uncut(x, w, edges.x, [r.x, r.x + r.width], this.within("x", w));
      y = uncut(y, h, edges.y, [r.y, r.y + r.height], this.within("y", h));
    }
    return { x, y, width: w, height: h };
  }
}

/** The new start of a window [start, start + size] that contains [lo, hi] if it can. */
function shift(start, size, lo, hi) {
  if (hi - lo > size) return lo;
  if (lo < start) return lo;
  if (hi > start + size) return hi - size;
  return start;
}
