// graph-tiles.js: which tile each node and edge of a big Graphviz graph goes to, and the box
// read from its shapes' coordinates (no layout: the SVG is not on screen yet).
import assert from "node:assert/strict";
import { test } from "node:test";

import { extent, gridTiles } from "../../../static/js/graph/graph-tiles.js";

const box = (x, y, width, height) => ({ x, y, width, height });

test("each item goes to the cell of its centre, and a tile's box covers all its items", () => {
  const items = [
    { id: "a", box: box(10, 10, 100, 30) }, // centre (60, 25): cell 0,0
    { id: "b", box: box(900, 20, 200, 30) }, // centre (1000, 35): cell 1,0
    { id: "c", box: box(-50, 900, 80, 20) }, // centre (-10, 910): cell -1,0
    { id: "edge", box: box(100, 0, 850, 980) }, // a long edge, centre (525, 490): cell 0,0
  ];
  const tiles = gridTiles(items, 1000);
  const ids = tiles.map((t) => t.items.map((i) => i.id).sort());
  assert.deepEqual(ids.sort(), [["a", "edge"], ["b"], ["c"]]);
  const first = tiles.find((t) => t.items.some((i) => i.id === "a"));
  assert.deepEqual(first.box, box(10, 0, 940, 980)); // grown by the edge beyond its cell
});

test("every item is in exactly one tile, boxless ones too", () => {
  const items = Array.from({ length: 50 }, (_, i) => ({ id: i, box: box(i * 97, -i * 41, 9, 9) }));
  items.push({ id: "nobox", box: null });
  const placed = gridTiles(items, 500).flatMap((t) => t.items.map((i) => i.id));
  assert.equal(placed.length, items.length);
  assert.equal(new Set(placed).size, items.length);
  assert.deepEqual(gridTiles([{ id: "x", box: null }], 500)[0].items.map((i) => i.id), ["x"]);
});

/** A stand-in for an SVG element: its tag and attributes (extent reads nothing else). */
function shape(localName, attributes) {
  return { localName, getAttribute: (name) => attributes[name] ?? null };
}

test("a record's box comes from its outline polygon, an edge's from its path and arrowhead", () => {
  const record = {
    children: [
      shape("polygon", {
        points: "12672.64,-1888.5 12672.64,-1924.5 12936.67,-1924.5 12936.67,-1888.5",
      }),
      shape("text", { x: "12702.24", y: "-1903.2" }),
      shape("polyline", { points: "12731.84,-1889.1 12731.84,-1924.5" }),
    ],
  };
  const b = extent(record);
  assert.ok(Math.abs(b.x - 12672.64) < 1e-9 && Math.abs(b.y + 1924.5) < 1e-9);
  assert.ok(Math.abs(b.width - 264.03) < 1e-6 && Math.abs(b.height - 36) < 1e-9);
  const edge = {
    children: [
      shape("path", {
        d: "M12809.67,-1888.22C12834.58,-1774.83 12967.85,-1168.2 12996.74,-1036.67",
      }),
      shape("polygon", { points: "12998.78,-1037.17 12998.02,-1030.86 12994.68,-1036.27" }),
    ],
  };
  const e = extent(edge);
  assert.ok(Math.abs(e.x - 12809.67) < 1e-9 && Math.abs(e.y + 1888.22) < 1e-9);
  assert.ok(Math.abs(e.x + e.width - 12998.78) < 1e-9 && Math.abs(e.y + e.height + 1030.86) < 1e-9);
  const op = { children: [shape("ellipse", { cx: "100", cy: "-50", rx: "27", ry: "18" })] };
  assert.deepEqual(extent(op), box(73, -68, 54, 36));
});

test("hostile or missing coordinates give no box, never NaN", () => {
  assert.equal(extent({ children: [] }), null);
  assert.equal(extent({ children: [shape("polygon", { points: "a,b c" })] }), null);
  assert.equal(extent({ children: [shape("ellipse", { cx: "x" })] }), null);
  const partial = extent({ children: [shape("polygon", { points: "1,2 nan 3,4 5" })] });
  assert.ok(Object.values(partial).every(Number.isFinite));
});
