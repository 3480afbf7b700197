// A failed exercise check's place on the graph (exercise/): the value whose _backward() went
// wrong, the input it wrote (if any) and the edge between them, marked "located" until the
// next graph, and panned into view with the mark's thick outline whole.
import { union } from "./node-boxes.js";

const OUTLINE = 6; // SVG units around a box: the mark's stroke

/** Mark `node` (and `input`) in `view` (a GraphView: its container, groups, boxes, panZoom);
 * `located`: the graph's {edges, opOf} (value id → its op node's id). */
export function markLocated(view, located, node, input = null) {
  clearLocated(view.container);
  const { edges: all = [], opOf = new Map() } = located ?? {};
  const edges = all.filter((e) => e.from === input && e.to === opOf.get(node));
  for (const id of [node, input, ...edges.map((e) => e.id)]) view.groups.get(id)?.classList.add("located");
  view.container.dataset.located = ""; // the legend names the mark (graph/legend.css)
  // In view with its outline whole (the step's own follow may leave it on the edge).
  const own = view.boxes?.boxOf(node);
  if (!own) return;
  const both = input && view.boxes.boxOf(input) ? union(own, view.boxes.boxOf(input)) : own;
  const outlined = (r) => ({
    x: r.x - OUTLINE,
    y: r.y - OUTLINE,
    width: r.width + 2 * OUTLINE,
    height: r.height + 2 * OUTLINE,
  });
  const shown = view.panZoom.fits(outlined(both)) ? outlined(both) : outlined(own);
  view.panZoom.keep(shown, view.boxes.edges());
}

/** Take the mark off the graph in `container` (div#graph), if it has one. */
export function clearLocated(container) {
  if (!("located" in container.dataset)) return;
  delete container.dataset.located;
  for (const group of container.querySelectorAll("g.located")) group.classList.remove("located");
}
