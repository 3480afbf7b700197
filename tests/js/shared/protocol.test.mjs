// protocol.js: the engine worker's URL carries the files it boots from, and the worker reads
// them back; a URL without them is an error that says so. (The page's first script writes that
// URL: tests/js/early-python.test.mjs reads its URLs back with bootFiles.)
import assert from "node:assert/strict";
import { test } from "node:test";

import { bootFiles, checkEngineMessage } from "../../../static/js/shared/protocol.js";

test("the files named in the worker's URL come back as they went in, their own queries too", () => {
  const url =
    "https://example.org/static/v1/js/worker.js" +
    "?pyodide=https%3A%2F%2Fexample.org%2Fstatic%2Fvendor%2Fpyodide%2F314.0.7%2F" +
    "&engine=https%3A%2F%2Fexample.org%2Fstatic%2Fvendor%2Fwheels%2Fengine-0123456789ab.zip%3Fx%3D1%26y%3D2";
  assert.deepEqual(bootFiles(url), {
    pyodide: "https://example.org/static/vendor/pyodide/314.0.7/",
    engine_zip: "https://example.org/static/vendor/wheels/engine-0123456789ab.zip?x=1&y=2",
  });
});

test("a worker URL without them is an error", () => {
  assert.throws(() => bootFiles("https://example.org/js/worker.js?pyodide=x"), /without the URLs/);
});

test("a download message is a count of bytes, or it is dropped", () => {
  assert.deepEqual(checkEngineMessage({ type: "download", received: 1234, extra: "x" }), {
    type: "download",
    received: 1234,
  });
  for (const received of [-1, 1.5, "12", Infinity, null]) {
    assert.equal(checkEngineMessage({ type: "download", received }), null);
  }
});

test("a check's reply is JSON text for a request id, like a run's; anything else is dropped", () => {
  assert.deepEqual(checkEngineMessage({ type: "checked", id: 3, result: '{"checks":[]}', heap: 9, x: 1 }), {
    type: "checked",
    id: 3,
    result: '{"checks":[]}',
    heap: 9,
  });
  assert.equal(checkEngineMessage({ type: "checked", id: 0, result: "{}" }), null);
  assert.equal(checkEngineMessage({ type: "checked", id: 2, result: { checks: [] } }), null);
  assert.equal(checkEngineMessage({ type: "check", id: 2, code: "", setup: "", check: "" }), null);
});
