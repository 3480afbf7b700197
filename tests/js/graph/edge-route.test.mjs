// edge-route.js: an edge drawn anew between two nodes of a Graphviz drawing leaves the tail's
// side and ends with its arrowhead's tip on the head's, along the ranks' direction, and passes
// between the boxes on its way, never through one — on hand-made rows of boxes and on many
// drawn at random as Graphviz draws ranks.
import assert from "node:assert/strict";
import { test } from "node:test";

import { edgeRoute, gapNear, taut } from "../../../static/js/graph/edge-route.js";

const box = (x, y, width, height) => ({ x, y, width, height });

/** Points along a path of cubic pieces (`M…C…`), `per` on each piece. */
function along(d, per = 40) {
  const numbers = d.match(/-?\d+(\.\d+)?/g).map(Number);
  const pairs = [];
  for (let i = 0; i < numbers.length; i += 2) pairs.push([numbers[i], numbers[i + 1]]);
  const out = [];
  for (let i = 0; i + 3 < pairs.length; i += 3) {
    const [p0, p1, p2, p3] = pairs.slice(i, i + 4);
    for (let k = 0; k <= per; k++) {
      const t = k / per;
      const u = 1 - t;
      const at = (j) => u * u * u * p0[j] + 3 * u * u * t * p1[j] + 3 * u * t * t * p2[j] + t * t * t * p3[j];
      out.push([at(0), at(1)]);
    }
  }
  return out;
}

const inside = ([x, y], b) => x > b.x && x < b.x + b.width && y > b.y && y < b.y + b.height;

/** At `a` along `axis` (0: x, 1: y), where the path is across it. */
const at = (path, a, axis = 1) => path.reduce((best, p) => (Math.abs(p[axis] - a) < Math.abs(best[axis] - a) ? p : best));

test("with nothing in the way: down the ranks from the tail's side to the head's", () => {
  const { d, points, middle } = edgeRoute(box(0, -20, 20, 20), box(40, 100, 20, 20), "TB", 6, 2);
  const path = along(d);
  assert.deepEqual([path[0], path.at(-1)], [[10, 0], [50, 94]]); // to the arrow's base
  assert.ok(path.slice(0, 10).every(([x]) => Math.abs(x - 10) < 0.5)); // leaves straight down
  assert.ok(path.slice(-10).every(([x]) => Math.abs(x - 50) < 0.5)); // and arrives so
  assert.equal(points, "48,94 50,100 52,94 48,94");
  assert.ok(middle.y > 0 && middle.y < 94);
  const across = edgeRoute(box(-20, 0, 20, 20), box(100, 20, 20, 20), "LR", 6, 2);
  assert.match(across.d, /^M0,10C.* 94,30$/);
  assert.equal(across.points, "94,28 100,30 94,32 94,28");
  const up = edgeRoute(box(0, 100, 20, 20), box(0, 0, 20, 20), "BT", 6, 2);
  assert.match(up.d, /^M10,100C.* 10,26$/);
  assert.equal(up.points, "8,26 10,20 12,26 8,26");
});

test("a row of boxes in the way: through the gap nearest the line, off the boxes beside", () => {
  const row = [box(-100, 40, 95, 30), box(5, 40, 60, 30), box(75, 40, 100, 30)]; // gaps at -5..5, 65..75
  const tail = box(-10, -20, 20, 20);
  const head = box(80, 120, 20, 20);
  const { d } = edgeRoute(tail, head, "TB", 6, 2, [tail, head, ...row]);
  const path = along(d);
  for (const y of [40, 55, 70]) {
    const [x] = at(path, y);
    assert.ok(x > 65 && x < 75, `${x} at ${y}`); // in the gap
  }
  for (const p of path) for (const b of row) assert.ok(!inside(p, b), `${p} in ${JSON.stringify(b)}`);
});

test("boxes level with the tail or the head are beside it, not in its way", () => {
  const tail = box(0, 0, 20, 20);
  const head = box(0, 100, 20, 20);
  const beside = [box(25, -10, 100, 40), box(25, 95, 100, 30)];
  const { d } = edgeRoute(tail, head, "TB", 6, 2, [tail, head, ...beside]);
  assert.ok(along(d).every(([x]) => Math.abs(x - 10) < 1e-9), d); // straight down, beside both
  assert.match(d, /^M10,20C.* 10,94$/);
});

test("a gap: the free interval nearest, a margin in from the boxes where it allows", () => {
  assert.deepEqual(gapNear([[0, 10], [20, 30]], -5), [-Infinity, -4, 4, -Infinity, 0]);
  assert.deepEqual(gapNear([[0, 10], [20, 30]], 3), [-Infinity, -4, 4, -Infinity, 0]);
  assert.deepEqual(gapNear([[0, 10], [20, 30]], 12), [14, 16, 4, 10, 20]);
  assert.deepEqual(gapNear([[0, 10], [13, 30]], 12), [11.5, 11.5, 1.5, 10, 13]); // narrow: its middle
  assert.deepEqual(gapNear([[0, 10], [10, 30]], 8), [-Infinity, -4, 4, -Infinity, 0]); // no gap: around
  // Right after a band passed at 31..33, the gap that meets it, though another is nearer.
  assert.deepEqual(gapNear([[0, 10], [20, 30]], 12, [31, 33]).slice(3), [30, Infinity]);
});

test("the shortest line through the gaps: straight where it can, bent at a gap's end", () => {
  assert.deepEqual(taut([0, 0], [[10, -5, 5], [20, -5, 5]], [30, 0], 1), []);
  // A gap off to the side: the line bends at its near end, once going in and once out.
  const bent = (corners) => corners.map((c) => c.point);
  assert.deepEqual(bent(taut([0, 0], [[10, 20, 30, 4], [20, 20, 30, 4]], [30, 0], 1)), [[10, 20], [20, 20]]);
  assert.deepEqual(taut([0, 0], [[10, 20, 30, 4]], [20, 50], 1), []); // the line passes through it
  assert.deepEqual(bent(taut([30, 0], [[20, 20, 30, 4], [10, 20, 30, 4]], [0, 0], -1)), [[20, 20], [10, 20]]);
  assert.deepEqual(taut([0, 0], [[10, 20, 30, 2]], [20, 50], 1), []);
});

test("many drawings at random: no route passes through a box on its way", () => {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  // Ranks 80 apart (boxes at most 56 deep), and 62: the deepest boxes of neighbouring ranks
  // an arrow apart, no room for a lead (Graphviz keeps ranksep between ranks, the page 0.2 in;
  // a hair's overlap is the test above).
  for (const [rankdir, apart, inset] of [["TB", 80, 0.5], ["BT", 80, 0.5], ["LR", 80, 0.5], ["RL", 80, 0.5], ["TB", 62, 1], ["LR", 62, 1]]) {
    for (let drawing = 0; drawing < 60; drawing++) {
      // Ranks of boxes, as Graphviz lays them out: centred on each rank, a gap between them.
      const boxes = [];
      for (let rank = 0; rank < 6; rank++) {
        let at = random() * 40;
        for (let i = 0; i < 1 + Math.floor(random() * 6); i++) {
          const [long, deep] = [20 + random() * 80, 16 + random() * 40];
          const centre = rank * apart;
          const [x, y, w, h] = rankdir === "LR" || rankdir === "RL" ? [centre - deep / 2, at, deep, long] : [at, centre - deep / 2, long, deep];
          boxes.push(box(x, y, w, h));
          at += long + 2 + random() * 20;
        }
      }
      const tail = boxes[Math.floor(random() * boxes.length)];
      const head = boxes[Math.floor(random() * boxes.length)];
      const axis = rankdir === "LR" || rankdir === "RL" ? ["x", "width"] : ["y", "height"];
      const level = (p, q) => p[axis[0]] < q[axis[0]] + q[axis[1]] && q[axis[0]] < p[axis[0]] + p[axis[1]];
      // Two nodes of one rank are joined in the space before it: with ranks that touch, there
      // is none (Graphviz keeps ranksep between ranks; the page's is 0.2 in).
      if (tail === head || (apart < 80 && level(tail, head))) continue;
      const { d } = edgeRoute(tail, head, rankdir, 6, 2, boxes);
      for (const p of along(d)) {
        for (const b of boxes) {
          const shrunk = box(b.x + inset, b.y + inset, b.width - 2 * inset, b.height - 2 * inset);
          if (b !== tail && b !== head) assert.ok(!inside(p, shrunk), `${rankdir} ${apart} ${drawing}: ${p} in ${JSON.stringify(b)}`);
        }
      }
    }
  }
});

test("level with each other: over the boxes between them, into the head's side", () => {
  const tail = box(0, 0, 20, 20);
  const head = box(100, 0, 20, 20);
  const between = box(40, -10, 20, 40); // taller, in the same rank
  const { d, points } = edgeRoute(tail, head, "TB", 6, 2, [tail, between, head]);
  const path = along(d);
  assert.deepEqual(path[0], [10, 0]); // leaves the tail's top
  assert.ok(Math.min(...path.map((p) => p[1])) < -10); // over the box between
  for (const p of path) assert.ok(!inside(p, between), `${p}`);
  assert.equal(points, "108,-6 110,0 112,-6 108,-6"); // arrives down into the head's top
});

test("a box just above the head, a taller one level with it: around the first, into the head", () => {
  // As an opened neuron draws them: the weight n217 right above the `*` it feeds, a value of
  // the `*`'s rank beside it reaching a hair above the weight's bottom (Graphviz rounds).
  const tail = box(616.67, -609.37, 152.66, 93.6);
  const weight = box(2281.87, 1796.18, 239.08, 56.16);
  const head = box(2459.41, 1866.84, 54, 26.48);
  const level = box(2100, 1852, 150, 56);
  const { d } = edgeRoute(tail, head, "TB", 6, 2, [tail, weight, level, head]);
  for (const p of along(d)) for (const b of [weight, level]) assert.ok(!inside(p, b), `${p} in ${JSON.stringify(b)}`);
});
