// static/js/steps/stepper.js against the engine: for records the engine made (tests/js/steps/stepper_cases.py),
// the grads the stepper shows at every position — reached forward, backward and by jumps — are
// the ones engine.record.graph_record.grad_texts_at gives, and its end shows what the real backward() left.
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Stepper } from "../../../static/js/steps/stepper.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const python = process.env.PYTHON ?? `${root}.venv/bin/python`;
const cases = JSON.parse(
  execFileSync(python, [`${root}tests/js/steps/stepper_cases.py`], { cwd: root, encoding: "utf8" }),
);

function shown(stepper, trace) {
  return Object.fromEntries(trace.nodes.map((n) => [n.id, stepper.grad(n.id).text]));
}

for (const { name, trace, expected, final } of cases) {
  const n = trace.backward.length;

  test(`${name}: every position, stepping forward then back`, () => {
    const stepper = new Stepper(trace);
    for (let k = 0; k <= n; k++) {
      stepper.goTo(k);
      assert.equal(stepper.position, k);
      assert.deepEqual(shown(stepper, trace), expected[k], `forward, at ${k}`);
    }
    for (let k = n; k >= 0; k--) {
      stepper.goTo(k);
      assert.deepEqual(shown(stepper, trace), expected[k], `backward, at ${k}`);
    }
  });

  test(`${name}: jumps in any order land on the same grads`, () => {
    const stepper = new Stepper(trace);
    const order = [n, 0, Math.floor(n / 2), n, 1, n - 1, 0].filter((k) => k >= 0 && k <= n);
    for (const k of order) {
      stepper.goTo(k);
      assert.deepEqual(shown(stepper, trace), expected[k], `jump to ${k}`);
    }
    stepper.goTo(n + 5); // past the end: clamped
    assert.equal(stepper.position, n);
    stepper.goTo(-3);
    assert.equal(stepper.position, 0);
  });

  if (final) {
    test(`${name}: the end is what the real backward() left`, () => {
      const stepper = new Stepper(trace);
      stepper.end();
      for (const [id, text] of Object.entries(final)) {
        assert.equal(stepper.grad(id).text, text, id);
      }
    });
  }
}

test("changed() names the inputs the last step wrote to", () => {
  const { trace } = cases[0];
  const stepper = new Stepper(trace);
  stepper.goTo(trace.backward.length);
  const last = trace.backward.at(-1);
  assert.deepEqual(
    new Set(stepper.changed()),
    new Set(last.changes.map((c) => c.node)),
  );
});
