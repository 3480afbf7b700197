// datapoints.js and a batch's fold (folding.js): a program that calls its model once per point
// follows one point; the other points are one box "N more points like this" with their inputs,
// loss terms and running sum; the edges into it counted once each; and each parameter's part
// from the point followed (the record's call_grads) adds up, over all points, to its grad.
// Records from the engine (tests/js/graph/fold_cases.py): the moons preset on 10 points.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { placed, pointsOf } from "../../../static/js/graph/datapoint-picture.js";
import { batchOf } from "../../../static/js/graph/datapoints.js";
import { PART_NOT_YET, pointPartText } from "../../../static/js/graph/fold-texts.js";
import { firstOpen, foldView, groupsOf } from "../../../static/js/graph/folding.js";
import { layeredGraph, recordDot } from "../../../static/js/graph/record-dot.js";
import { Stepper } from "../../../static/js/steps/stepper.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const python = process.env.PYTHON ?? `${root}.venv/bin/python`;
const { style, cases, moons_points: moonsPoints } = JSON.parse(
  execFileSync(python, [`${root}tests/js/graph/fold_cases.py`], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 }),
);
const moons = cases["moons 10"];
const tops = moons.groups.filter((g) => g.parent === null);

test("a batch has one point per top-level call; a single call is no batch", () => {
  assert.deepEqual(batchOf(moons, groupsOf(moons)).calls, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.equal(batchOf(cases.mlp, groupsOf(cases.mlp)), null);
});

test("the points' picture: each point's two inputs, as the program made them, in call order", () => {
  const points = pointsOf(moons, groupsOf(moons));
  assert.deepEqual(points, moonsPoints.map(([x, y], call) => ({ call, x, y })));
  // Placed in a 200 x 110 picture, y up, one scale on both axes, the points inside it.
  const at = placed(points);
  for (const { cx, cy } of at) assert.ok(cx >= 0 && cx <= 200 && cy >= 0 && cy <= 110);
  const [a, b] = [0, 1].map((i) => points[i]);
  assert.equal(Math.sign(at[1].cx - at[0].cx), Math.sign(b.x - a.x));
  assert.equal(Math.sign(at[1].cy - at[0].cy), -Math.sign(b.y - a.y));
  const scale = (i, j) => [Math.abs(at[i].cx - at[j].cx) / Math.abs(points[i].x - points[j].x), Math.abs(at[i].cy - at[j].cy) / Math.abs(points[i].y - points[j].y)];
  const [sx, sy] = scale(0, 1);
  assert.ok(Math.abs(sx - sy) / sx < 0.02, `${sx} ${sy}`);
  // Another program's batch of three (its own `[Value(v) for v in x]`): its points too.
  const three = cases["three calls"];
  assert.deepEqual(pointsOf(three, groupsOf(three)), [
    { call: 0, x: 2, y: -1 },
    { call: 1, x: 0.5, y: 1 },
    { call: 2, x: -1, y: 0.25 },
  ]);
  // A point whose input is no finite number, or no batch: no picture.
  const broken = structuredClone(three);
  broken.nodes.find((n) => n.leaf && n.data === 0.5).data = Number.NaN;
  assert.equal(pointsOf(broken, groupsOf(broken)), null);
  assert.equal(pointsOf(cases.mlp, groupsOf(cases.mlp)), null);
});

test("following point 4: its groups open, the 9 others one box that holds all they made", () => {
  const open = firstOpen(moons, style.fold.first_nodes, 3);
  const view = foldView(moons, open);
  const mine = tops.find((g) => g.call === 3);
  assert.ok(open.has(mine.id));
  assert.ok([...open].every((id) => moons.groups.find((g) => g.id === id).call === 3));
  const boxes = [...view.members.keys()];
  const points = boxes.find((id) => view.box(id).group.kind === "batch of points");
  assert.equal(view.box(points).group.name, "9 more points like this");
  // Every value of the other points' calls is inside it, and so are their inputs and terms.
  for (const g of moons.groups.filter((g) => g.call !== 3)) for (const n of g.nodes) assert.equal(view.boxOf.get(n), points);
  const callOf = batchOf(moons, groupsOf(moons)).callOf;
  for (const node of moons.nodes) {
    const call = callOf.get(node.id);
    if (call !== undefined && call >= 0 && call !== 3) assert.equal(view.boxOf.get(node.id), points, node.id);
  }
  // The graph's output stays drawn, and so does what point 4 made.
  assert.equal(view.shownId(moons.output), moons.output);
  // Drawn small: within a few nodes of the first view's number, not hundreds.
  assert.ok(view.count() <= style.fold.first_nodes + 10, `${view.count()}`);
  // Edges into the points' box: one per drawn thing that feeds it, with how many it stands for.
  const { edges } = view.drawn();
  const into = edges.filter((e) => e.to === points);
  assert.equal(new Set(into.map((e) => e.from)).size, into.length);
  const real = moons.edges.filter((e) => view.shownId(e.to) === points && view.shownId(e.from) !== points);
  assert.equal(into.reduce((sum, e) => sum + e.count, 0), real.length);
  // The DOT and the layered graph draw it: the box's name in its record.
  assert.match(recordDot(moons, style, view), /9\\ more\\ points\\ like\\ this/);
  assert.ok(layeredGraph(moons, style, view).nodes.some((n) => n.id === points && n.cls === "fold"));
});

test("folded whole, the points are one box of all 10", () => {
  const view = foldView(moons, new Set());
  const points = [...view.members.keys()].find((id) => view.box(id).group.kind === "batch of points");
  assert.equal(view.box(points).group.name, "10 points like this");
  assert.equal(view.pointPart(moons.groups[0].params[0]), null); // no point followed
});

test("each parameter's parts over all points add up to its grad (the oracle)", () => {
  const params = tops[0].params;
  assert.equal(moons.call_grads.length, 10);
  for (const p of params) {
    const sum = moons.call_grads.reduce((s, part) => s + part.grads[p].grad, 0);
    assert.ok(Math.abs(sum - moons.grads[p]) <= 1e-12 * Math.max(1, Math.abs(moons.grads[p])), p);
  }
});

test("the point followed's part is written beside the largest |grad| of a box's parameters", () => {
  const view = foldView(moons, firstOpen(moons, 40, 2));
  assert.equal(view.point, 2);
  const neuron = [...view.members.keys()].find((id) => view.box(id).params.length);
  assert.ok(neuron, "a neuron box with its weights");
  const grads = new Map(moons.nodes.map((n) => [n.id, { value: moons.grads[n.id], text: n.grad_text }]));
  const gradOf = (id) => ({ value: moons.grads[id], text: String(grads.get(id).value) });
  const { params } = view.texts(neuron, gradOf);
  const best = view.box(neuron).params.reduce((a, b) => (Math.abs(moons.grads[b]) > Math.abs(moons.grads[a]) ? b : a));
  assert.equal(params, `|grad| max ${String(Math.abs(moons.grads[best]))} (this point ${view.pointPart(best).grad_text})`);
  // The layout's text makes room for the longest part.
  const widest = view.texts(neuron).params;
  assert.match(widest, /\(this point -?[0-9.e-]+\)$/);
});

test("a point's part is said once the step that last wrote it has run, forward pass or not", () => {
  const view = foldView(moons, firstOpen(moons, 40, 2));
  const [param, part] = Object.entries(moons.call_grads[2].grads).find(([, p]) => p.last_step !== null);
  assert.deepEqual(view.pointPart(param), part);
  assert.equal(moons.backward[part.last_step].index, part.last_step);
  const withForward = {
    ...moons,
    backward: [...moons.forward.map((f) => ({ kind: "forward", node: f.node, changes: [] })), ...moons.backward],
  };
  for (const trace of [moons, withForward]) {
    const stepper = new Stepper(trace);
    const at = stepper.steps.indexOf(moons.backward[part.last_step]) + 1; // the step shown
    assert.ok(at > 0);
    const said = (k) => (stepper.goTo(k), pointPartText(part, (i) => stepper.ran(i)));
    assert.equal(said(at - 1), PART_NOT_YET);
    assert.equal(said(at), part.grad_text);
    assert.equal(said(stepper.length), part.grad_text);
    assert.equal(said(0), PART_NOT_YET);
  }
  assert.equal(pointPartText({ ...part, last_step: null }, () => false), part.grad_text); // never written
  assert.equal(pointPartText(null, () => true), null);
});
