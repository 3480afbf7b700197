// folding.js: a record folded by its groups — which boxes are drawn, the edges between them
// counted, a group's parameters absorbed into its box, the first open set within the server's
// number, the DOT of a folded view; a record without groups is not folded at all. Records from
// the engine (tests/js/graph/fold_cases.py).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { drawnCount, firstOpen, foldView, groupValues } from "../../../static/js/graph/folding.js";
import { layeredGraph, recordDot } from "../../../static/js/graph/record-dot.js";
import { layeredSVG } from "../../../static/js/shared/layered-svg.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const python = process.env.PYTHON ?? `${root}.venv/bin/python`;
const { style, cases } = JSON.parse(
  execFileSync(python, [`${root}tests/js/graph/fold_cases.py`], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 }),
);
const mlp = cases.mlp;
const byName = (record, name) => record.groups.find((g) => g.name === name);
const ids = (record, kind) => record.groups.filter((g) => g.kind === kind).map((g) => g.id);

test("a record without groups is not folded, and draws as recordDot always drew it", () => {
  const record = cases.neuron;
  assert.deepEqual(record.groups, []);
  assert.equal(foldView(record, new Set()), null);
  assert.deepEqual([...firstOpen(record, 40)], []);
  assert.equal(recordDot(record, style, null), recordDot(record, style));
});

test("everything open is not folded either", () => {
  assert.equal(foldView(mlp, new Set(mlp.groups.map((g) => g.id))), null);
});

test("the MLP folded whole is one box with its 337 parameters and every value inside", () => {
  const view = foldView(mlp, new Set());
  const top = byName(mlp, "MLP");
  assert.deepEqual([...view.members.keys()], [top.id]);
  const box = view.box(top.id);
  assert.equal(box.params.length, 337);
  const drawn = view.drawn().items.map((i) => i.id);
  // The inputs, the MLP, the target's constant and the loss's two values: nothing else.
  assert.equal(drawn.length, 6);
  assert.equal(box.values + drawn.length - 1, mlp.nodes.length);
  // x1 and x2 each feed the 16 neurons of layer 1: one edge each, counted.
  const into = view.drawn().edges.filter((e) => e.to === top.id);
  assert.deepEqual(
    into.map((e) => e.count),
    [16, 16],
  );
  assert.deepEqual(view.fields(top.id).slice(0, 1), ["MLP"]);
  assert.match(view.fields(top.id)[3], /^977 values · 337 params$/);
});

test("the first view: every layer open, each neuron one box, within the server's number", () => {
  const open = firstOpen(mlp, style.fold.first_nodes);
  assert.deepEqual([...open].sort(), [byName(mlp, "MLP").id, ...ids(mlp, "Layer")].sort());
  const view = foldView(mlp, open);
  assert.deepEqual([...view.members.keys()].sort(), ids(mlp, "Neuron").sort());
  assert.ok(drawnCount(mlp, open) <= style.fold.first_nodes);
  // Opening one more group would pass it: breadth first stopped there.
  const neuron = ids(mlp, "Neuron")[0];
  assert.ok(drawnCount(mlp, new Set([...open, neuron])) > style.fold.first_nodes);
  // A neuron of layer 1 holds its 2 products, 2 sums and tanh, and its w1, w2 and b.
  const n1 = byName(mlp, "Layer 1 · Neuron 1");
  const box = view.box(n1.id);
  assert.equal(box.values, 8);
  assert.deepEqual(new Set(box.params), new Set(n1.params)); // in the record's order
  assert.equal(view.shownId(n1.output), n1.id);
});

test("edges join boxes once each; a real edge between drawn values keeps its id", () => {
  const view = foldView(mlp, firstOpen(mlp, 40));
  const { edges, items } = view.drawn();
  const keys = edges.map((e) => `${e.from} ${e.to}`);
  assert.equal(new Set(keys).size, keys.length);
  const drawn = new Set(items.map((i) => i.id));
  for (const e of edges) {
    const from = e.from.endsWith("_op") ? e.from.slice(0, -3) : e.from;
    const to = e.to.endsWith("_op") ? e.to.slice(0, -3) : e.to;
    assert.ok(drawn.has(from) && drawn.has(to), e.id);
  }
  // Every real edge is inside one box or stands behind exactly one drawn edge.
  const inside = mlp.edges.filter((e) => view.shownId(e.from) === view.shownId(e.to)).length;
  assert.equal(inside + edges.reduce((sum, e) => sum + e.count, 0), mlp.edges.length);
  assert.ok(edges.some((e) => e.id === "e-n980_op-n980"));
});

test("ranks run forwards over the folded graph", () => {
  const view = foldView(mlp, firstOpen(mlp, 40));
  const rank = new Map(view.drawn().items.map((i) => [i.id, i.rank]));
  const at = (id) => (id.endsWith("_op") ? rank.get(id.slice(0, -3)) - 1 : rank.get(id));
  for (const e of view.drawn().edges) assert.ok(at(e.from) < at(e.to), `${e.id}: ${at(e.from)} → ${at(e.to)}`);
});

test("a folded view's DOT draws each box as a record of class fold, with counted edges", () => {
  const view = foldView(mlp, new Set());
  const dot = recordDot(mlp, style, view);
  assert.match(dot, /\tg0 \[label="\{MLP\|data\\ [-0-9.]+\|grad\\ [-0-9.]+\|977\\ values\\ ·\\ 337\\ params\|\\\|grad\\\|\\ max\\ [0-9.]+\}" class="fold" id=g0 shape=record\]/);
  assert.match(dot, /n6 -> g0 \[id="e-n6-g0" label="×16"\]/);
  const graph = layeredGraph(mlp, style, view);
  assert.deepEqual(
    graph.nodes.map((n) => n.id),
    ["n6", "n10", "n979", "g0", "n980", "n980_op", "n981", "n981_op"],
  );
  assert.equal(graph.nodes.find((n) => n.id === "g0").cls, "fold");
  // The layered layout draws the same counts: each edge's, where it stands for several.
  const counts = view.drawn().edges.map((e) => [e.id, e.count]);
  assert.deepEqual(graph.edges.map((e) => [e.id, e.count]), counts);
  const { svg } = layeredSVG(graph);
  for (const [id, count] of counts) {
    const edge = svg.match(new RegExp(`<g id="${id}" class="edge">.*?</g>`))[0];
    if (count > 1) assert.match(edge, new RegExp(`<text [^>]*>×${count}</text>`), id);
    else assert.doesNotMatch(edge, /<text/, id);
  }
  assert.ok(counts.some(([, count]) => count > 1));
});

test("a step inside a folded box is said as that box's, with the grads it wrote", () => {
  const view = foldView(mlp, firstOpen(mlp, 40));
  const step = mlp.backward.find((s) => view.boxOf.has(s.node) && s.op === "tanh");
  const box = mlp.groups.find((g) => g.id === view.boxOf.get(step.node));
  const [change] = step.changes;
  assert.equal(
    view.stepWords(step),
    `${box.name}: tanh ran, its input's grad ${change.before_text} → ${change.after_text}.`,
  );
  const outside = mlp.backward.find((s) => s.kind === "backward" && !view.boxOf.has(s.node));
  assert.equal(view.stepWords(outside), null);
});

test("a learner's own two-layer network class folds by its own classes", () => {
  const record = cases["own net"];
  assert.deepEqual(new Set(record.groups.map((g) => g.kind)), new Set(["Net", "DenseLayer", "Perceptron"]));
  const view = foldView(record, new Set());
  assert.deepEqual([...view.members.keys()], [byName(record, "Net").id]);
  const open = firstOpen(record, 40);
  assert.ok(drawnCount(record, open) <= 40 && open.has(byName(record, "Net").id));
  const values = groupValues(record, byName(record, "DenseLayer 1").id);
  assert.ok(values.includes(byName(record, "DenseLayer 1 · Perceptron 1").output));
});

test("several calls folded are one box, their shared parameters inside it", () => {
  const record = cases["three calls"];
  const view = foldView(record, new Set());
  const tops = record.groups.filter((g) => g.parent === null);
  assert.deepEqual([...view.members.keys()], [tops[0].id]);
  assert.equal(view.box(tops[0].id).group.name, "3 points like this");
  assert.ok(record.groups[0].params.every((p) => view.boxOf.get(p) === tops[0].id));
});

test("the first open set counted as it opens is the one a fold view per try finds", () => {
  // The oracle: the breadth-first rule, with the whole graph folded again for each group tried.
  const slow = (record, most) => {
    const everything = record.groups.map((g) => g.id);
    if (drawnCount(record, everything) <= most) return new Set(everything);
    const open = new Set();
    const queue = record.groups.filter((g) => g.parent === null).map((g) => g.id);
    while (queue.length) {
      const id = queue.shift();
      open.add(id);
      if (drawnCount(record, open) <= most) queue.push(...record.groups.filter((g) => g.parent === id).map((g) => g.id));
      else open.delete(id);
    }
    return open;
  };
  for (const record of [mlp, cases["own net"]]) {
    for (const most of [5, 20, 40, 80, 200]) {
      assert.deepEqual([...firstOpen(record, most)].sort(), [...slow(record, most)].sort(), `${most}`);
    }
  }
});
