// layered-shapes.js: one element of the layered SVG as text. A value's record is one polygon
// whose spikes are its field separators, with a text centred in each field; a line enters a
// record by its left side and an ellipse on its curve; the stubs into one op are counted and
// stack upwards, their hub's name cut to STUB_CHARS; text is XML character data.
import assert from "node:assert/strict";
import { test } from "node:test";

import { STUB_CHARS } from "../../../static/js/shared/layered-layout.js";
import { edgeSvg, entry, nodeSvg, stubSlots, stubSvg, xml } from "../../../static/js/shared/layered-shapes.js";

const VALUE = {
  id: "n0",
  shape: "record",
  cls: "value leaf",
  fields: ["x", "data 2.0000", "grad 0.0000"],
  widths: [20, 90, 90],
  x: 100,
  y: 50,
  width: 200,
  height: 36,
};
const OP = { id: "n1_op", shape: "ellipse", cls: "op", fields: ["*"], x: 300, y: 50, width: 54, height: 36 };

test("a value: its box and a spike down each field separator, a text centred in each field", () => {
  const svg = nodeSvg(VALUE);
  const [, points] = svg.match(/<polygon fill="none" points="([^"]+)"/);
  assert.equal(points, "0,32 0,68 200,68 200,32 110,32 110,68 110,32 20,32 20,68 20,32 0,32");
  const xs = [...svg.matchAll(/<text x="(\d+)"/g)].map((m) => Number(m[1]));
  assert.deepEqual(xs, [10, 65, 155]);
  assert.match(svg, /^<g id="n0" class="node value leaf">/);
});

test("an op: an ellipse with its symbol", () => {
  assert.equal(
    nodeSvg(OP),
    '<g id="n1_op" class="node op"><ellipse fill="none" cx="300" cy="50" rx="27" ry="18"/>' +
      '<text x="300" y="54" stroke="none">*</text></g>',
  );
});

test("a line enters a record by its left side, at its height within the box", () => {
  assert.deepEqual(entry(VALUE, { x: -50, y: 60 }), { x: 0, y: 60 });
  assert.deepEqual(entry(VALUE, { x: -50, y: 500 }), { x: 0, y: 68 });
  assert.deepEqual(entry(VALUE, { x: -50, y: -500 }), { x: 0, y: 32 });
});

test("a line enters an ellipse on its curve, towards where it comes from", () => {
  const { x, y } = entry(OP, { x: 200, y: 0 });
  assert.ok(Math.abs(((x - 300) / 27) ** 2 + ((y - 50) / 18) ** 2 - 1) < 1e-12);
  assert.ok(x < 300 && y < 50);
  assert.deepEqual(entry(OP, { x: 300, y: 50 }), { x: 300, y: 50 }); // from its centre: no direction
});

test("stubs into one op are numbered and stack upwards, the hub's name cut short", () => {
  const edges = [
    { id: "e1", to: "n1_op", stub: true },
    { id: "e2", to: "n2_op" },
    { id: "e3", to: "n1_op", stub: true },
  ];
  const slots = stubSlots(edges);
  assert.deepEqual([...slots.values()], [
    [0, 2],
    [1, 2],
  ]);
  assert.equal(slots.has(edges[1]), false);
  const hub = { id: "n9", fields: ["a_long_hub_name"] };
  const [first, second] = [edges[0], edges[2]].map((e) => stubSvg(e, hub, OP, slots.get(e)));
  const y = (svg) => Number(svg.match(/<path d="M[\d.-]+,([\d.-]+)L/)[1]);
  assert.equal(y(first) - y(second), 14);
  const [, name] = first.match(/<text text-anchor="end"[^>]*>([^<]*)<\/text>/);
  assert.equal(name, `${"a_long_hub_name".slice(0, STUB_CHARS - 1)}…`);
  assert.match(first, /^<g id="e1" class="edge stub"><path [^>]*fill="none" marker-end="url\(#arrow\)"/);
});

test("what XML cannot carry is replaced, not passed on", () => {
  assert.equal(xml("a\u0000b\uD800c\uFFFEd&"), "a\uFFFDb\uFFFDc\uFFFDd&amp;");
  assert.equal(xml("😀"), "😀");
  assert.equal(xml('<x a="1">'), "&lt;x a=&quot;1&quot;&gt;");
});

test("an edge standing for several says how many at its middle, in its own fill", () => {
  const target = { ...VALUE, id: "g0", x: 400, y: 50 };
  const one = edgeSvg({ id: "e-n0-g0" }, VALUE, target);
  assert.doesNotMatch(one, /<text/);
  assert.equal(edgeSvg({ id: "e-n0-g0", count: 1 }, VALUE, target), one);
  const many = edgeSvg({ id: "e-n0-g0", count: 16 }, VALUE, target);
  // From the source's right side (200) to the target's left side (300): the middle, 250.
  assert.match(many, /<text x="250" y="47" fill="black" stroke="none">×16<\/text><\/g>$/);
});
