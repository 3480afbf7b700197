// static/js/shared/layout-choice.js: the page lays a graph out as its record says (the engine decides,
// engine/record/layout_choice.py), and says so in words when Graphviz fails anyway.
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { choiceOf, graphvizFailed, withStubs } from "../../../static/js/shared/layout-choice.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const python = process.env.PYTHON ?? `${root}.venv/bin/python`;

/** The record engine.worker.playground.run makes of `source`. */
function recordOf(source) {
  const code = "import sys, json\nfrom engine.worker.playground import run\nprint(json.dumps(run(sys.argv[1])['trace']))";
  return JSON.parse(execFileSync(python, ["-c", code, source], { cwd: root, encoding: "utf8" }));
}

test("the record's choice is the page's: Graphviz for the neuron", () => {
  const record = recordOf("tanh(x1*w1 + x2*w2 + b)");
  assert.deepEqual(choiceOf(record), { layout: "graphviz", note: "" });
});

test("the record's choice is the page's: the layered layout for a hub, with why", () => {
  const record = recordOf(Array(60).fill("x").join("+"));
  const choice = choiceOf(record);
  assert.equal(choice.layout, "layered");
  assert.match(choice.note, /^Drawn with the quick layered layout: Graphviz would take about \d+ s on this graph\.$/);
});

test("Graphviz failing says so, with its message", () => {
  const choice = graphvizFailed(new Error("Maximum call stack size exceeded"));
  assert.deepEqual(choice, {
    layout: "layered",
    note: "Drawn with the quick layered layout: Graphviz failed (Maximum call stack size exceeded).",
  });
  assert.equal(graphvizFailed("out of memory").note, "Drawn with the quick layered layout: Graphviz failed (out of memory).");
});

test("stubs are explained only when the layout drew some", () => {
  assert.equal(withStubs("Drawn.", 0), "Drawn.");
  assert.equal(withStubs("Drawn.", 3), "Drawn. An input used many times is named beside each use.");
});
