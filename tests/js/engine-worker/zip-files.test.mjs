// zip-files.js: the engine worker's own reader of the engine zip, stored or deflated, checked
// against archives Python's zipfile made (tests/js/engine-worker/zip_cases.py).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { zipFiles } from "../../../static/js/engine-worker/zip-files.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const python = process.env.PYTHON ?? `${root}.venv/bin/python`;
const cases = JSON.parse(
  execFileSync(python, [`${root}tests/js/engine-worker/zip_cases.py`], { cwd: root, encoding: "utf8" }),
);
const bytes = (text) => new Uint8Array(Buffer.from(text, "base64"));

async function asObject(archive) {
  const files = await zipFiles(bytes(archive));
  return Object.fromEntries(files.map(({ path, bytes: data }) => [path, Buffer.from(data)]));
}

const expected = Object.fromEntries(
  Object.entries(cases.files).map(([path, data]) => [path, Buffer.from(bytes(data))]),
);

test("a stored archive gives every file, no folders, byte for byte", async () => {
  assert.deepEqual(await asObject(cases.stored), expected);
});

test("a deflated archive with a comment gives the same files", async () => {
  assert.deepEqual(await asObject(cases.deflated), expected);
});

test("an unsupported method, a damaged archive or no archive is an error that says so", async () => {
  await assert.rejects(zipFiles(bytes(cases.bzip2)), /zip method 12/);
  const cut = bytes(cases.stored);
  await assert.rejects(zipFiles(cut.subarray(0, cut.length - 30)), /not a zip archive|damaged/);
  const damaged = bytes(cases.stored);
  damaged.fill(0, 0, 40); // the first local header
  await assert.rejects(zipFiles(damaged), /damaged zip archive/);
  await assert.rejects(zipFiles(new TextEncoder().encode("hello")), /not a zip archive/);
});
