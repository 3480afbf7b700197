// popover-place.js: the inspector beside its node, never over it when there is room, never
// outside the viewport.
import assert from "node:assert/strict";
import { test } from "node:test";

import { GAP, place } from "../../../static/js/steps/popover-place.js";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SIZE = { width: 384, height: 300 };

function inside(at, size, viewport) {
  return (
    at.left >= 0 &&
    at.top >= 0 &&
    at.left + size.width <= viewport.width &&
    at.top + size.height <= viewport.height
  );
}

function overlaps(at, size, r) {
  return (
    at.left < r.left + r.width &&
    r.left < at.left + size.width &&
    at.top < r.top + r.height &&
    r.top < at.top + size.height
  );
}

test("to the right of a node with room there, level with it", () => {
  const node = { left: 600, top: 300, width: 110, height: 50 };
  const at = place(node, SIZE, DESKTOP);
  assert.deepEqual(at, { left: 710 + GAP, top: 300 });
});

test("to the left of a node near the right edge", () => {
  const node = { left: 1100, top: 300, width: 110, height: 50 };
  const at = place(node, SIZE, DESKTOP);
  assert.equal(at.left + SIZE.width + GAP, 1100);
  assert.ok(!overlaps(at, SIZE, node));
});

test("a node low on the screen: the popover moves up, still beside it", () => {
  const node = { left: 600, top: 740, width: 110, height: 50 };
  const at = place(node, SIZE, DESKTOP);
  assert.ok(inside(at, SIZE, DESKTOP));
  assert.ok(!overlaps(at, SIZE, node));
});

test("on a phone: below the node, or above it, inside the screen", () => {
  const size = { width: 374, height: 280 };
  const high = { left: 150, top: 200, width: 100, height: 50 };
  const below = place(high, size, PHONE);
  assert.equal(below.top, 250 + GAP);
  assert.ok(inside(below, size, PHONE));
  const low = { left: 150, top: 700, width: 100, height: 50 };
  const above = place(low, size, PHONE);
  assert.equal(above.top + size.height + GAP, 700);
  assert.ok(inside(above, size, PHONE));
});

test("no room anywhere: inside the viewport all the same", () => {
  const size = { width: 380, height: 800 };
  const node = { left: 150, top: 400, width: 100, height: 50 };
  assert.ok(inside(place(node, size, PHONE), size, PHONE));
});
