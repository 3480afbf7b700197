// snapshot.js: a memory snapshot is stored without its zero pages and comes back byte for byte.
import assert from "node:assert/strict";
import { test } from "node:test";

import { packSnapshot, unpackSnapshot } from "../../../static/js/engine-worker/snapshot.js";

const PAGE = 65536;

async function roundTrip(bytes) {
  const blob = packSnapshot(bytes);
  return [blob.size, unpackSnapshot(await blob.arrayBuffer())];
}

test("zero pages are left out and come back as zeros, the rest byte for byte", async () => {
  const bytes = new Uint8Array(10 * PAGE + 123); // a last page cut short
  bytes[0] = 1;
  bytes.fill(9, 3 * PAGE + 5, 4 * PAGE + 7); // across two pages
  bytes[10 * PAGE + 122] = 255; // the very last byte
  const [size, back] = await roundTrip(bytes);
  assert.deepEqual(back, bytes);
  assert.equal(size, 16 + 2 + 3 * PAGE + 123); // header, bitmap, pages 0, 3, 4 and the last
});

test("all zeros and no zeros", async () => {
  const zeros = new Uint8Array(4 * PAGE);
  assert.deepEqual((await roundTrip(zeros))[1], zeros);
  const full = new Uint8Array(3 * PAGE + 1).map((_, i) => (i % 251) + 1);
  const [size, back] = await roundTrip(full);
  assert.deepEqual(back, full);
  assert.equal(size, 16 + 1 + full.length);
});

test("a stored snapshot of another format, or damaged, is an error, not a wrong heap", async () => {
  const bytes = new Uint8Array(2 * PAGE).fill(3);
  const buffer = await packSnapshot(bytes).arrayBuffer();
  assert.throws(() => unpackSnapshot(buffer.slice(0, buffer.byteLength - 1)), /cut short/);
  const other = new Uint8Array(buffer.slice(0));
  other[0] ^= 1;
  assert.throws(() => unpackSnapshot(other.buffer), /expected format/);
  assert.throws(() => unpackSnapshot(new Uint8Array([...new Uint8Array(buffer), 0]).buffer), /spare/);
});
