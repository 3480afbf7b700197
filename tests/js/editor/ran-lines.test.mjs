// ranLineNumbers (static/js/editor/ran-lines.js): the lines a step's `ran` covers, each
// statement from its `line` to its `end_line` (one line without it), in the step's order.
import assert from "node:assert/strict";
import test from "node:test";

import { ranLineNumbers } from "../../../static/js/editor/ran-lines.js";

test("each statement covers its line to its end line", () => {
  assert.deepEqual(ranLineNumbers([{ line: 2, end_line: 4 }, { line: 7 }]), [2, 3, 4, 7]);
  assert.deepEqual(ranLineNumbers([{ line: 5, end_line: 5 }, { line: 3, end_line: 3 }]), [5, 3]);
});

test("no step, or a step that ran none of the program: no lines", () => {
  assert.deepEqual(ranLineNumbers(null), []);
  assert.deepEqual(ranLineNumbers([]), []);
});
