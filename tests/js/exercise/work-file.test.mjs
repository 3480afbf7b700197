// work-file.js: "Download my work" names every exercise in order with its state, and each code
// block holds the learner's code exactly, whatever backticks it contains.
import assert from "node:assert/strict";
import { test } from "node:test";

import { workFile } from "../../../static/js/exercise/work-file.js";

const when = new Date("2026-11-27T10:00:00Z");

test("every exercise in order, with its state and its code", () => {
  const text = workFile(
    [
      { id: "value", title: "A value", code: "a = 1\n", passed: true, checked: true },
      { id: "mul", title: "Multiply", code: "b = 2", passed: false, checked: true },
      { id: "grad", title: "Grads", code: "c = 3", passed: false, checked: false },
      { id: "neuron", title: "Neuron", code: null, passed: false, checked: false },
    ],
    { when, from: "http://127.0.0.1/learn" },
  );
  assert.match(text, /^# Build your own autograd: my work\n\n1 of 4 exercises ready\. Saved 2026-11-27T10:00:00\.000Z from http:\/\/127\.0\.0\.1\/learn\./);
  const headings = text.match(/^## .*$/gm);
  assert.deepEqual(headings, [
    "## 1. A value (value): passed",
    "## 2. Multiply (mul): not passed yet",
    "## 3. Grads (grad): not checked yet",
    "## 4. Neuron (neuron): not started",
  ]);
  assert.ok(text.includes("```python\na = 1\n```\n"));
  assert.ok(text.includes("No code written yet."));
});

test("a fence longer than any run of backticks in the code", () => {
  const code = 'doc = """```python\nx```"""';
  const text = workFile([{ id: "a", title: "A", code, passed: false, checked: false }], { when });
  assert.ok(text.includes(`\`\`\`\`python\n${code}\n\`\`\`\`\n`));
});
