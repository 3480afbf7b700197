// Graphviz or the layered layout, chosen from the graph's shape before either runs.
//
// The estimate is app/layout_cost.py's (fitted to native dot; tests/js/layout-choice.test.mjs
// checks that both give the same figures on the same graphs): real plus virtual nodes, ranks
// by longest path. Graphviz draws nicer pictures, so it keeps every graph it lays out fast; in
// WASM it also overflows its stack on long chains (~3,000 values), whatever the estimate.
import { ranked } from "./layered-layout.js";

const DEFAULT_VIRTUAL = 1900; // app/layout_cost.py: _DEFAULT_VIRTUAL
const FAST_VIRTUAL = 5000; // _FAST_VIRTUAL
const RANK_NODES = 1_700_000; // _RANK_NODES
const MEDIUM_GRAPH = 120; // engine/dot.py: above this many drawn nodes, faster attributes
export const GRAPHVIZ_SECONDS = 1.0; // estimated native dot time beyond which we do not wait
export const GRAPHVIZ_MAX_DRAWN = 3000; // WASM's stack: chains of 6,000 drawn nodes overflowed

/** The measures app/layout_cost.py's LayoutCost holds, and its estimate in seconds. */
export function layoutCost(graph) {
  const { from, to, rank } = ranked(graph);
  let virtual = 0;
  for (let k = 0; k < from.length; k++) virtual += Math.max(0, rank[to[k]] - rank[from[k]] - 1);
  const drawn = graph.nodes.length;
  let ranks = 0;
  for (const r of rank) ranks = Math.max(ranks, r + 1);
  const chains = (drawn * ranks) / RANK_NODES;
  const seconds =
    drawn <= MEDIUM_GRAPH
      ? chains + (virtual / DEFAULT_VIRTUAL) ** 3
      : chains + (virtual / FAST_VIRTUAL) ** 2;
  return { drawn, edges: from.length, virtual, ranks, seconds };
}

/** {layout: "graphviz" | "layered", note}: the note says in words why a graph is not Graphviz's. */
export function chooseLayout(graph) {
  const cost = layoutCost(graph);
  if (cost.drawn > GRAPHVIZ_MAX_DRAWN) {
    return layered(`${cost.drawn.toLocaleString("en")} boxes are more than Graphviz can lay out here`);
  }
  if (cost.seconds > GRAPHVIZ_SECONDS) {
    return layered(`Graphviz would take about ${Math.ceil(cost.seconds)} s on this graph`);
  }
  return { layout: "graphviz", note: "" };
}

/** The choice of the layered layout, after `why` Graphviz did not draw the graph. */
export function layered(why) {
  return { layout: "layered", note: `Drawn with the quick layered layout: ${why}.` };
}

/** The note once drawn: stubs (an input's name beside each of its uses) are explained. */
export function withStubs(note, stubs) {
  return stubs ? `${note} An input used many times is named beside each use.` : note;
}
