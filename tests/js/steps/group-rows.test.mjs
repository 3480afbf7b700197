// group-rows.js: the Node table of a graph with modules reads as the graph draws — a folded
// group is one row holding as many values as its box, an open group's row is followed by its
// own values indented, every value is in exactly one place, and a record without groups is
// its values in order. Records from the engine (tests/js/graph/fold_cases.py).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { firstOpen, foldView, groupsOf } from "../../../static/js/graph/folding.js";
import { groupRows } from "../../../static/js/steps/group-rows.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const python = process.env.PYTHON ?? `${root}.venv/bin/python`;
const { style, cases } = JSON.parse(
  execFileSync(python, [`${root}tests/js/graph/fold_cases.py`], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 }),
);
const mlp = cases.mlp;

function rowsOf(record, open) {
  const view = foldView(record, open);
  return { view, rows: groupRows(record.nodes, groupsOf(record), open, (id) => view?.boxOf.has(id) ?? false) };
}

test("the first view: one row per folded neuron, as many values as its box, layers open", () => {
  const open = firstOpen(mlp, style.fold.first_nodes);
  const { view, rows } = rowsOf(mlp, open);
  const folded = rows.filter((r) => r.kind === "group" && !r.open);
  assert.deepEqual(new Set(folded.map((r) => r.id)), new Set(view.members.keys()));
  assert.equal(folded.length, view.members.size);
  for (const r of folded) assert.equal(r.values, view.box(r.id).values, r.id);
  // The MLP, then its layers one level in, their neurons two levels in.
  const layer1 = mlp.groups.find((g) => g.name === "Layer 1");
  const at = rows.findIndex((r) => r.id === layer1.id);
  assert.deepEqual(rows[at], { kind: "group", id: layer1.id, depth: 1, open: true, values: rows[at].values });
  assert.equal(rows[at + 1].depth, 2);
  assert.equal(rows[at + 1].kind, "group");
  // Values drawn on their own (the inputs, the loss) are rows at the top; the neurons' values
  // and parameters are in no row: their boxes hold them.
  const values = rows.filter((r) => r.kind === "value").map((r) => r.id);
  const drawn = view.drawn().items.filter((i) => i.kind === "value").map((i) => i.id);
  assert.deepEqual(new Set(values), new Set(drawn));
  assert.equal(values.length + folded.reduce((n, r) => n + r.values, 0), mlp.nodes.length);
});

test("everything open: every value once, under the group that made it", () => {
  const open = new Set(mlp.groups.map((g) => g.id));
  const { rows } = rowsOf(mlp, open);
  const values = rows.filter((r) => r.kind === "value").map((r) => r.id);
  assert.equal(values.length, mlp.nodes.length);
  assert.equal(new Set(values).size, values.length);
  assert.equal(rows.filter((r) => r.kind === "group").length, mlp.groups.length);
  // A neuron's row is followed by its parameters, then the values its call made.
  const neuron = mlp.groups.find((g) => g.name === "Layer 1 · Neuron 1");
  const at = rows.findIndex((r) => r.id === neuron.id);
  const inside = rows.slice(at + 1, at + 1 + neuron.params.length + neuron.nodes.length);
  assert.ok(inside.every((r) => r.depth === rows[at].depth + 1));
  assert.deepEqual(new Set(inside.map((r) => r.id)), new Set([...neuron.params, ...neuron.nodes]));
  assert.equal(rows[at].values, neuron.params.length + neuron.nodes.length);
});

test("folded whole: the MLP is one row, the values around it rows of their own", () => {
  const { view, rows } = rowsOf(mlp, new Set());
  const top = mlp.groups.find((g) => g.name === "MLP");
  const groups = rows.filter((r) => r.kind === "group");
  assert.deepEqual(groups, [{ kind: "group", id: top.id, depth: 0, open: false, values: view.box(top.id).values }]);
  assert.equal(rows.length, view.drawn().items.length);
});

test("a parameter several calls share stays a row of its own while its groups are folded", () => {
  const record = cases["three calls"];
  const { view, rows } = rowsOf(record, new Set());
  const shared = record.nodes.filter((n) => n.leaf && !view.boxOf.has(n.id)).map((n) => n.id);
  const values = new Set(rows.filter((r) => r.kind === "value").map((r) => r.id));
  for (const id of shared) assert.ok(values.has(id), id);
  // Folded whole, a batch's points are ONE box on the graph ("3 points like this",
  // datapoints.js), each point still a row of the table: the rows' values are all in that box.
  const merged = view.box(rows.find((r) => r.kind === "group").id);
  assert.equal(merged.group.kind, "batch of points");
  const inRows = rows.filter((r) => r.kind === "group").reduce((sum, r) => sum + r.values, 0);
  assert.ok(inRows <= merged.values, `${inRows} > ${merged.values}`);
});

test("a record without groups: its values in order, none indented", () => {
  const record = cases.neuron;
  const rows = groupRows(record.nodes, groupsOf(record), new Set(), () => false);
  assert.deepEqual(rows, record.nodes.map((n) => ({ kind: "value", id: n.id, depth: 0 })));
});
