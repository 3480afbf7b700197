// engine-client.js's earlyWorkerRunning: the page waits for the early worker's first word (a
// repeat visit), at most capMs, and not at all when there is no early worker or it has spoken.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { earlyWorkerRunning } from "../../../static/js/python/early-worker.js";

afterEach(() => {
  delete globalThis.earlyPython;
});

const settled = (promise, ms) =>
  Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

test("no early worker (a first visit, an embed): at once", async () => {
  assert.equal(await settled(earlyWorkerRunning(), 5), true);
  globalThis.earlyPython = { worker: null, events: [] };
  assert.equal(await settled(earlyWorkerRunning(), 5), true);
});

test("an early worker: when it first posts, not before", async () => {
  const worker = new EventTarget();
  globalThis.earlyPython = { worker, events: [] };
  const running = earlyWorkerRunning(10_000);
  assert.equal(await settled(running, 20), false);
  worker.dispatchEvent(new Event("message"));
  assert.equal(await settled(running, 20), true);
});

test("an early worker that has posted already, or one that stays silent past the cap", async () => {
  globalThis.earlyPython = { worker: new EventTarget(), events: [{ data: {} }] };
  assert.equal(await settled(earlyWorkerRunning(), 5), true);
  globalThis.earlyPython = { worker: new EventTarget(), events: [] };
  assert.equal(await settled(earlyWorkerRunning(30), 10), false);
  assert.equal(await settled(earlyWorkerRunning(30), 100), true);
});
