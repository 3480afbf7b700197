// plane-map.js: the plane stretched or shrunk across one region, so a group opens or folds in
// place. Before the region nothing moves, after it everything moves by the region's change,
// across it the axis is scaled, so no two points change order; a path's ends follow the nodes
// it joins; a new edge leaves along the ranks' direction and ends at its arrowhead's tip.
import assert from "node:assert/strict";
import { test } from "node:test";

import { bandMap, edgeMove, mapPairs, planeMap, shift } from "../../../static/js/graph/plane-map.js";

test("one axis: before the band still, after it moved by the change, across it scaled", () => {
  const f = bandMap(100, 200, 300); // the band [100, 200] becomes [100, 400]
  assert.deepEqual([0, 100, 150, 200, 250].map(f), [0, 100, 250, 400, 450]);
  const g = bandMap(100, 300, 50); // shrunk: [100, 300] becomes [100, 150]
  assert.deepEqual([50, 100, 200, 300, 400].map(g), [50, 100, 125, 150, 250]);
});

test("no two points change order on either axis, grown or shrunk", () => {
  const points = Array.from({ length: 60 }, (_, i) => [((i * 37) % 101) * 7 - 50, ((i * 53) % 97) * 5 - 300]);
  for (const [w, h] of [[400, 120], [30, 10], [100, 40]]) {
    const map = planeMap({ x: 120, y: -200, width: 100, height: 40 }, w, h);
    const moved = points.map(([x, y]) => map(x, y));
    for (let i = 0; i < points.length; i++) {
      for (let j = 0; j < points.length; j++) {
        for (const axis of [0, 1]) {
          if (points[i][axis] < points[j][axis]) assert.ok(moved[i][axis] < moved[j][axis]);
        }
      }
    }
  }
});

test("Graphviz's pairs are rewritten, the rest of the text kept", () => {
  const d = "M1346.17,-632.38C1342.84,-615.35 1338.31,-592.18 1334.3,-571.64";
  assert.equal(mapPairs(d, shift(10, -2)), "M1356.17,-634.38C1352.84,-617.35 1348.31,-594.18 1344.3,-573.64");
  assert.equal(mapPairs("1,2 3,4 ", (x, y) => [x * 2, y]), "2,2 6,4 ");
  assert.equal(mapPairs("1e2,-.5", shift(1, 1)), "101,0.5");
});

test("a path's first two pairs follow its tail, its last two its head, the middle the plane", () => {
  const tail = shift(1, 0);
  const head = shift(0, 100);
  const middle = () => [0, 0];
  const d = "M0,0C1,1 2,2 3,3C4,4 5,5 6,6";
  assert.equal(mapPairs(d, edgeMove(tail, head, middle)), "M1,0C2,1 0,0 0,0C0,0 5,105 6,106");
  assert.equal(mapPairs("M0,0C1,1 2,2 3,3", edgeMove(tail, head, middle)), "M1,0C2,1 2,102 3,103");
});
