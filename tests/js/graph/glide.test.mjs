// glide.js: where each node was and is on screen, and how far back each one drawn in both
// starts its glide, in SVG units at the new zoom; nodes new to the graph, and those that did
// not move, do not glide.
import assert from "node:assert/strict";
import { test } from "node:test";

import { glides, placesOf } from "../../../static/js/graph/glide.js";

test("places are the screen points of the nodes' boxes; a node without a box has none", () => {
  const boxes = { a: { x: 0, y: 0, width: 10, height: 4 }, b: { x: 20, y: 8, width: 4, height: 4 } };
  const screen = (r) => ({ x: (r.x + r.width / 2) / 2, y: (r.y + r.height / 2) / 2 });
  const places = placesOf(["a", "b", "gone"], (id) => boxes[id] ?? null, screen);
  assert.deepEqual([...places], [["a", { x: 2.5, y: 1 }], ["b", { x: 11, y: 5 }]]);
});

test("each node drawn before and after glides back by its move, in SVG units", () => {
  const before = new Map([["a", { x: 100, y: 50 }], ["b", { x: 10, y: 10 }], ["still", { x: 5, y: 5 }]]);
  const after = new Map([["a", { x: 40, y: 70 }], ["b", { x: 10, y: 12 }], ["still", { x: 5, y: 5 }], ["new", { x: 0, y: 0 }]]);
  const moves = glides(before, after, 3); // 3 SVG units a pixel
  assert.deepEqual(moves.get("a"), { dx: 180, dy: -60 });
  assert.deepEqual(moves.get("b"), { dx: 0, dy: -6 });
  assert.equal(moves.has("still"), false);
  assert.equal(moves.has("new"), false);
});
