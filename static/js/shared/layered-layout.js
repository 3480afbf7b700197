// A layered layout in linear time, for graphs Graphviz cannot lay out fast (or at all: in
// WASM a 3,000-value chain overflows its stack). Left to right like our DOT (rankdir=LR):
//   1. ranks as the record gives them (engine.record.layout_choice.ranks: the longest path from
//      the inputs; a leaf just before its first use);
//   2. "extract high-degree nodes" (TensorBoard's trick): an input used by many ops is drawn
//      once, and each use gets a short stub with its name instead of a long edge;
//   3. from the output leftwards, each node wants the mean height of the nodes it feeds; each
//      rank keeps that order and spaces its nodes with the least weighted movement (pool
//      adjacent violators: linear), deep nodes weighing more, so a long chain stays straight.
// No recursion (a chain is 20,000 deep) and no virtual nodes for long edges (drawn straight).

export const HUB_USES = 8; // an input with more uses than this is drawn as stubs
export const CHAR_WIDTH = 7.2; // Courier 12 pt, as Graphviz measures it
export const FIELD_PAD = 16;
export const RECORD_HEIGHT = 36; // 0.5 in, Graphviz's default node height
export const OP_RX = 27; // Graphviz's default ellipse, 0.75 x 0.5 in
export const OP_RY = 18;
export const NODE_SEP = 18; // 0.25 in between nodes of a rank
export const RANK_SEP = 36; // 0.5 in between ranks
export const STUB_SEP = 90; // between ranks when stubs need room for a name
export const STUB_CHARS = 8; // a stub's name is cut to this many characters

/** Node sizes as Graphviz would make them: a record's fields side by side, an op's ellipse. */
export function measure(node) {
  if (node.shape === "record") {
    const widths = node.fields.map((f) => Math.ceil(f.length * CHAR_WIDTH + FIELD_PAD));
    return { widths, width: widths.reduce((a, b) => a + b, 0), height: RECORD_HEIGHT };
  }
  const text = node.fields[0].length * CHAR_WIDTH;
  return { widths: [], width: 2 * Math.max(OP_RX, text / 2 + 12), height: 2 * OP_RY };
}

/**
 * Positions for `graph` (static/js/graph/record-dot.js layeredGraph's shape: {nodes: [{id, shape,
 * cls, fields, rank}], edges: [{id, from, to, count?}]}): {nodes: [{id, shape, cls, fields, x,
 * y, width, height, widths}] (centres), edges: [{id, from, to, count, stub}], width, height}.
 * An edge whose `from` is a hub is a stub; `count`: how many edges it stands for (1 unless
 * given).
 */
export function layeredLayout(graph) {
  const { nodes } = graph;
  const { edges, from, inDegree, outDegree, outs, order, rank } = ranked(graph);
  const n = nodes.length;
  const hub = Uint8Array.from(nodes, (_, i) => (inDegree[i] === 0 && outDegree[i] > HUB_USES ? 1 : 0));
  const sizes = nodes.map(measure);
  const depth = Float64Array.from(rank, (r, i) => (inDegree[i] ? r + 1 : 1));
  const y = placeRanks(order, rank, outs, depth, sizes);
  const hasStubs = hub.some(Boolean);
  const x = columns(rank, sizes, hasStubs ? STUB_SEP : RANK_SEP);
  let top = Infinity;
  let bottom = -Infinity;
  for (let i = 0; i < n; i++) {
    top = Math.min(top, y[i] - sizes[i].height / 2);
    bottom = Math.max(bottom, y[i] + sizes[i].height / 2);
  }
  if (!n) top = bottom = 0;
  const placed = nodes.map((node, i) => {
    const { width, height, widths } = sizes[i];
    const { id, shape, cls, fields } = node;
    return { id, shape, cls, fields, width, height, widths, x: x.centre[i], y: y[i] - top };
  });
  return {
    nodes: placed,
    edges: edges.map((e, k) => ({ id: e.id, from: e.from, to: e.to, count: e.count ?? 1, stub: hub[from[k]] === 1 })),
    width: x.width,
    height: bottom - top,
  };
}

/**
 * The graph as arrays, ranked as the record says (engine.record.layout_choice.ranks), in the
 * order nodes are tried for the same height: inputs first, then the rest, each in the record's
 * (topological) order.
 */
export function ranked(graph) {
  const index = new Map(graph.nodes.map((node, i) => [node.id, i]));
  const edges = graph.edges.filter((e) => index.has(e.from) && index.has(e.to));
  const n = graph.nodes.length;
  const from = Int32Array.from(edges, (e) => index.get(e.from));
  const to = Int32Array.from(edges, (e) => index.get(e.to));
  const inDegree = new Int32Array(n);
  const outDegree = new Int32Array(n);
  for (let k = 0; k < edges.length; k++) {
    outDegree[from[k]]++;
    inDegree[to[k]]++;
  }
  const outs = adjacency(n, from, to);
  const order = [];
  for (let i = 0; i < n; i++) if (inDegree[i] === 0) order.push(i);
  for (let i = 0; i < n; i++) if (inDegree[i] !== 0) order.push(i);
  const rank = Int32Array.from(graph.nodes, (node) => node.rank);
  return { edges, from, to, inDegree, outDegree, outs, order, rank };
}

/** For each node, the nodes its edges lead to (CSR arrays: start offsets, then targets). */
function adjacency(n, from, to) {
  const start = new Int32Array(n + 1);
  for (const f of from) start[f + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const target = new Int32Array(from.length);
  for (let k = 0; k < from.length; k++) target[fill[from[k]]++] = to[k];
  return { start, target };
}

/** Heights (centres), rank by rank from the last: see the header, step 3. `depth` weighs a
 * node: the longest path behind it, so an input gives way to the chain it joins. */
function placeRanks(order, rank, outs, depth, sizes) {
  const n = order.length;
  const position = new Int32Array(n); // topological position: the tie-break
  order.forEach((i, p) => (position[i] = p));
  const byRank = [];
  for (const i of order) (byRank[rank[i]] ??= []).push(i);
  const y = new Float64Array(n);
  const wanted = new Float64Array(n);
  for (let r = byRank.length - 1; r >= 0; r--) {
    const members = byRank[r] ?? [];
    for (const i of members) {
      let sum = 0;
      let count = 0;
      for (let k = outs.start[i]; k < outs.start[i + 1]; k++) {
        sum += y[outs.target[k]];
        count++;
      }
      wanted[i] = count ? sum / count : 0;
    }
    members.sort((a, b) => wanted[a] - wanted[b] || position[a] - position[b]);
    spread(members, wanted, depth, sizes, y);
  }
  return y;
}

/** Centres for `members` (in order) as near `wanted` as the spacing allows, weighted least
 * squares: with offsets taken out the constraint is "non-decreasing", which pool adjacent
 * violators solves in one pass. */
function spread(members, wanted, weight, sizes, y) {
  const offset = new Float64Array(members.length);
  for (let k = 1; k < members.length; k++) {
    const gap = (sizes[members[k - 1]].height + sizes[members[k]].height) / 2 + NODE_SEP;
    offset[k] = offset[k - 1] + gap;
  }
  const blocks = []; // [sum of weights, weighted sum, first member]
  for (let k = 0; k < members.length; k++) {
    const w = weight[members[k]];
    let block = [w, w * (wanted[members[k]] - offset[k]), k];
    while (blocks.length && mean(blocks[blocks.length - 1]) >= mean(block)) {
      const last = blocks.pop();
      block = [last[0] + block[0], last[1] + block[1], last[2]];
    }
    blocks.push(block);
  }
  for (let b = 0; b < blocks.length; b++) {
    const end = b + 1 < blocks.length ? blocks[b + 1][2] : members.length;
    for (let k = blocks[b][2]; k < end; k++) y[members[k]] = mean(blocks[b]) + offset[k];
  }
}

function mean(block) {
  return block[1] / block[0];
}

/** Rank columns left to right, each as wide as its widest node; nodes centred in them. */
function columns(rank, sizes, sep) {
  const widths = [];
  rank.forEach((r, i) => (widths[r] = Math.max(widths[r] ?? 0, sizes[i].width)));
  const left = [];
  let x = 0;
  for (let r = 0; r < widths.length; r++) {
    left[r] = x;
    x += (widths[r] ?? 0) + sep;
  }
  const centre = Float64Array.from(rank, (r) => left[r] + widths[r] / 2);
  return { centre, width: Math.max(0, x - sep) };
}
