// record-dot.js's open groups as Graphviz clusters: in a folded view, each open group around
// what is drawn is `subgraph cluster_gN`, labelled with its name (escaped as every text is),
// nested as the groups are, holding the values its call made and the boxes of the groups in
// it; nothing folded, no cluster. Records from the engine (tests/js/graph/fold_cases.py).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { firstOpen, foldView } from "../../../static/js/graph/folding.js";
import { addedItems } from "../../../static/js/graph/in-place.js";
import { RecordError, partDot, recordDot } from "../../../static/js/graph/record-dot.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const python = process.env.PYTHON ?? `${root}.venv/bin/python`;
const { style, cases } = JSON.parse(
  execFileSync(python, [`${root}tests/js/graph/fold_cases.py`], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 }),
);
const mlp = cases.mlp;
const byName = (name) => mlp.groups.find((g) => g.name === name);

/** The DOT's clusters: id → {label, holds: the node ids declared directly inside}. */
function clustersOf(dot) {
  const found = new Map();
  const stack = [];
  for (const line of dot.split("\n")) {
    const opened = line.match(/^\t+subgraph (cluster_g[0-9]+) \{$/);
    if (opened) {
      stack.push(opened[1]);
      found.set(opened[1], { parent: stack.at(-2) ?? null, label: null, holds: [] });
      continue;
    }
    if (/^\t+\}$/.test(line)) stack.pop();
    const here = found.get(stack.at(-1));
    const label = line.match(/^\t+graph \[label="([^"]*)" class=group id=(cluster_g[0-9]+)/);
    if (label && here) here.label = label[1];
    const node = line.match(/^\t+([gn][0-9]+(?:_op)?) \[label=/);
    if (node && here) here.holds.push(node[1]);
  }
  assert.equal(stack.length, 0);
  return found;
}

test("the first view: the MLP around its three layers, each around its neurons' boxes", () => {
  const open = firstOpen(mlp, style.fold.first_nodes);
  const dot = recordDot(mlp, style, foldView(mlp, open));
  const clusters = clustersOf(dot);
  const top = byName("MLP");
  assert.deepEqual([...clusters.keys()].sort(), [...open].map((id) => `cluster_${id}`).sort());
  assert.equal(clusters.get(`cluster_${top.id}`).label, "MLP");
  for (const n of [1, 2, 3]) {
    const layer = byName(`Layer ${n}`);
    const cluster = clusters.get(`cluster_${layer.id}`);
    assert.equal(cluster.label, `Layer\\ ${n}`);
    assert.equal(cluster.parent, `cluster_${top.id}`);
    const neurons = mlp.groups.filter((g) => g.parent === layer.id).map((g) => g.id);
    assert.deepEqual(cluster.holds.sort(), neurons.sort());
  }
  // Its edges come after every cluster, at the top.
  assert.ok(dot.lastIndexOf("subgraph") < dot.indexOf(" -> "));
});

test("an opened neuron is a cluster of the values its call made and its parameters", () => {
  const neuron = byName("Layer 1 · Neuron 3");
  const open = new Set([...firstOpen(mlp, style.fold.first_nodes), neuron.id]);
  const cluster = clustersOf(recordDot(mlp, style, foldView(mlp, open))).get(`cluster_${neuron.id}`);
  assert.equal(cluster.label, "Layer\\ 1\\ ·\\ Neuron\\ 3");
  assert.equal(cluster.parent, `cluster_${byName("Layer 1").id}`);
  const made = mlp.nodes.filter((n) => neuron.nodes.includes(n.id));
  const expected = made.flatMap((n) => (n.op_id ? [n.id, n.op_id] : [n.id]));
  assert.deepEqual(cluster.holds.sort(), [...expected, ...neuron.params].sort());
});

test("an input of the program's own is in no frame, nor a parameter several calls share", () => {
  const open = firstOpen(mlp, style.fold.first_nodes);
  const dot = recordDot(mlp, style, foldView(mlp, open));
  const held = [...clustersOf(dot).values()].flatMap((c) => c.holds);
  const inputs = mlp.nodes.filter((n) => n.leaf && !mlp.groups.some((g) => g.params.includes(n.id)));
  assert.ok(inputs.length >= 2);
  for (const n of inputs) assert.ok(!held.includes(n.id), n.name);
  // The same MLP called on three points, its neurons folded: a parameter all three calls use
  // is framed by none of them.
  const three = cases["three calls"];
  const view = foldView(three, new Set(three.groups.filter((g) => g.kind !== "Neuron").map((g) => g.id)));
  const frames = [...clustersOf(recordDot(three, style, view)).values()];
  const shared = three.nodes.filter((n) => n.leaf && !view.boxOf.has(n.id) && n.consumers.length > 1);
  assert.ok(shared.some((n) => three.groups.some((g) => g.params.includes(n.id))));
  for (const n of shared) assert.ok(!frames.some((c) => c.holds.includes(n.id)), n.name);
});

test("a group's name is escaped as record text, and a bad group id is refused", () => {
  const named = structuredClone(mlp);
  named.groups.find((g) => g.name === "Layer 1").name = 'Evil" URL="x" {a|b}\\';
  const open = firstOpen(named, style.fold.first_nodes);
  const dot = recordDot(named, style, foldView(named, open));
  assert.match(dot, /graph \[label="Evil\\"\\ URL=\\"x\\"\\ \\\{a\\\|b\\\}\\\\" class=group/);
  const view = foldView(mlp, firstOpen(mlp, style.fold.first_nodes));
  view.open.add("cluster_x; n0");
  view.groupOfNode = new Map([...view.groupOfNode, [view.drawn().items.find((i) => i.kind === "value").id, "cluster_x; n0"]]);
  assert.throws(() => recordDot(mlp, style, view), RecordError);
});

test("nothing folded: no cluster, the DOT recordDot always wrote", () => {
  const all = new Set(mlp.groups.map((g) => g.id));
  assert.equal(foldView(mlp, all), null);
  assert.doesNotMatch(recordDot(mlp, style, foldView(mlp, all)), /subgraph/);
});

test("a part: what an opened neuron holds, in its own frame only, with the edges inside it", () => {
  const first = firstOpen(mlp, style.fold.first_nodes);
  const neuron = byName("Layer 1 · Neuron 3");
  const before = foldView(mlp, first);
  const after = foldView(mlp, new Set([...first, neuron.id]));
  const only = addedItems(before, after);
  const dot = partDot(mlp, style, after, only, neuron.id);
  const clusters = clustersOf(dot);
  assert.deepEqual([...clusters.keys()], [`cluster_${neuron.id}`]);
  const made = mlp.nodes.filter((n) => neuron.nodes.includes(n.id));
  const expected = made.flatMap((n) => (n.op_id ? [n.id, n.op_id] : [n.id]));
  assert.deepEqual(clusters.get(`cluster_${neuron.id}`).holds.sort(), [...expected, ...neuron.params].sort());
  // Every edge joins two nodes of the part; the whole view's graph attributes are kept.
  const declared = new Set([...dot.matchAll(/^\t+([gn][0-9]+(?:_op)?) \[label=/gm)].map((m) => m[1]));
  const edges = [...dot.matchAll(/^\t([gn][0-9_op]+) -> ([gn][0-9_op]+) /gm)];
  assert.ok(edges.length > 0);
  for (const [, from, to] of edges) assert.ok(declared.has(from) && declared.has(to));
  const graphLine = (text) => text.split("\n").find((l) => l.startsWith("\tgraph ["));
  assert.equal(graphLine(dot), graphLine(recordDot(mlp, style, after)));
  // Folding it back: its box alone, in no frame.
  const box = partDot(mlp, style, before, addedItems(after, before), neuron.id);
  assert.equal(clustersOf(box).size, 0);
  assert.deepEqual([...box.matchAll(/^\t+([gn][0-9]+(?:_op)?) \[label=/gm)].map((m) => m[1]), [neuron.id]);
});
