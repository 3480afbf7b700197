// The layered layout's graph (static/js/graph/record-dot.js layeredGraph: {nodes: [{id, shape,
// cls, fields, rank}], edges: [{id, from, to}]}) packed for the message to the layout worker:
// its texts in one string and its numbers in typed arrays. A message copies a string or an
// array of numbers in one piece, but each object on its own: at 20,000 values the objects took
// ~0.5 s to copy, the packed graph ~15 ms.

const SEPARATOR = "\u0000"; // never in a text: record-dot.js replaces it, ids are [A-Za-z0-9_-]

/** {texts, counts, ranks, nodes}: per node its id, shape, class and fields; then per edge its
 * id, from and to; `counts` holds each node's number of fields. */
export function packGraph(graph) {
  const texts = [];
  const counts = new Uint8Array(graph.nodes.length);
  const ranks = new Int32Array(graph.nodes.length);
  graph.nodes.forEach((node, i) => {
    texts.push(node.id, node.shape, node.cls, ...node.fields);
    counts[i] = node.fields.length;
    ranks[i] = node.rank;
  });
  for (const edge of graph.edges) texts.push(edge.id, edge.from, edge.to);
  return { texts: texts.join(SEPARATOR), counts, ranks, nodes: graph.nodes.length };
}

/** The graph packGraph packed. */
export function unpackGraph({ texts, counts, ranks, nodes: n }) {
  const parts = texts.split(SEPARATOR);
  const nodes = new Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const [id, shape, cls] = [parts[k], parts[k + 1], parts[k + 2]];
    const fields = parts.slice(k + 3, k + 3 + counts[i]);
    k += 3 + counts[i];
    nodes[i] = { id, shape, cls, fields, rank: ranks[i] };
  }
  const edges = [];
  for (; k + 2 < parts.length; k += 3) edges.push({ id: parts[k], from: parts[k + 1], to: parts[k + 2] });
  return { nodes, edges };
}
