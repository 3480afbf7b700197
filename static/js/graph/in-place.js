// A group opened or folded in place: the drawing on screen is kept and only the group's own
// region changes, so the rest of the graph keeps its order and shape (Graphviz, asked to lay
// the whole graph out again, reorders it: opening one neuron of the MLP kept 133 of 227
// same-row pairs in order and doubled the graph's width). To open a folded box, Graphviz lays
// out only what the box held (record-dot.js partDot: the group's frame and what is inside it);
// the plane is stretched across the box's region to that size (plane-map.js) — what is beside
// it moves aside, what is across it spreads — and the group's drawing goes where the box was.
// To fold, the group's frame and everything in it give way to its box, laid out alone, and the
// plane shrinks back as far as no two nodes come to overlap; a fold back to a view drawn
// before is that drawing again, as it was. The edges between the group and the rest are drawn
// anew, routed between the boxes on their way (edge-route.js), with their ids (StepMarks and
// the Node table read them).
// What comes out is checked against the fold view: every node and edge it draws, no other;
// else null, and the page lays the whole graph out (graph-view.js).
import { extent } from "./graph-tiles.js";
import { whenIdle } from "./layout-ahead.js";
import { union } from "./node-boxes.js";
import { edgeRoute, passesThrough } from "./edge-route.js";
import { bandMap, round, shift } from "./plane-map.js";
import { partDot } from "./record-dot.js";
import { byId, element, moveAll, overlaps, resize, shiftGroup } from "./svg-shapes.js";

// Views drawn before, kept for a fold back. Each kept or composed view is ~2,000 elements of a
// folded network: more held more garbage for a GC to walk once the record changed (a first
// datapoint chosen right after the moons preset's Load waited ~350 ms for one).
const KEPT = 6;
// Views one click away composed ahead, nearest the view's centre first: 8 covers the boxes on
// screen at 1280x800; 12 held enough more that a GC pause (~350 ms) came after the next Load.
const EARLY = 8;
const COMPOSED = "views-ahead"; // the User Timing mark of those all composed
const ARROW = 10; // Graphviz's arrowhead length and half width at arrowsize 1
const ARROW_HALF = 3.5;
const TRIES = 8; // halvings of how far a fold may shrink the plane
const GRAPHVIZ = { layout: "graphviz", note: "" };
const NO_FALLBACK = { nodes: [], edges: [] }; // a part Graphviz fails on: no layered drawing

/** The drawn ids of a fold view (folding.js FoldView): every item, with its op node. */
export function drawnIds(view) {
  const ids = new Set();
  for (const item of view.drawn().items) {
    ids.add(item.id);
    const opId = view.nodes.get(item.id)?.op_id;
    if (item.kind === "value" && opId) ids.add(opId);
  }
  return ids;
}

/** The items drawn in fold view `after` and not in `before`: what an open or fold adds. */
export function addedItems(before, after) {
  const was = new Set(before.drawn().items.map((i) => i.id));
  return new Set(after.drawn().items.filter((i) => !was.has(i.id)).map((i) => i.id));
}

export class InPlace {
  /** style: the page's dot_style ({rankdir, edge: {arrowsize}}). */
  constructor(style) {
    this.style = style;
    this.rankdir = style?.rankdir ?? "TB";
    this.arrowsize = Number(style?.edge?.arrowsize ?? 1) || 1;
    this.record = null;
    this.current = null; // {open, view, svg}: the graph on screen, a copy as laid out
    this.kept = new Map(); // open groups' key → a copy of the view drawn with them
    this.early = new Map(); // open groups' key → the view one click away, composed ahead
    this.parts = new Map(); // open groups' key → the plan of its part, for the graph on screen
    this.generation = 0; // of the graph on screen: what was composed for an older one is not used
  }

  /** The graph just put on screen (before it is tiled or marked): copied, and kept by its open
   * groups. `view`: its fold view (null: not folded); `graphviz`: whether Graphviz drew it;
   * `pristine`: a copy made before (a plan's, kept or composed ahead), else one is made. */
  drawn(svg, trace, view, open, graphviz, pristine = null) {
    if (trace !== this.record) this.forget();
    this.record = trace;
    this.early.clear(); // composed from the view before
    this.parts.clear();
    this.generation += 1;
    if (!view || !graphviz) {
      this.current = null;
      return;
    }
    const copy = pristine ?? svg.cloneNode(true);
    copy.removeAttribute("data-ahead");
    copy.removeAttribute("data-in-place");
    this.current = { open: new Set(open), view, svg: copy };
    this.kept.delete(keyOf(open));
    this.kept.set(keyOf(open), copy);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value);
  }

  /** Nothing kept: the numbers drawn are not the record's any more. */
  forget() {
    this.record = null;
    this.current = null;
    this.kept.clear();
    this.early.clear();
    this.parts.clear();
    this.generation += 1;
  }

  /** While the page is idle, compose the first of `moves` (the views one click away, nearest
   * first; `planOf(move)`: its plan, or null) from their parts once `ahead` (layout-ahead.js)
   * has laid them out: a click on one then costs its install. */
  async composeAhead(moves, planOf, ahead) {
    const generation = this.generation;
    const current = () => generation === this.generation;
    performance.clearMarks(COMPOSED);
    await ahead.made();
    for (const move of moves.slice(0, EARLY)) {
      await new Promise((resolve) => whenIdle(resolve));
      const place = current() ? planOf(move) : null;
      const inner = place?.dot ? await ahead.take(place.dot) : null;
      const svg = inner && current() ? place.compose(inner) : null;
      svg?.setAttribute("data-ahead", ""); // laid out and composed before it was asked for
      if (svg) this.early.set(place.key, { svg }); // copied for drawn() when shown: half the memory
    }
    if (current()) performance.mark(COMPOSED); // for tests and benchmarks (docs/frontend.md)
  }

  /** How the move to fold view `view` with the groups `open` open (opening or folding group
   * `id`) is drawn in place, or null (laid out whole): {key, made()} for a view drawn before
   * or composed ahead (handOut); else {key, dot: the part to lay out, compose(inner)}. */
  plan(trace, id, view, open) {
    const now = this.current;
    if (!now || trace !== this.record || !view) return null;
    const opens = now.view.isBox(id) && open.has(id) && open.size === now.open.size + 1;
    const folds = now.open.has(id) && !open.has(id) && [...open].every((g) => now.open.has(g));
    if (!opens && !folds) return null;
    const key = keyOf(open);
    if (this.kept.has(key) || this.early.has(key)) return { key, made: () => this.handOut(key) };
    // Its part's DOT is written once for the graph on screen (the layout made ahead asks for
    // it, and composing it ahead again).
    if (!this.parts.has(key)) {
      const only = addedItems(now.view, view);
      const dot = only.size ? partDot(trace, this.style, view, only, id) : null;
      this.parts.set(key, dot && { key, dot, compose: (inner) => this.compose(now, view, id, opens, inner) });
    }
    return this.parts.get(key);
  }

  /** The drawing of a `place` (plan's): a view made before, or its part laid out by `layout` (a
   * VizLayout) and put into the graph on screen; null if that fails or a newer layout
   * cancelled it (the whole graph is laid out then). */
  async draw(place, layout, offMainThread) {
    if (place.made) {
      Object.assign(place, place.made()); // its svg, and its pristine copy for drawn()
      return place.svg;
    }
    try {
      const inner = await layout.layout({ dot: place.dot, graph: NO_FALLBACK }, GRAPHVIZ, { offMainThread });
      return inner ? place.compose(inner) : null;
    } catch {
      return null;
    }
  }

  /** The view of `key` drawn before or composed ahead: {svg: to put on screen, pristine: its
   * copy for drawn(), if one is kept}. A view composed ahead is handed out once. */
  handOut(key) {
    if (this.kept.has(key)) {
      const pristine = this.kept.get(key);
      const svg = pristine.cloneNode(true);
      svg.setAttribute("data-in-place", "kept");
      return { svg, pristine };
    }
    const made = this.early.get(key);
    this.early.delete(key);
    return made;
  }

  /** The drawing `now` with group `id` opened (`opens`) or folded to fold view `view`, its new
   * part laid out alone as `inner` (an <svg>); null if it does not draw `view`. */
  compose(now, view, id, opens, inner) {
    const svg = now.svg.cloneNode(true);
    const root = svg.querySelector("g.graph");
    const innerRoot = inner?.querySelector("g.graph");
    if (!root || !innerRoot) return null;
    const ids = drawnIds(view);
    const edges = new Map(view.drawn().edges.map((e) => [e.id, e]));
    const region = extent(opens ? byId(root, id) : byId(root, `cluster_${id}`)) ?? null;
    if (!region) return null;
    // What the new view does not draw goes: the box opened, or the group folded and all in it;
    // and the edges routed when a group was put in place, routed again where nodes now are.
    for (const group of root.querySelectorAll(":scope > g.node, :scope > g.edge, :scope > g.cluster")) {
      const gone = group.matches(".node")
        ? !ids.has(group.id)
        : group.matches(".edge")
          ? group.matches(".routed") || !edges.has(group.id) || !ids.has(edges.get(group.id).from) || !ids.has(edges.get(group.id).to)
          : !view.open.has(group.id.slice("cluster_".length));
      if (gone) group.remove();
    }
    const parts = [...innerRoot.querySelectorAll(":scope > g.node, :scope > g.edge, :scope > g.cluster")];
    const part = parts.map((g) => extent(g)).filter(Boolean).reduce((box, next) => union(next, box), null);
    if (!part) return null;
    const map = this.mapFor(root, region, part, opens);
    moveAll(root, map, edges);
    // The new part, where the region now is (centred in it); its edges to the rest drawn anew.
    const [left, top] = map(region.x, region.y);
    const [right, bottom] = map(region.x + region.width, region.y + region.height);
    const dx = (left + right) / 2 - (part.x + part.width / 2);
    const dy = (top + bottom) / 2 - (part.y + part.height / 2);
    const lastCluster = [...root.querySelectorAll(":scope > g.cluster")].at(-1);
    for (const group of parts) {
      shiftGroup(group, shift(dx, dy));
      const adopted = document.importNode(group, true);
      if (group.matches(".cluster") && lastCluster) lastCluster.after(adopted);
      else if (group.matches(".cluster")) root.querySelector(":scope > g.node")?.before(adopted) ?? root.append(adopted);
      else root.append(adopted);
    }
    for (const title of root.querySelectorAll("title")) title.remove();
    const boxes = new Map();
    for (const node of root.querySelectorAll(":scope > g.node")) boxes.set(node.id, extent(node));
    unblock(root, edges, new Set(parts.filter((g) => g.matches(".edge")).map((g) => g.id)), boxes);
    this.drawEdges(root, edges, boxes);
    resize(svg, root, map);
    if (!drawsExactly(root, ids, edges)) return null;
    svg.setAttribute("data-in-place", opens ? "open" : "fold");
    if (inner.hasAttribute("data-ahead")) svg.setAttribute("data-ahead", ""); // its part was
    return svg;
  }

  /** The plane map for the region giving way to a part `part` big: an open stretches it to
   * fit the part; a fold shrinks it to the part's size, or less far if nodes would overlap. */
  mapFor(root, region, part, opens) {
    const planeOf = (width, height) => {
      const fx = bandMap(region.x, region.x + region.width, width);
      const fy = bandMap(region.y, region.y + region.height, height);
      return (x, y) => [fx(x), fy(y)];
    };
    if (opens) return planeOf(Math.max(part.width, region.width), Math.max(part.height, region.height));
    const boxes = [...root.querySelectorAll(":scope > g.node")].map((g) => extent(g)).filter(Boolean);
    const shrunk = (size, least, give) => Math.max(least, size - give * Math.max(0, size - least));
    for (let i = 0, give = 1; i < TRIES; i++, give /= 2) {
      const map = planeOf(shrunk(region.width, part.width, give), shrunk(region.height, part.height, give));
      if (!overlaps(boxes, map)) return map;
    }
    return planeOf(Math.max(region.width, part.width), Math.max(region.height, part.height));
  }

  /** The edges of `edges` (the fold view's) not drawn yet: from the tail's side to the head's,
   * between the nodes where they are now (`boxes`: node id → its box), routed between the
   * boxes on their way. */
  drawEdges(root, edges, boxes) {
    const label = root.querySelector("g.node text");
    const drawn = new Map([...root.children].map((child) => [child.id, child]));
    const firstNode = root.querySelector(":scope > g.node");
    const all = [...boxes.values()].filter(Boolean);
    const [arrow, half] = [ARROW * this.arrowsize, ARROW_HALF * this.arrowsize];
    for (const edge of edges.values()) {
      if (drawn.has(edge.id) || !boxes.get(edge.from) || !boxes.get(edge.to)) continue;
      const { d, points, middle } = edgeRoute(boxes.get(edge.from), boxes.get(edge.to), this.rankdir, arrow, half, all);
      const group = element("g", { id: edge.id, class: "edge routed" });
      group.append(element("path", { fill: "none", stroke: "black", d }));
      group.append(element("polygon", { fill: "black", stroke: "black", points }));
      if (edge.count > 1) {
        const text = element("text", { "text-anchor": "start", x: round(middle.x + 4), y: round(middle.y) });
        for (const name of ["font-family", "font-size"]) {
          if (label?.hasAttribute(name)) text.setAttribute(name, label.getAttribute(name));
        }
        text.textContent = `×${edge.count}`;
        group.append(text);
      }
      // Under the nodes, as Graphviz draws them: an arrow ends at a box's side.
      if (firstNode) firstNode.before(group);
      else root.append(group);
    }
  }
}

/** The edges kept from before (not the part's `own`) that the stretch or the part now puts
 * through a node (`nodeBoxes`: node id → its box), removed: drawEdges routes them anew with
 * those between the part and the rest. */
function unblock(root, edges, own, nodeBoxes) {
  const boxes = [...nodeBoxes].filter(([, box]) => box);
  for (const group of root.querySelectorAll(":scope > g.edge")) {
    const edge = edges.get(group.id);
    const d = group.querySelector("path")?.getAttribute("d");
    if (own.has(group.id) || !edge || !d) continue;
    const others = boxes.filter(([node]) => node !== edge.from && node !== edge.to).map(([, box]) => box);
    if (passesThrough(d, others)) group.remove();
  }
}

/** Does `root` draw exactly the nodes `ids` and the edges `edges`, each once? */
function drawsExactly(root, ids, edges) {
  const nodes = [...root.querySelectorAll(":scope > g.node")].map((g) => g.id);
  const lines = [...root.querySelectorAll(":scope > g.edge")].map((g) => g.id);
  const same = (list, want) => list.length === want.size && new Set(list).size === list.length && list.every((x) => want.has(x));
  return same(nodes, ids) && same(lines, new Set(edges.keys()));
}

function keyOf(open) {
  return [...open].sort().join(" ");
}
