// plot.js's pure parts: the axes' ticks and their text.
import assert from "node:assert/strict";
import { test } from "node:test";

import { niceTicks, tickText } from "../../../static/js/learn/plot.js";

test("ticks are round numbers inside the range", () => {
  assert.deepEqual(niceTicks(0, 2.5, 4), [0, 0.5, 1, 1.5, 2, 2.5]);
  assert.deepEqual(niceTicks(0, 9, 5), [0, 2, 4, 6, 8]);
  assert.deepEqual(niceTicks(0, 1, 4), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  assert.deepEqual(niceTicks(-1.6, 1.6, 4), [-1, 0, 1]);
  assert.deepEqual(niceTicks(0, 0.00042, 4), [0, 0.0001, 0.0002, 0.0003, 0.0004]);
});

test("a flat or non-finite range still gives something to draw", () => {
  assert.deepEqual(niceTicks(3, 3), [3]);
  assert.deepEqual(niceTicks(0, Number.NaN), []);
  assert.deepEqual(niceTicks(0, Number.POSITIVE_INFINITY), []);
});

test("tick text has the digits the spacing needs", () => {
  const ticks = [0, 0.5, 1, 1.5];
  assert.deepEqual(
    ticks.map((t) => tickText(t, ticks)),
    ["0.0", "0.5", "1.0", "1.5"],
  );
  assert.deepEqual(
    [0, 20, 40].map((t) => tickText(t, [0, 20, 40])),
    ["0", "20", "40"],
  );
  assert.equal(tickText(0.0002, [0, 0.0001, 0.0002]), "0.0002");
  assert.equal(tickText(0.00002, [0, 0.00001, 0.00002]), "2.0e-5");
  assert.equal(tickText(200000, [0, 100000, 200000]), "2.0e+5");
});
