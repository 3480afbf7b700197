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
