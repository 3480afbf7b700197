// PythonStart (static/js/python/python-start.js): a task that waits for Python's boot to end
// (the code editor on a repeat visit) runs once, whether the boot ends ready or failed; a page
// without Python's files has no worker to retry.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PythonStart } from "../../../static/js/python/python-start.js";

/** An EngineClient's events and state, without a worker. */
class FakeEngine extends EventTarget {
  state = "booting";
  end(state) {
    this.state = state;
    this.dispatchEvent(new CustomEvent(state, { detail: { ms: 1, message: "no" } }));
  }
}

function start(engine) {
  const status = { progress() {}, ready() {}, restarting() {}, failed() {}, onRetry() {} };
  return new PythonStart({ engine, status, say() {}, editor: {}, picture: false, missing: "" });
}

for (const ending of ["ready", "failed"]) {
  test(`a task after the boot runs once when it ends ${ending}`, () => {
    const engine = new FakeEngine();
    let runs = 0;
    start(engine).afterBoot(() => runs++);
    assert.equal(runs, 0);
    engine.end(ending);
    engine.end(ending === "ready" ? "failed" : "ready"); // a later restart: not again
    assert.equal(runs, 1);
  });
}

test("a task after a boot that has ended runs at once", () => {
  const engine = new FakeEngine();
  engine.state = "ready";
  let runs = 0;
  start(engine).afterBoot(() => runs++);
  assert.equal(runs, 1);
});

test("without Python's files, Retry says so again rather than starting a worker", () => {
  for (const missing of ["", "static/vendor is missing; run scripts/setup.sh"]) {
    const engine = new FakeEngine();
    const asked = [];
    engine.retry = () => asked.push("retry");
    engine.fail = (message) => asked.push(`fail: ${message}`);
    let retry = null;
    const status = { progress() {}, ready() {}, restarting() {}, failed() {} };
    status.onRetry = (fn) => (retry = fn);
    new PythonStart({ engine, status, say() {}, editor: {}, picture: false, missing });
    retry();
    assert.deepEqual(asked, [missing ? `fail: ${missing}` : "retry"]);
  }
});
