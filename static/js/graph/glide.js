// A group opened or folded: the boxes and values drawn before move — aside, when it is drawn
// in place (in-place.js), anywhere, when Graphviz lays the whole graph out again (the opened
// group stays put: fold-screen.js). So that nothing jumps, each one drawn before and after
// glides from where it was to where it is, what is new — the opened group's values, the folded
// group's box — fades in, and the edges are drawn once all are there (graph/graph.css).
// Nothing moves when the reader asks for less motion.
import { NodeBoxes } from "./node-boxes.js";

const GLIDE_MS = 280;
const MOST = 400; // nodes: past this many, the graph is drawn at once

/** Where each drawn node's centre is on screen (container pixels): `boxOf(id)` its box in SVG
 * units, `screenPoint(box)` pan-zoom.js's. */
export function placesOf(ids, boxOf, screenPoint) {
  const places = new Map();
  for (const id of ids) {
    const box = boxOf(id);
    if (box) places.set(id, screenPoint(box));
  }
  return places;
}

/** Where each node of a drawing is on screen: `groups` (SVG id → <g>) its nodes and edges,
 * `root` its g.graph, `panZoom` the view (pan-zoom.js). */
export function nodePlaces(groups, root, panZoom) {
  const nodes = new Map();
  for (const [id, group] of groups) if (group.classList.contains("node")) nodes.set(id, { group });
  const boxes = new NodeBoxes(nodes, root);
  return placesOf(nodes.keys(), (id) => boxes.boxOf(id), (r) => panZoom.screenPoint(r));
}

/** How far back each node drawn in both goes, in SVG units at the new `scale` (SVG units per
 * pixel): from where it is now to where it was. Nodes that did not move are left out. */
export function glides(before, after, scale) {
  const moves = new Map();
  for (const [id, now] of after) {
    const was = before.get(id);
    if (!was) continue;
    const dx = (was.x - now.x) * scale;
    const dy = (was.y - now.y) * scale;
    if (Math.abs(dx) + Math.abs(dy) > 0.5 * scale) moves.set(id, { dx, dy });
  }
  return moves;
}

/** Whether a new graph glides from the old one's places (`before`: placesOf, or null). */
export function glidesFrom(before) {
  return Boolean(before) && before.size <= MOST && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Before the new graph `svg` is on screen (its classes set now cost no restyle): the nodes
 * not drawn `before` fade in, its edges wait for the glide (graph.css). */
export function arrive(svg, before) {
  svg.classList.add("arrived");
  svg.style.setProperty("--glide", `${GLIDE_MS}ms`); // the new nodes fade in as long
  for (const group of svg.querySelectorAll("g.node")) if (!before.has(group.id)) group.classList.add("new");
}

/** Once it is on screen: each node drawn before and after (its <g> in `groups`) glides from
 * where it was; then the edges (`svg`'s) are drawn. */
export function glide(svg, groups, before, after, scale) {
  const timing = { duration: GLIDE_MS, easing: "cubic-bezier(0.2, 0, 0, 1)" };
  for (const [id, { dx, dy }] of glides(before, after, scale)) {
    groups.get(id)?.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], timing);
  }
  setTimeout(() => svg.classList.remove("arrived"), GLIDE_MS);
}
