// lazy-file.js: a MEMFS file node whose bytes come on first read, from fill() or else from its
// reader, once; reads, sizes and writes see the same bytes either way.
import assert from "node:assert/strict";
import { test } from "node:test";

import { lazyFile } from "../../../static/js/engine-worker/lazy-file.js";

/** A MEMFS file node as Pyodide leaves it: an empty file. */
function emptyNode() {
  return { contents: new Uint8Array(0), usedBytes: 0 };
}

/** MEMFS's read: `length` bytes at `position`, through `contents` and `usedBytes`. */
function read(node, position, length) {
  if (position >= node.usedBytes) return new Uint8Array(0);
  const size = Math.min(node.usedBytes - position, length);
  return node.contents.subarray(position, position + size);
}

const ZIP = new Uint8Array([80, 75, 3, 4, 1, 2, 3, 4, 5, 6]);

test("filled before any read: the reader is never called", () => {
  const node = emptyNode();
  const file = lazyFile(node, () => assert.fail("read now"));
  assert.equal(file.filled(), false);
  file.fill(ZIP);
  assert.equal(file.filled(), true);
  assert.equal(node.usedBytes, ZIP.length);
  assert.deepEqual(read(node, 4, 3), new Uint8Array([1, 2, 3]));
});

test("read before the fill: the reader gives the bytes, once, and a late fill changes nothing", () => {
  const node = emptyNode();
  let reads = 0;
  const file = lazyFile(node, () => {
    reads++;
    return ZIP;
  });
  assert.equal(node.usedBytes, ZIP.length); // a stat reads it
  assert.deepEqual(read(node, 8, 100), new Uint8Array([5, 6]));
  file.fill(new Uint8Array([9, 9, 9]));
  assert.deepEqual(node.contents, ZIP);
  assert.equal(reads, 1);
});

test("once read, contents and size are plain values again (writes work as in MEMFS)", () => {
  const node = emptyNode();
  lazyFile(node, () => ZIP);
  void node.contents; // read
  const written = new Uint8Array([7, 7]);
  node.contents = written;
  node.usedBytes = 2;
  assert.equal(Object.getOwnPropertyDescriptor(node, "contents").get, undefined);
  assert.deepEqual(read(node, 0, 10), written);
});

test("a reader that fails fails the read, and the next read tries again", () => {
  const node = emptyNode();
  let calls = 0;
  lazyFile(node, () => {
    calls++;
    if (calls === 1) throw new Error("offline");
    return ZIP;
  });
  assert.throws(() => node.contents, /offline/);
  assert.deepEqual(read(node, 0, 2), new Uint8Array([80, 75]));
  assert.equal(calls, 2);
});
