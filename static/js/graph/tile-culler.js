// Only the part of a big layered graph near the screen is laid out by the browser. Chromium
// lays out every <text> of an SVG it shows, and at 20,000 values that took 6 s; a tile that is
// hidden costs nothing. layered-svg.js puts the graph in tiles (<svg class="tile">, a
// range of columns each, with their x extent in SVG units) that start hidden; this shows the
// tiles within a screen's width of the view whenever pan-zoom.js moves or resizes the picture
// (it writes the <svg>'s style: watched here, so the view code needs no hook). Hidden by the
// style property: the page's `#graph svg {display: block}` would beat a display attribute.

const MARGIN_SCREENS = 1; // tiles this many screen widths beyond either edge are shown too
// At most this many tiles, those nearest the view's centre: zoomed out on 20,000 values (Fit)
// the text is far below a pixel, and showing all 4,000 tiles froze the page for seconds.
const MAX_SHOWN = 200;

export function cullTiles(svg) {
  const tiles = [...svg.querySelectorAll("svg.tile[display]")].map((tile) => {
    tile.style.display = "none";
    return { tile, x0: Number(tile.dataset.x0), x1: Number(tile.dataset.x1), shown: false };
  });
  if (!tiles.length) return;
  const update = () => {
    const range = visibleRange(svg);
    let near = tiles.filter((t) => !range || (t.x1 >= range.x0 && t.x0 <= range.x1));
    if (near.length > MAX_SHOWN && range) {
      const centre = (range.x0 + range.x1) / 2;
      const distance = (t) => Math.abs((t.x0 + t.x1) / 2 - centre);
      near = near.sort((a, b) => distance(a) - distance(b)).slice(0, MAX_SHOWN);
    }
    const show = new Set(near);
    for (const t of tiles) {
      if (show.has(t) === t.shown) continue;
      t.shown = !t.shown;
      t.tile.style.display = t.shown ? "" : "none";
    }
  };
  new MutationObserver(update).observe(svg, { attributes: true, attributeFilter: ["style"] });
}

/** The SVG x units on screen, widened by MARGIN_SCREENS; null (show all) if not measurable. */
function visibleRange(svg) {
  const container = svg.parentElement;
  const box = svg.viewBox.baseVal;
  const width = Number.parseFloat(svg.style.width);
  if (!container || !box || !(width > 0)) return null;
  const shift = /translate\(\s*(-?[\d.e+-]+)px/.exec(svg.style.transform);
  const tx = shift ? Number(shift[1]) : 0;
  const scale = box.width / width; // SVG units per CSS pixel
  const screen = Math.max(1, container.clientWidth);
  const margin = MARGIN_SCREENS * screen;
  const inner = svg.querySelector("g.graph")?.transform.baseVal.consolidate()?.matrix.e ?? 0;
  return {
    x0: box.x + (-tx - margin) * scale - inner,
    x1: box.x + (screen - tx + margin) * scale - inner,
  };
}

// A big Graphviz graph's paint tiles (graph-tiles.js) away from the view skip rendering:
// Chromium's paint, pre-paint and layerization of a frame grow with everything drawn, cached
// or not (on the MLP preset's 14,500 elements they were most of a step's frame). A hidden tile
// has `content-visibility: hidden` on its <svg>. Changing it costs a frame 4-10 ms of style
// and layout, however small the tile, so on a step only the tiles that come on screen are
// shown at once; the rest (showing those near the view and where the next or the previous
// step will pan to, hiding the others) waits until the page is idle and is styled and laid
// out there, not in a step's frame.

const NEAR_SCREENS = 0.5; // tiles this many view widths/heights beyond the view are kept shown
// When idle, but within IDLE_WAIT_MS: a busy page (Python booting) left it waiting for seconds.
const IDLE_WAIT_MS = 150;
const idle = globalThis.requestIdleCallback
  ? (fn) => requestIdleCallback(fn, { timeout: IDLE_WAIT_MS })
  : (fn) => setTimeout(fn, 50);

export class TileCuller {
  /** svg: the graph's <svg>, already tiled and not yet on screen. Every tile starts hidden:
   * only those the first view shows (`show`) are styled and laid out for its first frame, the
   * ones near it when idle (a neuron opened on the folded MLP: its install ~75 → ~40 ms, most
   * tiles off screen). */
  constructor(svg) {
    this.svg = svg;
    const root = svg.querySelector("g.graph");
    const m = root?.transform.baseVal.consolidate()?.matrix ?? { a: 1, d: 1, e: 0, f: 0 };
    const holders = root?.querySelectorAll(":scope > foreignObject.tile") ?? [];
    this.tiles = [...holders].map((holder) => {
      const [x, y, width, height] = ["x", "y", "width", "height"].map((name) => {
        return Number(holder.getAttribute(name));
      });
      const box = { x: m.a * x + m.e, y: m.d * y + m.f, width: m.a * width, height: m.d * height };
      return { inner: holder.firstElementChild, box, shown: true };
    });
    for (const tile of this.tiles) this.set(tile, false);
    this.view = null;
    this.upcoming = []; // the views the next steps will pan to
    this.pending = false;
  }

  /** The views (visible boxes) the next steps may pan to: drawn ahead, when idle. */
  expect(views) {
    this.upcoming = views.filter(Boolean);
    this.later();
  }

  /** The view moved to `view` (the visible box in the <svg>'s units, pan-zoom.js). */
  show(view) {
    this.view = view;
    for (const tile of this.tiles) {
      if (!tile.shown && overlaps(tile.box, view)) this.set(tile, true);
    }
    this.later();
  }

  later() {
    if (this.pending) return;
    this.pending = true;
    idle(() => this.settle());
  }

  /** Idle: show the tiles near the view, hide the others, and style and lay them out now. */
  settle() {
    this.pending = false;
    if (!this.view) return;
    const { x, y, width, height } = this.view;
    const [mx, my] = [width * NEAR_SCREENS, height * NEAR_SCREENS];
    const near = { x: x - mx, y: y - my, width: width + 2 * mx, height: height + 2 * my };
    let changed = false;
    for (const tile of this.tiles) {
      const shown = [near, ...this.upcoming].some((box) => overlaps(tile.box, box));
      if (shown !== tile.shown) {
        this.set(tile, shown);
        changed = true;
      }
    }
    if (changed && this.svg.isConnected) this.svg.getBoundingClientRect(); // style and layout now
  }

  set(tile, shown) {
    tile.shown = shown;
    tile.inner.style.contentVisibility = shown ? "" : "hidden";
  }
}

function overlaps(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
