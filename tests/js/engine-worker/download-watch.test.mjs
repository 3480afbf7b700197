// download-watch.js: a slow download is not a failed one. A request with no answer fails after
// ANSWER_MS only if nothing else arrived meanwhile; an answered one only if everything stops for
// STALL_MS; a failed request, an HTTP error or a wrong type fail at once, with why.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ANSWER_MS, DownloadWatch, STALL_MS, verdict } from "../../../static/js/engine-worker/download-watch.js";

const request = (fields) => ({ sentAt: 0, answeredAt: null, done: false, lastAt: null, ...fields });

test("no answer and nothing arriving for the limit: no answer", () => {
  assert.equal(verdict(request({ now: ANSWER_MS - 1 })), "waiting");
  assert.equal(verdict(request({ now: ANSWER_MS })), "no-answer");
});

test("no answer yet while other downloads arrive: still waiting (it may be queued)", () => {
  assert.equal(verdict(request({ now: 10_000, lastAt: 9_000 })), "waiting");
  assert.equal(verdict(request({ now: 11_000, lastAt: 9_000 })), "no-answer");
});

test("an answered download arriving slowly is never given up on", () => {
  // One byte every 10 s: 26 s of bytes on Slow 4G look like this to a busy worker.
  assert.equal(verdict(request({ answeredAt: 100, lastAt: 60_000, now: 70_000 })), "arriving");
  assert.equal(verdict(request({ answeredAt: 100, lastAt: 60_000, now: 60_000 + STALL_MS })), "stalled");
  assert.equal(verdict(request({ answeredAt: 100, done: true, now: 1e9 })), "done");
});

/** A DownloadWatch on a clock the test moves. */
function watchAt() {
  const clock = { now: 0 };
  const watch = new DownloadWatch({ now: () => clock.now, limits: { answerMs: 50, stallMs: 200 } });
  return { clock, watch };
}

const wasm = (status = 200, type = "application/wasm") =>
  new Response(new Uint8Array(1000), { status, headers: { "content-type": type } });

test("bytes are counted as the body is read, and reported", async () => {
  const told = [];
  const watch = new DownloadWatch({ onBytes: (n) => told.push(n) });
  const response = await watch.track(Promise.resolve(wasm()));
  assert.equal((await response.arrayBuffer()).byteLength, 1000);
  assert.equal(watch.received, 1000);
  assert.ok(told.length >= 1);
  assert.equal(response.headers.get("content-type"), "application/wasm");
});

test("a failed request, an HTTP error or a wrong type are told at once, with why", async () => {
  const { watch } = watchAt();
  const failed = watch.track(Promise.reject(new TypeError("Failed to fetch")));
  await assert.rejects(watch.watch(failed, "The runtime"), /the request failed \(Failed to fetch\)/);
  const missing = watch.track(Promise.resolve(wasm(404)));
  await assert.rejects(watch.watch(missing, "The runtime"), /HTTP 404/);
  const html = watch.track(Promise.resolve(wasm(200, "text/html")));
  await assert.rejects(watch.watch(html, "The runtime", "application/wasm"), /served as "text\/html"/);
});

test("a request that never answers is told after the limit", async () => {
  const { clock, watch } = watchAt();
  const never = watch.track(new Promise(() => {}));
  const watching = watch.watch(never, "The runtime");
  clock.now = 60;
  await assert.rejects(watching, /no answer within 0.05 s/);
});

test("a download that has all arrived resolves", async () => {
  const { watch } = watchAt();
  const response = watch.track(Promise.resolve(wasm()));
  const watching = watch.watch(response, "The runtime", "application/wasm");
  await (await response).arrayBuffer();
  await watching;
});
