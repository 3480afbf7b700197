// spanOf (static/js/editor/textarea-marks.js): where an error's 1-based line and columns fall in
// the program's text, as [from, to) offsets — what the editor selects and underlines.
import assert from "node:assert/strict";
import test from "node:test";
import { spanOf } from "../../../static/js/editor/textarea-marks.js";

const source = "a = 2\nb = a ** 2 +\nc = b";

test("a span on a later line counts the lines before it, newlines included", () => {
  assert.deepEqual(spanOf(source, 2, 5, 11), [10, 16]); // "a ** 2"
  assert.equal(source.slice(...spanOf(source, 2, 5, 11)), "a ** 2");
});

test("no end column: one character; an end before the start: still one", () => {
  assert.deepEqual(spanOf(source, 1, 1), [0, 1]);
  assert.deepEqual(spanOf(source, 1, 3, 2), [2, 3]);
});

test("past the line's end, or past the last line, the span stays inside the text", () => {
  assert.deepEqual(spanOf(source, 2, 14, 20), [18, 18]); // past "+": empty, at the line's end
  assert.deepEqual(spanOf(source, 9, 1, 2), [19, 20]); // line 9 of 3: the last line's first
  assert.deepEqual(spanOf(source, 0, 0), [0, 0]); // line and column 0: the text's start
});
