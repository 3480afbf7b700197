// A big Graphviz graph in tiles, so a step repaints a few hundred elements, not all of them.
//
// Chromium paints an SVG as one unit (one paint layer): changing one grad text or one
// highlight class on the 984-value MLP graph re-recorded all ~14,500 elements, every step
// (Paint ~8 ms, PrePaint ~4, Layout ~2 on this machine). Inside an SVG, only a
// <foreignObject> starts a paint layer of its own, and Chromium keeps each unchanged layer's
// recorded paint. So the nodes and edges go into a grid of tiles, each a <foreignObject>
// holding its own <svg> with the same coordinates (viewBox = the tile's box): a step repaints
// the tiles whose nodes it touched. The groups keep their ids, classes and coordinates, so
// graph-view.js, highlights, clicks and pan/zoom work unchanged; `untile` puts a copy back in
// one piece for a downloaded file. Tiles away from the view are not rendered at all
// (tile-culler.js, `TileCuller`).
import { union } from "./node-boxes.js";
import { round } from "./plane-map.js";

const SVG_NS = "http://www.w3.org/2000/svg";
export const MIN_GROUPS = 300; // nodes and edges: below this a graph repaints fast enough whole
export const TILE_SIZE = 1000; // SVG units per tile side (about a screen at readable zoom)
const PAD = 8; // SVG units around a tile's content: thick highlight strokes, text overhang

/** Split `svg` (Graphviz's, not yet tiled) into tiles if it is big; true if it did. */
export function tileSvg(svg) {
  const root = svg.querySelector("g.graph");
  if (!root || root.querySelector(":scope > foreignObject.tile")) return false;
  const groups = [...root.children].filter((c) => c.matches("g.node, g.edge"));
  if (groups.length < MIN_GROUPS) return false;
  const items = groups.map((group) => {
    return { group, box: extent(group), edge: group.matches(".edge") };
  });
  for (const tile of gridTiles(items, TILE_SIZE)) {
    const { x, y, width, height } = padded(tile.box, PAD);
    const holder = element("foreignObject", { class: "tile", x, y, width, height });
    const inner = element("svg", { viewBox: `${x} ${y} ${width} ${height}`, width, height });
    // Edges first, then the nodes over them, as in each tile of the layered layout.
    inner.append(...tile.items.filter((i) => i.edge).map((i) => i.group));
    inner.append(...tile.items.filter((i) => !i.edge).map((i) => i.group));
    holder.append(inner);
    root.append(holder);
  }
  return true;
}

/** A copy for a file: each tile's groups back in a plain <g>, which any SVG viewer draws
 * (svg-file.js calls this after taking the classes off, so any tile-shaped foreignObject). */
export function untile(svg) {
  const holders = svg.querySelectorAll("g.graph > foreignObject, g[id^='graph'] > foreignObject");
  for (const holder of holders) {
    const inner = holder.firstElementChild;
    if (holder.childElementCount !== 1 || inner.localName !== "svg") continue;
    const group = element("g", {});
    group.append(...inner.childNodes);
    holder.replaceWith(group);
  }
  return svg;
}

/**
 * Items ({box, …}, boxes in SVG units) → tiles [{box, items}]: each item goes to the grid
 * cell of its box's centre, and a tile's box is the union of its items' boxes (a long edge
 * makes its tile bigger than a cell). Items without a box go to the first tile.
 */
export function gridTiles(items, size) {
  const cells = new Map();
  const loose = [];
  for (const item of items) {
    if (!item.box) {
      loose.push(item);
      continue;
    }
    const { x, y, width, height } = item.box;
    const key = `${Math.floor((x + width / 2) / size)},${Math.floor((y + height / 2) / size)}`;
    if (!cells.has(key)) cells.set(key, { box: item.box, items: [] });
    const cell = cells.get(key);
    cell.box = union(cell.box, item.box);
    cell.items.push(item);
  }
  const tiles = [...cells.values()];
  if (loose.length) {
    if (tiles.length) tiles[0].items.push(...loose);
    else tiles.push({ box: { x: 0, y: 0, width: 0, height: 0 }, items: loose });
  }
  return tiles;
}

/** A group's box from its shapes' coordinates (points, d, cx/cy/rx/ry): no layout needed. */
export function extent(group) {
  const xs = [];
  const ys = [];
  for (const shape of group.children) {
    const name = shape.localName;
    let numbers = [];
    if (name === "polygon" || name === "polyline") {
      numbers = numbersOf(shape.getAttribute("points"));
    }
    else if (name === "path") numbers = numbersOf(shape.getAttribute("d"));
    else if (name === "ellipse") {
      const [cx, cy, rx, ry] = ["cx", "cy", "rx", "ry"].map((a) => Number(shape.getAttribute(a)));
      numbers = [cx - rx, cy - ry, cx + rx, cy + ry];
    }
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      if (!Number.isFinite(numbers[i]) || !Number.isFinite(numbers[i + 1])) continue;
      xs.push(numbers[i]);
      ys.push(numbers[i + 1]);
    }
  }
  if (!xs.length) return null;
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Graphviz writes absolute coordinates ("M1,2C3,4 …", "1,2 3,4"): the numbers in order. */
export function numbersOf(text) {
  return (text ?? "").match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi)?.map(Number) ?? [];
}

function padded({ x, y, width, height }, pad) {
  const size = { width: round(width + 2 * pad), height: round(height + 2 * pad) };
  return { x: round(x - pad), y: round(y - pad), ...size };
}

function element(name, attributes) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}
