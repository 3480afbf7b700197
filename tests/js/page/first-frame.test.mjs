// first-frame.js: the page's wiring waits for its first painted frame, but never for longer than
// its cap (a hidden tab or an off-screen embed gets no animation frames).
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { firstFrame } from "../../../static/js/page/first-frame.js";

afterEach(() => {
  delete globalThis.requestAnimationFrame;
});

test("resolves just after the next frame", async () => {
  let frame = null;
  globalThis.requestAnimationFrame = (fn) => (frame = fn);
  let done = false;
  const waiting = firstFrame(1000).then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(done, false, "resolved before any frame");
  frame();
  await waiting;
  assert.equal(done, true);
});

test("resolves after its cap when no frame comes", async () => {
  globalThis.requestAnimationFrame = () => {}; // a hidden tab
  const started = Date.now();
  await firstFrame(30);
  assert.ok(Date.now() - started >= 25, "did not wait for the cap");
});
