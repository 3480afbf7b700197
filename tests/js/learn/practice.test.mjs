// practice.js: an answer is right by the engine's rule (engine.worker.gradient_check.close), on the table
// of tests/js/learn/close_cases.py whose verdicts the engine itself prints: nan, inf, -0.0 and
// tiny differences either side of the tolerance the server sends.
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { close, readNumber } from "../../../static/js/learn/practice.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const python = process.env.PYTHON ?? `${root}.venv/bin/python`;
const { tolerance, cases } = JSON.parse(
  execFileSync(python, [`${root}tests/js/learn/close_cases.py`], { cwd: root, encoding: "utf8" }),
);

test("the page's verdict is the engine's on every case of the table", () => {
  assert.ok(cases.length >= 20);
  for (const { a, b, close: engine, expected } of cases) {
    assert.equal(engine, expected, `the engine on ${a}, ${b}`);
    const x = readNumber(a);
    const y = readNumber(b);
    assert.equal(close(x, y, tolerance), engine, `the page on ${a}, ${b}`);
    assert.equal(close(y, x, tolerance), engine, `the page on ${b}, ${a}`);
  }
});

test("numbers are read as the record writes them and as a learner types them", () => {
  assert.equal(readNumber("inf"), Infinity);
  assert.equal(readNumber("-inf"), -Infinity);
  assert.equal(readNumber(" Infinity "), Infinity);
  assert.ok(Number.isNaN(readNumber("nan")));
  assert.ok(Object.is(readNumber("-0.0"), -0));
  assert.equal(readNumber("1e-3"), 0.001);
  assert.equal(readNumber(2.5), 2.5);
  for (const text of ["", "  ", "abc", "1,5", "inf inf"]) assert.equal(readNumber(text), null);
});
