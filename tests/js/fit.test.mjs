// fit.js: the first view of a graph — all of it when its text stays readable, else readable
// text around the focus, without empty space beyond the graph where the graph is bigger.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clamped, initialScale, initialView, READABLE_PX } from "../../static/js/fit.js";

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
