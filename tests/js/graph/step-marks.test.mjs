// step-marks.js: a step marks its value, its op node and the edges into either as "current"
// and the values it wrote as "changed"; a seed marks its value only; the next step writes
// only the classes that differ; "accumulates" and "nonfinite" follow the stepper. Run with
// stand-ins for the SVG's groups.
import assert from "node:assert/strict";
import { test } from "node:test";

import { StepMarks } from "../../../static/js/graph/step-marks.js";

/** A <g> whose classList counts its writes. */
function element() {
  const names = new Set();
  const g = { writes: 0, names };
  g.classList = {
    add: (name) => (g.writes++, names.add(name)),
    remove: (name) => (g.writes++, names.delete(name)),
    toggle: (name, on) => (on ? names.add(name) : names.delete(name)),
  };
  return g;
}

// a, b → (*) → c → (tanh) → d
const TRACE = {
  nodes: [{ id: "a" }, { id: "b" }, { id: "c", op_id: "c_op" }, { id: "d", op_id: "d_op" }],
  edges: [
    { id: "e-a", to: "c_op" },
    { id: "e-b", to: "c_op" },
    { id: "e-c_op", to: "c" },
    { id: "e-c", to: "d_op" },
    { id: "e-d_op", to: "d" },
  ],
  accumulates: ["a"],
  nonfinite: ["d"],
};

function made() {
  const ids = [...TRACE.nodes.map((n) => n.id), "c_op", "d_op", ...TRACE.edges.map((e) => e.id)];
  const groups = new Map(ids.map((id) => [id, element()]));
  const classes = () =>
    Object.fromEntries([...groups].filter(([, g]) => g.names.size).map(([id, g]) => [id, [...g.names]]));
  return { groups, classes, marks: new StepMarks(TRACE, groups) };
}

function stepper(step, changed, { accumulated = [], nonfinite = [] } = {}) {
  return {
    step,
    trace: TRACE,
    changed: () => changed,
    accumulated: (id) => accumulated.includes(id),
    nonfinite: (id) => nonfinite.includes(id),
  };
}

test("a step marks its value, its op node and the edges into both; a seed its value only", () => {
  const { classes, marks } = made();
  marks.show(stepper({ kind: "seed", node: "d" }, ["d"]));
  assert.deepEqual(classes(), { d: ["current", "changed"] });
  marks.show(stepper({ kind: "call", node: "c" }, ["a", "b"]));
  assert.deepEqual(classes(), {
    c: ["current"],
    c_op: ["current"],
    "e-a": ["current"],
    "e-b": ["current"],
    "e-c_op": ["current"],
    a: ["changed"],
    b: ["changed"],
  });
  marks.show(stepper(null, []));
  assert.deepEqual(classes(), {});
});

test("the next step writes only the classes that differ", () => {
  const { groups, marks } = made();
  marks.show(stepper({ kind: "call", node: "c" }, ["a", "b"]));
  const before = new Map([...groups].map(([id, g]) => [id, g.writes]));
  marks.show(stepper({ kind: "call", node: "c" }, ["a"]));
  const written = [...groups].filter(([id, g]) => g.writes !== before.get(id)).map(([id]) => id);
  assert.deepEqual(written, ["b"]);
  assert.equal(groups.get("b").names.has("changed"), false);
});

test("accumulates and nonfinite follow the stepper, step or no step", () => {
  const { classes, marks } = made();
  marks.show(stepper(null, [], { accumulated: ["a"], nonfinite: ["d"] }));
  assert.deepEqual(classes(), { a: ["accumulates"], d: ["nonfinite"] });
  marks.show(stepper(null, [], { accumulated: [] }));
  assert.deepEqual(classes(), {});
});
