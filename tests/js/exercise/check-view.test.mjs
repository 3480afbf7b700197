// check-view.js summarize: a check result in the page's words; "Ready" only when every check
// passed and there was one; the first located failure is the one the graph shows, and only a
// located failure whose step is inside its record counts; a reply without checks is a failure.
import assert from "node:assert/strict";
import { test } from "node:test";

import { summarize } from "../../../static/js/exercise/check-view.js";

const record = { nodes: [{ id: "n0" }], backward: [{ node: "n0" }, { node: "n1" }] };
const located = { record, step: 1, node: "n1", input: "n0" };

test("all checks pass: Ready", () => {
  const s = summarize({ passed: true, checks: [{ passed: true, message: "a" }, { passed: true, message: "b" }] });
  assert.deepEqual(s, { passed: true, total: 2, failed: 0, messages: [], located: null, verdict: "Ready: all 2 checks pass." });
});

test("failures: their messages, and the first located one", () => {
  const s = summarize({
    passed: false,
    checks: [
      { passed: true, message: "ok" },
      { passed: false, message: "first", located: null },
      { passed: false, message: "second", located },
      { passed: false, message: "third", located: { ...located, step: 0 } },
    ],
  });
  assert.equal(s.passed, false);
  assert.deepEqual([s.total, s.failed, s.messages], [4, 3, ["first", "second", "third"]]);
  assert.equal(s.located, located);
  assert.equal(s.verdict, "Not yet: 3 of 4 checks fail. The graph shows the first wrong _backward() call.");
});

test("a value that differs before any call is shown at that value, if it is in the record", () => {
  const atValue = { record, step: null, node: "n0", input: null };
  const s = summarize({ passed: false, checks: [{ passed: false, message: "m", located: atValue }] });
  assert.equal(s.located, atValue);
  assert.equal(s.verdict, "Not yet: 1 of 1 checks fail. The graph shows the value that differs.");
  const elsewhere = { ...atValue, node: "n9" };
  assert.equal(summarize({ passed: false, checks: [{ passed: false, message: "m", located: elsewhere }] }).located, null);
});

test("a located failure outside its record is not shown on the graph", () => {
  for (const step of [2, -1, 0.5, "1", undefined]) {
    const s = summarize({ passed: false, checks: [{ passed: false, message: "m", located: { ...located, step } }] });
    assert.equal(s.located, null);
  }
});

test("passed without checks, or a result claiming passed over a failure, is not Ready", () => {
  assert.equal(summarize({ passed: true, checks: [] }).passed, false);
  assert.equal(summarize({ passed: true, checks: [{ passed: false, message: "x" }] }).passed, false);
});

test("no checks at all (a restart, a stop): the error is the one message", () => {
  const s = summarize({ ok: false, error: { message: "Stopped after 5 s; run the program again." } });
  assert.equal(s.passed, false);
  assert.deepEqual(s.messages, ["Stopped after 5 s; run the program again."]);
  assert.equal(s.verdict, "The checks could not run: Stopped after 5 s; run the program again.");
});
