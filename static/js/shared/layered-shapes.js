// One element of the layered layout's SVG as text, in the structure Graphviz gives our DOT
// (layered-svg.js puts them in tiles): a value's <g id=… class="node value …"> (its outline
// and field separators in one polygon, then one <text> per field: label, data, grad), an op's
// <g id=… class="node op"> with an ellipse, an edge's <g id="e-…" class="edge"> with a path (and
// its count, ×16, when it stands for several), and a stub: a short arrow from a hub's name beside the op it feeds (class "edge stub"). Every
// arrowhead is one shared marker; numbers are whole points and text is escaped XML.
import { STUB_CHARS } from "./layered-layout.js";

// One arrowhead for every edge (arrowsize 0.6), in the colour of the edge's line, so a
// highlighted edge's arrow follows it: one element per edge fewer than Graphviz's polygons.
export const ARROWHEAD =
  '<defs><marker id="arrow" viewBox="0 0 6 4.2" refX="6" refY="2.1" markerUnits="userSpaceOnUse"' +
  ' markerWidth="6" markerHeight="4.2" orient="auto"><polygon points="0,0 6,2.1 0,4.2"' +
  ' fill="context-stroke" stroke="none"/></marker></defs>';
// A group of plain edges: they inherit its fill and arrowhead (two attributes fewer each). A
// stub's name is text, which a fill of none would hide: stubs carry their own.
export const PLAIN_EDGES = '<g fill="none" marker-end="url(#arrow)">';
const STUB_LENGTH = 22;
const STUB_STEP = 14; // between the stubs into one node
export const STUB_ROOM = STUB_LENGTH + 2 + STUB_CHARS * 7.2; // a stub and its name, left of its node
const BASELINE = 3.6; // from a row's centre to its text's baseline (12 pt Courier)
const COUNT_RISE = 3; // an edge's count: its baseline this far above the line's middle
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const NEEDS_ESCAPE = /[^\t\n\r\u0020-\u0021\u0023-\u0025\u0027-\u003B\u003D\u003F-\uD7FF\uE000-\uFFFD]/u;
const XML_SPECIAL = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** A laid-out node: a value's record, or an op's ellipse. */
export function nodeSvg(node) {
  return node.shape === "record" ? record(node) : ellipse(node);
}

function record(node) {
  const left = num(node.x - node.width / 2);
  const right = num(node.x + node.width / 2);
  const top = num(node.y - node.height / 2);
  const bottom = num(node.y + node.height / 2);
  const baseline = num(node.y + BASELINE);
  // The outline and the field separators in one polygon (one element fewer a node): round
  // the box, then along the top border down each separator and back; the spikes enclose no
  // area, so the fill is the box's.
  let points = `${left},${top} ${left},${bottom} ${right},${bottom} ${right},${top}`;
  const texts = [];
  let x = node.x - node.width / 2;
  const separators = [];
  node.fields.forEach((text, k) => {
    if (k) separators.push(num(x));
    const w = node.widths[k];
    texts.push(`<text x="${num(x + w / 2)}" y="${baseline}" stroke="none">${xml(text)}</text>`);
    x += w;
  });
  for (const s of separators.reverse()) points += ` ${s},${top} ${s},${bottom} ${s},${top}`;
  return (
    `<g id="${xml(node.id)}" class="${xml(node.cls ? `node ${node.cls}` : "node")}">` +
    `<polygon fill="none" points="${points} ${left},${top}"/>${texts.join("")}</g>`
  );
}

function ellipse(node) {
  const rx = node.width / 2;
  const ry = node.height / 2;
  return (
    `<g id="${xml(node.id)}" class="${xml(node.cls ? `node ${node.cls}` : "node")}">` +
    `<ellipse fill="none" cx="${num(node.x)}" cy="${num(node.y)}" rx="${num(rx)}" ry="${num(ry)}"/>` +
    `<text x="${num(node.x)}" y="${num(node.y + BASELINE)}" stroke="none">` +
    `${xml(node.fields[0] ?? "")}</text>` +
    "</g>"
  );
}

/** A plain edge: a straight line from `source`'s right side into `target` (inside PLAIN_EDGES).
 * One that stands for several (`count`, a folded view's) says how many at its middle, as
 * Graphviz draws the DOT's `label="×16"`; its own fill, as PLAIN_EDGES' is none. */
export function edgeSvg(edge, source, target) {
  const start = { x: source.x + source.width / 2, y: source.y };
  const end = entry(target, start);
  let label = "";
  if (edge.count > 1) {
    const at = `x="${num((start.x + end.x) / 2)}" y="${num((start.y + end.y) / 2 - COUNT_RISE)}"`;
    label = `<text ${at} fill="black" stroke="none">${xml(`×${edge.count}`)}</text>`;
  }
  return edgeGroup(edge, "edge", start, end, label, "");
}

/** A stub: the hub's name, then a short arrow into the op from above its other inputs (so
 * no edge runs through the name); the stubs into one op stack upwards (`k`: from stubSlots). */
export function stubSvg(edge, source, target, [k]) {
  const y = target.y - target.height / 2 - k * STUB_STEP;
  const start = { x: target.x - target.width / 2 - STUB_LENGTH, y };
  const end = entry(target, start);
  const name = source.fields[0] ?? source.id;
  const short = name.length > STUB_CHARS ? `${name.slice(0, STUB_CHARS - 1)}…` : name;
  const at = `x="${num(start.x - 2)}" y="${num(y + BASELINE)}"`;
  const label = `<text text-anchor="end" ${at} stroke="none">${xml(short)}</text>`;
  return edgeGroup(edge, "edge stub", start, end, label, ' fill="none" marker-end="url(#arrow)"');
}

function edgeGroup(edge, cls, start, end, extra, attributes) {
  return (
    `<g id="${xml(edge.id)}" class="${cls}">` +
    `<path d="M${num(start.x)},${num(start.y)}L${num(end.x)},${num(end.y)}"${attributes}/>` +
    extra +
    "</g>"
  );
}

/** Where a line from `from` enters `node`: its ellipse, or its box's left side. */
export function entry(node, from) {
  if (node.shape === "record") {
    const half = node.height / 2;
    return { x: node.x - node.width / 2, y: Math.min(node.y + half, Math.max(node.y - half, from.y)) };
  }
  const rx = node.width / 2;
  const ry = node.height / 2;
  const dx = from.x - node.x;
  const dy = from.y - node.y;
  const h = Math.hypot(dx / rx, dy / ry);
  const t = h ? 1 / h : 0;
  return { x: node.x + dx * t, y: node.y + dy * t };
}

/** For each stub edge, [its place among the stubs into the same node, how many there are].*/
export function stubSlots(edges) {
  const count = new Map();
  const slots = new Map();
  for (const edge of edges) {
    if (!edge.stub) continue;
    const k = count.get(edge.to) ?? 0;
    count.set(edge.to, k + 1);
    slots.set(edge, k);
  }
  for (const [edge, k] of slots) slots.set(edge, [k, count.get(edge.to)]);
  return slots;
}

/** A rectangle's points, closed. */
export function box(x, y, w, h) {
  const [l, t, r, b] = [x, y, x + w, y + h].map(num);
  return `${l},${t} ${l},${b} ${r},${b} ${r},${t} ${l},${t}`;
}

/** A coordinate to the point: plenty on screen (text is 12 points), short text, and an
 * integer is turned into text faster than a fraction (~15% of the SVG's time at 20,000). */
export function num(x) {
  return Math.round(x);
}

/** Text as XML character data: specials escaped, what XML cannot carry replaced. */
export function xml(text) {
  const s = String(text);
  if (!NEEDS_ESCAPE.test(s)) return s; // most texts: "data 0.5000"
  return s.replace(NOT_XML, "\uFFFD").replace(/[&<>"]/g, (ch) => XML_SPECIAL[ch]);
}
