// The layered layout as SVG text with the structure Graphviz gives our DOT, so graph-view.js
// indexes it the same way: a <g id=… class="node value …"> per value (outline polygon first,
// its field separators in it, then one <text> per field: label, data, grad), a
// <g id=… class="node op"> with an ellipse,
// <g id="e-…" class="edge"> with a path (its arrowhead a shared marker). An edge from a hub
// is a stub: a short arrow from the hub's name beside the op it feeds (class "edge stub").
// No line breaks between elements: the HTML parser makes a whitespace Text node of each, and
// at 20,000 values those ~250,000 nodes took half of the page's parse (~0.7 of 1.4 s).
import { STUB_CHARS, layeredLayout } from "./layered-layout.js";

const MARGIN = 4;
// One arrowhead for every edge (arrowsize 0.6), in the colour of the edge's line, so a
// highlighted edge's arrow follows it: one element per edge fewer than Graphviz's polygons.
const ARROWHEAD =
  '<defs><marker id="arrow" viewBox="0 0 6 4.2" refX="6" refY="2.1" markerUnits="userSpaceOnUse"' +
  ' markerWidth="6" markerHeight="4.2" orient="auto"><polygon points="0,0 6,2.1 0,4.2"' +
  ' fill="context-stroke" stroke="none"/></marker></defs>';
const EDGES = '<g fill="none" marker-end="url(#arrow)">';
const STUB_LENGTH = 22;
const STUB_STEP = 14; // between the stubs into one node
const STUB_ROOM = STUB_LENGTH + 2 + STUB_CHARS * 7.2; // a stub and its name, left of its node
const TILE_WIDTH = 1000; // SVG units of columns per tile (about a screen)
const BASELINE = 3.6; // from a row's centre to its text's baseline (12 pt Courier)
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const NEEDS_ESCAPE = /[^\t\n\r\u0020-\u0021\u0023-\u0025\u0027-\u003B\u003D\u003F-\uD7FF\uE000-\uFFFD]/u;
const XML_SPECIAL = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const ENCODER = new TextEncoder();
const CHUNK_BYTES = 1 << 20; // the layout worker sends the SVG's tiles about this much at a time
const DECODER = new TextDecoder();

/** A record's graph (static/js/graph/record-dot.js layeredGraph) → {svg: SVG text laid out by
 * layeredLayout, stubs: how many}. */
export function layeredSVG(graph) {
  const layout = layeredLayout(graph);
  return { svg: svgOf(layout), stubs: layout.edges.filter((e) => e.stub).length };
}

/**
 * The same in UTF-8 chunks, for the layout worker: `send(bytes)` gets the frame first (a whole
 * <svg> whose g.graph holds no tiles yet), then the tiles in order, whole tiles of about
 * `size` bytes a chunk, so that the page parses each while the next is written. The stubs'
 * count is returned.
 */
export function layeredChunksOf(graph, send, size = CHUNK_BYTES) {
  const layout = layeredLayout(graph);
  const [head, tail] = frame(layout);
  send(ENCODER.encode(head + tail));
  const out = new ByteWriter(size + size / 4);
  out.tileDone = () => {
    if (out.length < size) return;
    send(out.bytes());
    out.buffer = new Uint8Array(out.buffer.length);
    out.length = 0;
  };
  writeTiles(layout, out);
  if (out.length) send(out.bytes());
  return layout.edges.filter((e) => e.stub).length;
}

export function svgOf(layout) {
  return DECODER.decode(svgBytes(layout));
}

/**
 * The SVG, written tile by tile straight into bytes: no piece of it outlives its writing (at
 * 20,000 values, keeping every element's text until the end made garbage collection most of
 * the SVG's time).
 */
function svgBytes(layout) {
  const [head, tail] = frame(layout);
  const out = new ByteWriter(600 * layout.nodes.length + 4096);
  out.write(head);
  writeTiles(layout, out);
  out.write(tail);
  return out.bytes();
}

/** The SVG's text before its tiles and after them. */
function frame(layout) {
  const width = layout.width + 2 * MARGIN;
  const height = layout.height + 2 * MARGIN;
  const head =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}pt" height="${num(height)}pt"` +
    ` viewBox="0 0 ${num(width)} ${num(height)}" data-layout="layered">` +
    // Shared presentation attributes once, inherited (Graphviz repeats them on each element).
    `<g id="graph0" class="graph" transform="translate(${MARGIN} ${MARGIN})" stroke="black"` +
    ` font-family="Courier,monospace" font-size="12.00" text-anchor="middle">` +
    `<polygon fill="white" stroke="transparent" points="${box(-MARGIN, -MARGIN, width, height)}"/>` +
    ARROWHEAD;
  return [head, "</g></svg>"];
}

/** Every tile, in order, into `out` (a ByteWriter; told after each tile). */
function writeTiles(layout, out) {
  const { nodes, edges } = layout;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  // Each edge in the tile of the node it enters, each node in its own; a tile's x extent
  // covers what it holds (stubs included).
  const edgeTile = Int32Array.from(edges, (e) => Math.floor(byId.get(e.to).x / TILE_WIDTH));
  const nodeTile = Int32Array.from(nodes, (n) => Math.floor(n.x / TILE_WIDTH));
  const keys = [...new Set([...edgeTile, ...nodeTile])].sort((a, b) => a - b);
  const slot = new Map(keys.map((k, i) => [k, i]));
  const x0 = new Float64Array(keys.length).fill(Infinity);
  const x1 = new Float64Array(keys.length).fill(-Infinity);
  edges.forEach((edge, k) => {
    const target = byId.get(edge.to);
    const t = slot.get(edgeTile[k]);
    const start = edge.stub ? target.x - target.width / 2 - STUB_ROOM : byId.get(edge.from).x;
    x0[t] = Math.min(x0[t], start);
    x1[t] = Math.max(x1[t], target.x);
  });
  nodes.forEach((node, i) => {
    const t = slot.get(nodeTile[i]);
    x0[t] = Math.min(x0[t], node.x - node.width / 2);
    x1[t] = Math.max(x1[t], node.x + node.width / 2);
  });
  const edgesIn = byTile(edgeTile, slot);
  const nodesIn = byTile(nodeTile, slot);
  const stubs = stubSlots(edges);
  // Tiles start hidden: tile-culler.js shows those near the view. A tile is a nested <svg>
  // (same coordinates), not a <g>: Chromium still styles everything inside a hidden <g>, which
  // took seconds at 20,000 values, and nothing inside a hidden <svg>.
  const hidden = keys.length > 1 ? ' display="none"' : "";
  for (let t = 0; t < keys.length; t++) {
    const extent = `data-x0="${num(x0[t])}" data-x1="${num(x1[t])}"`;
    out.write(`<svg class="tile" overflow="visible" ${extent}${hidden}>`);
    // A tile's plain edges share their fill and arrowhead (inherited): two attributes fewer
    // each. A stub's name is text, which a fill of none would hide: stubs carry their own.
    const mine = edgesIn.start[t];
    const last = edgesIn.start[t + 1];
    let plain = false;
    for (let k = mine; k < last; k++) {
      const edge = edges[edgesIn.members[k]];
      if (edge.stub) continue;
      if (!plain) out.write(EDGES);
      plain = true;
      out.write(line(edge, byId.get(edge.from), byId.get(edge.to)));
    }
    if (plain) out.write("</g>");
    for (let k = mine; k < last; k++) {
      const edge = edges[edgesIn.members[k]];
      if (edge.stub) out.write(stub(edge, byId.get(edge.from), byId.get(edge.to), stubs.get(edge)));
    }
    for (let k = nodesIn.start[t]; k < nodesIn.start[t + 1]; k++) {
      const node = nodes[nodesIn.members[k]];
      out.write(node.shape === "record" ? record(node) : ellipse(node));
    }
    out.write("</svg>");
    out.tileDone();
  }
}

/** Members grouped by tile, in their own order within each (a counting sort): CSR arrays. */
function byTile(tileOf, slot) {
  const start = new Int32Array(slot.size + 1);
  const tiles = Int32Array.from(tileOf, (k) => slot.get(k));
  for (const t of tiles) start[t + 1]++;
  for (let t = 0; t < slot.size; t++) start[t + 1] += start[t];
  const fill = start.slice(0, slot.size);
  const members = new Int32Array(tiles.length);
  tiles.forEach((t, i) => (members[fill[t]++] = i));
  return { start, members };
}

/** UTF-8 text into one growing buffer. */
class ByteWriter {
  constructor(size) {
    this.buffer = new Uint8Array(size);
    this.length = 0;
  }

  write(text) {
    const most = 3 * text.length; // UTF-8 bytes per UTF-16 unit, at most
    if (this.length + most > this.buffer.length) {
      const bigger = new Uint8Array(Math.max(2 * this.buffer.length, this.length + most));
      bigger.set(this.buffer.subarray(0, this.length));
      this.buffer = bigger;
    }
    this.length += ENCODER.encodeInto(text, this.buffer.subarray(this.length)).written;
  }

  bytes() {
    return this.buffer.subarray(0, this.length);
  }

  tileDone() {}
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

function line(edge, source, target) {
  const start = { x: source.x + source.width / 2, y: source.y };
  const end = entry(target, start);
  return edgeGroup(edge, "edge", start, end, "", "");
}

/** A stub: the hub's name, then a short arrow into the op from above its other inputs (so
 * no edge runs through the name); the stubs into one op stack upwards. */
function stub(edge, source, target, [k]) {
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
function entry(node, from) {
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
function stubSlots(edges) {
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

function box(x, y, w, h) {
  const [l, t, r, b] = [x, y, x + w, y + h].map(num);
  return `${l},${t} ${l},${b} ${r},${b} ${r},${t} ${l},${t}`;
}

/** A coordinate to the point: plenty on screen (text is 12 points), short text, and an
 * integer is turned into text faster than a fraction (~15% of the SVG's time at 20,000). */
function num(x) {
  return Math.round(x);
}

/** Text as XML character data: specials escaped, what XML cannot carry replaced. */
export function xml(text) {
  const s = String(text);
  if (!NEEDS_ESCAPE.test(s)) return s; // most texts: "data 0.5000"
  return s.replace(NOT_XML, "\uFFFD").replace(/[&<>"]/g, (ch) => XML_SPECIAL[ch]);
}
