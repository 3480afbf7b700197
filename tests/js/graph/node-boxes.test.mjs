// node-boxes.js: a value's box comes from its outline's points or an op's ellipse (the graph's
// transform applied, each measured once), or from getBBox without either; the spans a pan keeps whole are
// padded by the outline's stroke, with a record's label row on y, and none past UNCUT_MAX
// values; union is the box around two. Run with stand-ins for the SVG.
import assert from "node:assert/strict";
import { test } from "node:test";

import { UNCUT_MAX } from "../../../static/js/graph/fit.js";
import { NodeBoxes, union } from "../../../static/js/graph/node-boxes.js";

function group(points, bbox = null) {
  const g = { measured: 0 };
  g.querySelector = (selector) =>
    selector === "polygon" && points ? { getAttribute: (name) => (name === "points" ? points : null) } : null;
  g.getBBox = () => (g.measured++, bbox);
  return g;
}

function root(matrix) {
  return { transform: { baseVal: { consolidate: () => (matrix ? { matrix } : null) } } };
}

test("a value's box is its outline's, moved by the graph's transform", () => {
  const values = new Map([["n0", { group: group("10,-40 10,-10 70,-10 70,-40 10,-40") }]]);
  const boxes = new NodeBoxes(values, root({ a: 1, d: 1, e: 4, f: 100 }));
  assert.deepEqual(boxes.boxOf("n0"), { x: 14, y: 60, width: 60, height: 30 });
  assert.deepEqual(new NodeBoxes(values, root(null)).boxOf("n0"), { x: 10, y: -40, width: 60, height: 30 });
});

test("an op's box is its ellipse's, read from its attributes, not measured", () => {
  const g = group(null, { x: 0, y: 0, width: 1, height: 1 });
  const ellipse = { getAttribute: (name) => ({ cx: "50", cy: "-20", rx: "13.5", ry: "9" })[name] };
  g.querySelector = (selector) => (selector === ":scope > ellipse" ? ellipse : null);
  const boxes = new NodeBoxes(new Map([["n0_op", { group: g }]]), root({ a: 1, d: 1, e: 4, f: 100 }));
  assert.deepEqual(boxes.boxOf("n0_op"), { x: 40.5, y: 71, width: 27, height: 18 });
  assert.equal(g.measured, 0);
});

test("without an outline the box is measured, once", () => {
  const g = group(null, { x: 1, y: 2, width: 3, height: 4 });
  const boxes = new NodeBoxes(new Map([["n0", { group: g }]]), root(null));
  assert.deepEqual(boxes.boxOf("n0"), { x: 1, y: 2, width: 3, height: 4 });
  boxes.boxOf("n0");
  assert.equal(g.measured, 1);
  assert.equal(boxes.boxOf("missing"), null);
  assert.equal(new NodeBoxes(new Map([["n0", { group: g }]]), null).boxOf("n0"), null); // no graph yet
});

test("the spans a pan keeps whole: padded, with the label's row on y", () => {
  const values = new Map([
    ["n0", { group: group("0,0 0,30 60,30 60,0 0,0") }],
    ["n1", { group: group("100,60 100,90 130,90 130,60 100,60") }],
  ]);
  const boxes = new NodeBoxes(values, root(null));
  assert.deepEqual(boxes.edges(), {
    x: [
      [-4, 64],
      [96, 134],
    ],
    y: [
      [-4, 34, 14],
      [56, 94, 74],
    ],
  });
});

test("past UNCUT_MAX values no spans are made", () => {
  const many = new Map(
    Array.from({ length: UNCUT_MAX + 1 }, (_, i) => [`n${i}`, { group: group("0,0 0,1 1,1 1,0") }]),
  );
  assert.equal(new NodeBoxes(many, root(null)).edges(), null);
  assert.notEqual(new NodeBoxes(new Map([...many].slice(0, UNCUT_MAX)), root(null)).edges(), null);
});

test("union: the box around both; with nothing, the first", () => {
  const a = { x: 0, y: 10, width: 20, height: 5 };
  const b = { x: 15, y: 0, width: 10, height: 8 };
  assert.deepEqual(union(a, b), { x: 0, y: 0, width: 25, height: 15 });
  assert.deepEqual(union(a, null), a);
});
