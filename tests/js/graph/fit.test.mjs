// fit.js: the first view of a graph — all of it when its text stays readable, else readable
// text around the focus, without empty space beyond the graph where the graph is bigger.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clamped, initialScale, initialView, READABLE_PX, uncut } from "../../../static/js/graph/fit.js";

const NEURON = { x: 0, y: 0, width: 1778, height: 210 }; // the default program, laid out LR
const OUTPUT = { x: 1500, y: 90, width: 270, height: 40 };

test("a graph whose text stays readable is shown whole", () => {
  const size = { width: 2000, height: 600 };
  const { scale, whole } = initialScale(NEURON, size, 12);
  assert.equal(whole, true);
  assert.ok(12 / scale >= READABLE_PX);
  const view = initialView(NEURON, size, 12, OUTPUT);
  assert.ok(view.x <= NEURON.x && view.x + size.width * view.scale >= NEURON.x + NEURON.width);
});

test("a graph too wide for readable text shows readable text around the focus", () => {
  const size = { width: 848, height: 528 };
  const view = initialView(NEURON, size, 12, OUTPUT);
  assert.equal(12 / view.scale, READABLE_PX);
  const right = view.x + size.width * view.scale;
  assert.ok(view.x <= OUTPUT.x && OUTPUT.x + OUTPUT.width <= right, "the output is in view");
  assert.ok(right <= NEURON.x + NEURON.width + 1e-9, "no empty space right of the graph");
});

test("a tiny graph is not blown up past 16 px text", () => {
  const tiny = { x: 0, y: 0, width: 100, height: 40 };
  const { scale, whole } = initialScale(tiny, { width: 1000, height: 800 }, 12);
  assert.equal(whole, true);
  assert.equal(12 / scale, 16);
});

test("clamping leaves a view alone along an axis where the graph is smaller", () => {
  const view = { x: -50, y: -500, scale: 1 };
  const out = clamped(view, NEURON, { width: 300, height: 600 });
  assert.equal(out.x, 0);
  assert.equal(out.y, -500);
});

// uncut: a pan that would leave a value's label half on screen goes a little further.
test("a row cut by the top edge is brought in whole when the step still fits", () => {
  const rows = [
    [0, 60], // the leaves
    [120, 180],
    [240, 300], // the step's node
  ];
  // The view [30, 330] cuts the leaves; the step [240, 300] still fits from 0.
  assert.equal(uncut(30, 330, rows, [240, 300]), 0);
});

test("a cut row is pushed out instead when bringing it in would lose the step", () => {
  const rows = [
    [0, 60],
    [120, 180],
    [240, 300],
  ];
  // A view 200 long at 40 cuts the leaves; keeping [150, 230] cannot reach back to 0
  // (0 + 200 < 230), so the view moves past the leaves, and then past the row it cut below.
  const start = uncut(40, 200, rows, [150, 230]);
  assert.equal(start, 100);
  assert.ok(start <= 150 && start + 200 >= 230);
  for (const [lo, hi] of rows) {
    const cut = (lo < start && hi > start) || (lo < start + 200 && hi > start + 200);
    assert.ok(!cut, `[${lo}, ${hi}] is cut by [${start}, ${start + 200}]`);
  }
});

test("nothing cut: the view stays where it was", () => {
  assert.equal(uncut(100, 200, [[0, 60], [120, 180]], [120, 180]), 100);
});

test("a box longer than the view is left as it is", () => {
  assert.equal(uncut(10, 50, [[0, 100]], [20, 40]), 10);
});

test("the bottom edge may cut a box below its label row, never through the label", () => {
  // Rows of records: [top, bottom, end of the label row].
  const rows = [
    [0, 60, 20],
    [100, 160, 120],
    [200, 260, 220],
  ];
  // [0, 230] cuts the third row below its label: allowed, nothing moves.
  assert.equal(uncut(0, 230, rows, [100, 160]), 0);
  // [0, 210] cuts through its label: the view moves so the label is whole or gone.
  const start = uncut(0, 210, rows, [100, 160]);
  assert.ok(start + 210 >= 220 || start + 210 <= 200, `view [${start}, ${start + 210}]`);
  assert.ok(start <= 100 && start + 210 >= 160);
  assert.ok(!(start > 0 && start < 60) && !(start > 100 && start < 160), "no top edge cut");
});

test("a view kept within the graph does not push past its end to avoid a cut", () => {
  const rows = [
    [0, 60],
    [100, 160],
    [200, 260],
  ];
  // The graph is [0, 260]; a view 200 long may start in [0, 60]. At 30 it cuts [0, 60];
  // pushing it out (start 60) is allowed; anything past 60 shows empty space.
  const start = uncut(30, 200, rows, [200, 230], [0, 60]);
  assert.ok(start >= 0 && start <= 60, `start ${start}`);
});
