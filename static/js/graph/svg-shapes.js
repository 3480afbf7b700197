// A Graphviz drawing's shapes moved (in-place.js): a node whole with its centre, a cluster's
// frame and the background by a plane map (plane-map.js), an edge's ends with the nodes they
// join and its middle by the map; whether a map makes nodes overlap; the <svg>'s size made to
// hold what was moved. Graphviz writes absolute coordinates, so moving is rewriting them.
import { extent } from "./graph-tiles.js";
import { edgeMove, mapPairs, round, shift } from "./plane-map.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const STILL = (x, y) => [x, y];
const CLEARANCE = 4; // SVG units: nodes closer than this after a fold count as overlapping

/** Each node moved whole with its centre, each cluster frame and the background by the plane,
 * each edge's ends with its nodes and its middle by the plane (an edge between two nodes that
 * stay, both before the region, stays). Returns node id → its shift, for those that move. */
export function moveAll(root, map, edges) {
  const moves = new Map();
  for (const node of root.querySelectorAll(":scope > g.node")) {
    const box = extent(node);
    if (!box) continue;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const [nx, ny] = map(cx, cy);
    if (nx === cx && ny === cy) continue; // before the region on both axes
    const move = shift(nx - cx, ny - cy);
    moves.set(node.id, move);
    shiftGroup(node, move);
  }
  for (const cluster of root.querySelectorAll(":scope > g.cluster")) shiftGroup(cluster, map);
  const background = root.querySelector(":scope > polygon");
  if (background) background.setAttribute("points", mapPairs(background.getAttribute("points"), map));
  for (const group of root.querySelectorAll(":scope > g.edge")) {
    const edge = edges.get(group.id);
    if (edge && !moves.has(edge.from) && !moves.has(edge.to)) continue; // between two still nodes
    const tail = moves.get(edge?.from) ?? STILL;
    const head = moves.get(edge?.to) ?? STILL;
    for (const shape of group.children) {
      if (shape.localName === "path") shape.setAttribute("d", mapPairs(shape.getAttribute("d"), edgeMove(tail, head, map)));
      else if (shape.localName === "polygon") shape.setAttribute("points", mapPairs(shape.getAttribute("points"), head));
      else if (shape.localName === "text") moveText(shape, map);
    }
  }
  return moves;
}

/** Every shape of `group` (polygons, polylines, paths, ellipses, texts) moved by `move`. */
export function shiftGroup(group, move) {
  for (const shape of group.children) {
    const name = shape.localName;
    if (name === "polygon" || name === "polyline") shape.setAttribute("points", mapPairs(shape.getAttribute("points"), move));
    else if (name === "path") shape.setAttribute("d", mapPairs(shape.getAttribute("d"), move));
    else if (name === "ellipse" || name === "text") moveText(shape, move, name === "ellipse" ? ["cx", "cy"] : ["x", "y"]);
  }
}

function moveText(shape, move, [ax, ay] = ["x", "y"]) {
  const [x, y] = move(Number(shape.getAttribute(ax)), Number(shape.getAttribute(ay)));
  shape.setAttribute(ax, round(x));
  shape.setAttribute(ay, round(y));
}

/** Would any two nodes that did not overlap overlap once moved by `map`? */
export function overlaps(boxes, map) {
  const moved = boxes.map((b) => {
    const [cx, cy] = map(b.x + b.width / 2, b.y + b.height / 2);
    return { x: cx - b.width / 2, y: cy - b.height / 2, width: b.width, height: b.height };
  });
  for (let i = 0; i < moved.length; i++) {
    for (let j = i + 1; j < moved.length; j++) {
      if (near(moved[i], moved[j], CLEARANCE) && !near(boxes[i], boxes[j], 0)) return true;
    }
  }
  return false;
}

function near(a, b, gap) {
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

/** The <svg>'s size, viewBox and its g.graph's offset made to hold the drawing as mapped
 * (Graphviz's g.graph: `scale(s) rotate(0) translate(t)`, its origin the bottom left). */
export function resize(svg, root, map) {
  const box = svg.viewBox.baseVal;
  const transform = root.getAttribute("transform") ?? "";
  const numbers = (name) => /\(([^)]*)\)/.exec(transform.slice(transform.indexOf(name)))?.[1].split(/[\s,]+/).map(Number);
  const [sx = 1, sy = sx] = transform.includes("scale") ? numbers("scale") : [];
  const [tx = 0, ty = 0] = transform.includes("translate") ? numbers("translate") : [];
  // The old extent in g.graph's units, mapped: its corners go where the plane's ends went.
  const [x0, y0] = map(box.x / sx - tx, box.y / sy - ty);
  const [x1, y1] = map((box.x + box.width) / sx - tx, (box.y + box.height) / sy - ty);
  const [width, height] = [round((x1 - x0) * sx), round((y1 - y0) * sy)];
  const offset = `translate(${round(box.x / sx - x0)} ${round(box.y / sy - y0)})`;
  root.setAttribute("transform", `scale(${sx} ${sy}) rotate(0) ${offset}`);
  svg.setAttribute("viewBox", `${box.x} ${box.y} ${width} ${height}`);
  svg.setAttribute("width", `${width}pt`);
  svg.setAttribute("height", `${height}pt`);
}

export function byId(root, id) {
  for (const child of root.children) if (child.id === id) return child;
  return null;
}

export function element(name, attributes) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}
