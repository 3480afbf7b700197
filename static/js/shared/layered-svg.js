// The layered layout as one SVG document with the structure Graphviz gives our DOT, so
// graph-view.js indexes it the same way (each element's text: layered-shapes.js): a frame (the
// <svg>, its g.graph, the shared arrowhead), then the graph in tiles of about a screen's width,
// written straight into UTF-8 bytes, whole or in chunks for the layout worker to send.
// No line breaks between elements: the HTML parser makes a whitespace Text node of each, and
// at 20,000 values those ~250,000 nodes took half of the page's parse (~0.7 of 1.4 s).
import { layeredLayout } from "./layered-layout.js";
import {
  ARROWHEAD,
  PLAIN_EDGES,
  STUB_ROOM,
  box,
  edgeSvg,
  nodeSvg,
  num,
  stubSlots,
  stubSvg,
} from "./layered-shapes.js";

const MARGIN = 4;
const TILE_WIDTH = 1000; // SVG units of columns per tile (about a screen)
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
    // The tile's plain edges in one group (PLAIN_EDGES), then its stubs, then its nodes.
    const mine = edgesIn.start[t];
    const last = edgesIn.start[t + 1];
    let plain = false;
    for (let k = mine; k < last; k++) {
      const edge = edges[edgesIn.members[k]];
      if (edge.stub) continue;
      if (!plain) out.write(PLAIN_EDGES);
      plain = true;
      out.write(edgeSvg(edge, byId.get(edge.from), byId.get(edge.to)));
    }
    if (plain) out.write("</g>");
    for (let k = mine; k < last; k++) {
      const edge = edges[edgesIn.members[k]];
      if (edge.stub) out.write(stubSvg(edge, byId.get(edge.from), byId.get(edge.to), stubs.get(edge)));
    }
    for (let k = nodesIn.start[t]; k < nodesIn.start[t + 1]; k++) {
      out.write(nodeSvg(nodes[nodesIn.members[k]]));
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
