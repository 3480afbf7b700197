// what-if.js: values belong to the program text they were set on — another text gets none, a
// dropped set is gone, a run's fields keep them, and the note says which differ from the code
// (and is gone when none do). Run with stand-ins for the note and the button.
import assert from "node:assert/strict";
import { test } from "node:test";

import { WhatIf } from "../../../static/js/editor/what-if.js";

const LOSS = "w1 = 2.0\nw2 = 3.0\nloss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5";
const FIELDS = [
  { name: "w1", code: 2, why: "" },
  { name: "w2", code: 3, why: "" },
];

function made(source) {
  const text = { value: source };
  const note = { textContent: "", hidden: true };
  const reset = { hidden: true, addEventListener() {} };
  const whatIf = new WhatIf({ list: null, note, reset, source: () => text.value });
  return { whatIf, note, reset, text };
}

test("values hold for the text they were set on only", () => {
  const { whatIf } = made(LOSS);
  whatIf.set({ w1: 7, bad: Number.NaN }, LOSS);
  assert.deepEqual(whatIf.valuesFor(LOSS), { w1: 7 });
  assert.deepEqual(whatIf.valuesFor(`${LOSS}\n`), {});
  whatIf.drop();
  assert.deepEqual(whatIf.valuesFor(LOSS), {});
});

test("a run of another text drops them", () => {
  const { whatIf, text } = made(LOSS);
  whatIf.set({ w1: 7 }, LOSS);
  text.value = "w1 = 0.5\nz = w1 * 2";
  whatIf.show({ w1: 0.5, z: 1 }, [{ name: "w1", code: 0.5, why: "" }]);
  text.value = LOSS; // typed back: still dropped, they were the old text's
  assert.deepEqual(whatIf.valuesFor(LOSS), {});
});

test("the note says which values differ from the code", () => {
  const { whatIf, note, reset } = made(LOSS);
  whatIf.set({ w1: 7, w2: 0.5 }, LOSS);
  whatIf.show({ w1: 7, w2: 0.5, loss: 28.125 }, FIELDS);
  assert.equal(
    note.textContent,
    "2 values differ from the code: w1 = 7 (code: 2), w2 = 0.5 (code: 3)",
  );
  assert.equal(note.hidden, false);
  assert.equal(reset.hidden, false);
  whatIf.set({ w1: 7 }, LOSS);
  whatIf.show({ w1: 7, w2: 3, loss: 20 }, FIELDS);
  assert.equal(note.textContent, "1 value differs from the code: w1 = 7 (code: 2)");
  let runs = 0;
  whatIf.addEventListener("change", () => (runs += 1));
  whatIf.useCode();
  assert.equal(runs, 1);
  assert.deepEqual(whatIf.valuesFor(LOSS), {});
  assert.equal(note.hidden, true);
  assert.equal(reset.hidden, true);
});
