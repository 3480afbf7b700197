// Zoom and pan an <svg> inside its container, never re-laying the graph out.
//
// One number, `scale` (SVG units per CSS pixel), describes the zoom; (x, y) is the SVG point at
// the container's top-left corner. A zoom resizes the picture (the browser draws it again);
// a pan only moves it with a CSS transform, which the compositor does without redrawing a
// large graph (rewriting the viewBox instead cost ~75 ms a step on the 984-value MLP).

const MIN_SCALE = 0.05; // zoomed in: 20 px per unit
const MAX_SCALE_FACTOR = 4; // zoomed out: the whole graph at a quarter of the panel
const READABLE_SCALE = 12 / 10; // 12-unit text drawn at least 10 px tall
const LARGEST_SCALE = 12 / 16; // …and at most 16 px tall when the graph is tiny

export class PanZoom {
  /** box: the graph's extent in SVG units, {x, y, width, height}. */
  constructor(container, svg, box) {
    this.container = container;
    this.svg = svg;
    this.box = box;
    this.view = { x: box.x, y: box.y, scale: 1 };
    this.pointers = new Map(); // pointerId → {x, y}: fingers or the mouse, while pressed
    this.listeners = [];
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
    svg.setAttribute("preserveAspectRatio", "none"); // the picture's size has the box's shape
    svg.classList.add("pan-zoom");
    this.listen(container, "wheel", (e) => this.onWheel(e), { passive: false });
    this.listen(container, "pointerdown", (e) => this.onPointerDown(e));
    this.listen(container, "pointermove", (e) => this.onPointerMove(e));
    this.listen(container, "pointerup", (e) => this.onPointerUp(e));
    this.listen(container, "pointercancel", (e) => this.onPointerUp(e));
    this.measured = null; // the container's size, kept by the ResizeObserver
    this.drawnScale = null; // the scale the picture was last sized for
    this.resizeObserver = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      this.measured = { width: Math.max(1, width), height: Math.max(1, height) };
      this.apply();
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
   * live until the first report (the graph view resizes the container while installing). */
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
  }

  /** The scale at which the whole graph fits (with a small margin). */
  fitScale() {
    const { width, height } = this.size();
    return Math.max(this.box.width / width, this.box.height / height) * 1.02;
  }

  /** Show the rectangle `r` (SVG units) centred at `scale`. */
  centreOn(r, scale) {
    const { width, height } = this.size();
    const limit = this.fitScale() * MAX_SCALE_FACTOR;
    this.view.scale = Math.min(Math.max(scale, MIN_SCALE), Math.max(limit, MIN_SCALE));
    this.view.x = r.x + r.width / 2 - (width * this.view.scale) / 2;
    this.view.y = r.y + r.height / 2 - (height * this.view.scale) / 2;
    this.apply();
  }

  fit() {
    this.centreOn(this.box, this.fitScale());
  }

  /** The container height (CSS px) at which the graph, at a readable size, fills its width. */
  naturalHeight() {
    const { width } = this.size();
    const scale = Math.min(Math.max(this.box.width / width, LARGEST_SCALE), READABLE_SCALE);
    return Math.ceil((this.box.height * 1.04) / scale);
  }

  /** The first view of a graph: all of it if its text stays readable, else readable text
   * around `focus` (e.g. the output node), and never blown up past a comfortable size. */
  initial(focus) {
    const scale = Math.max(this.fitScale(), LARGEST_SCALE);
    if (scale <= READABLE_SCALE || !focus) {
      this.centreOn(this.box, scale);
      return;
    }
    this.centreOn(focus, READABLE_SCALE);
    this.clampToBox();
  }

  /** Slide the view so that it shows no empty space beyond the graph where it can. */
  clampToBox() {
    const { width, height } = this.size();
    const w = width * this.view.scale;
    const h = height * this.view.scale;
    const { x, y } = this.box;
    this.view.x = w < this.box.width ? clamp(this.view.x, x, x + this.box.width - w) : this.view.x;
    this.view.y = h < this.box.height ? clamp(this.view.y, y, y + this.box.height - h) : this.view.y;
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
    this.apply();
  }

  /** Move the picture by (dx, dy) CSS pixels. */
  pan(dx, dy) {
    this.view.x -= dx * this.view.scale;
    this.view.y -= dy * this.view.scale;
    this.apply();
  }

  /** Does rectangle `r` (SVG units) fit in the view at the current zoom? */
  fits(r) {
    const { width, height } = this.size();
    return r.width <= width * this.view.scale && r.height <= height * this.view.scale;
  }

  /** Pan as little as possible so that rectangle `r` (SVG units) is in view. */
  reveal(r) {
    const { width, height } = this.size();
    const w = width * this.view.scale;
    const h = height * this.view.scale;
    const margin = Math.min(24 * this.view.scale, w / 10);
    this.view.x = shift(this.view.x, w, r.x - margin, r.x + r.width + margin);
    this.view.y = shift(this.view.y, h, r.y - margin, r.y + r.height + margin);
    this.apply();
  }

  onWheel(event) {
    event.preventDefault();
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    this.zoom(Math.exp((-event.deltaY * lines) / 500), event.clientX, event.clientY);
  }

  onPointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    this.container.setPointerCapture(event.pointerId);
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    this.container.classList.add("panning");
  }

  onPointerMove(event) {
    const last = this.pointers.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    if (this.pointers.size === 2) {
      // Pinch: zoom by the change in finger distance, about the fingers' midpoint.
      const [other] = [...this.pointers].filter(([id]) => id !== event.pointerId);
      const before = Math.hypot(last.x - other[1].x, last.y - other[1].y);
      const after = Math.hypot(now.x - other[1].x, now.y - other[1].y);
      if (before > 0) this.zoom(after / before, (now.x + other[1].x) / 2, (now.y + other[1].y) / 2);
    } else {
      this.pan(now.x - last.x, now.y - last.y);
    }
    this.pointers.set(event.pointerId, now);
  }

  onPointerUp(event) {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size === 0) this.container.classList.remove("panning");
  }
}

function clamp(value, lo, hi) {
  return Math.min(Math.max(value, lo), hi);
}

/** The new start of a window [start, start + size] that contains [lo, hi] if it can. */
function shift(start, size, lo, hi) {
  if (hi - lo > size) return lo;
  if (lo < start) return lo;
  if (hi > start + size) return hi - size;
  return start;
}
