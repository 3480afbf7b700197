// boot-answers.js: while loadPyodide runs, Pyodide's request for its wasm gets the response the
// worker fetched at boot, and its instantiation the module compiled from it; a restore's request
// for the standard library gets an empty file; anything else, and everything after, is as it was.
import assert from "node:assert/strict";
import { test } from "node:test";

import { BootAnswers } from "../../../static/js/engine-worker/boot-answers.js";

const EMPTY_WASM = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]); // "\0asm", version 1
const BASE = "https://example.org/pyodide/";

/** fetch as the worker sees it: the wasm, a zip, and a count of what was asked for. */
function fakeNetwork() {
  const asked = [];
  globalThis.self = globalThis;
  globalThis.fetch = async (input) => {
    asked.push(String(input));
    if (String(input).endsWith(".wasm")) {
      return new Response(EMPTY_WASM, { headers: { "content-type": "application/wasm" } });
    }
    return new Response(new Uint8Array([1, 2, 3]));
  };
  return asked;
}

test("Pyodide's wasm request and instantiation get what the worker started at boot", async () => {
  const asked = fakeNetwork();
  const plainFetch = globalThis.fetch;
  const plainInstantiate = WebAssembly.instantiateStreaming;
  const answers = new BootAnswers(BASE);
  const result = await answers.during(async () => {
    const response = fetch(`${BASE}pyodide.asm.wasm`, {});
    assert.equal(response, answers.wasm); // the same download, not a second one
    return WebAssembly.instantiateStreaming(response, {});
  });
  assert.equal(result.module, await answers.compiled);
  assert.ok(result.instance instanceof WebAssembly.Instance);
  assert.deepEqual(asked, [`${BASE}pyodide.asm.wasm`]);
  assert.equal(globalThis.fetch, plainFetch); // put back
  assert.equal(WebAssembly.instantiateStreaming, plainInstantiate);
});

test("a restore's standard library is an empty file; other files are fetched", async () => {
  const asked = fakeNetwork();
  const answers = new BootAnswers(BASE);
  const [stdlib, lock] = await answers.during(
    () => Promise.all([fetch(`${BASE}python_stdlib.zip`), fetch(`${BASE}pyodide-lock.json`)]),
    { emptyStdlib: true },
  );
  assert.equal((await stdlib.arrayBuffer()).byteLength, 0);
  assert.equal((await lock.arrayBuffer()).byteLength, 3);
  assert.ok(!asked.includes(`${BASE}python_stdlib.zip`));
  // A normal boot downloads it.
  const full = await answers.during(() => fetch(`${BASE}python_stdlib.zip`));
  assert.equal((await full.arrayBuffer()).byteLength, 3);
});

test("a wasm that did not compile is fetched and instantiated again, as Pyodide would", async () => {
  fakeNetwork();
  const answers = new BootAnswers(BASE);
  answers.compiled = Promise.reject(new Error("broken"));
  answers.compiled.catch(() => {});
  const result = await answers.during(() =>
    WebAssembly.instantiateStreaming(fetch(`${BASE}pyodide.asm.wasm`, {}), {}),
  );
  assert.ok(result.instance instanceof WebAssembly.Instance);
});
