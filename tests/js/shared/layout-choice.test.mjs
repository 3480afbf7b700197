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

/** The words the page is sent (app/page_data.py `layout_notes`), and the engine's own notes for
 * the same cases, written by engine/record/layout_choice.py. */
function engineNotes(error) {
  const code = [
    "import sys, json",
    "from engine.record.layout_choice import GRAPHVIZ_FAILED, LAYERED_NOTE, STUBS_NOTE, page_notes",
    "failed = LAYERED_NOTE.format(why=GRAPHVIZ_FAILED.format(error=sys.argv[1]))",
    "print(json.dumps({'notes': page_notes(), 'failed': failed, 'stubs': STUBS_NOTE}))",
  ].join("\n");
  return JSON.parse(execFileSync(python, ["-c", code, error], { cwd: root, encoding: "utf8" }));
}

test("Graphviz failing says so, with its message, in the engine's words", () => {
  for (const message of ["Maximum call stack size exceeded", "out of memory", "$& {error} $1"]) {
    const { notes, failed } = engineNotes(message);
    assert.deepEqual(graphvizFailed(new Error(message), notes), { layout: "layered", note: failed });
    assert.equal(graphvizFailed(message, notes).note, failed);
  }
  const { notes } = engineNotes("x");
  assert.equal(
    graphvizFailed("out of memory", notes).note,
    "Drawn with the quick layered layout: Graphviz failed (out of memory).",
  );
});

test("stubs are explained only when the layout drew some, in the engine's words", () => {
  const { notes, stubs } = engineNotes("x");
  assert.equal(withStubs("Drawn.", 0, notes), "Drawn.");
  assert.equal(withStubs("Drawn.", 3, notes), `Drawn. ${stubs}`);
  assert.equal(stubs, "An input used many times is named beside each use.");
});
