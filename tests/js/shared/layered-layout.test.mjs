// static/js/shared/layered-layout.js and layered-svg.js on the graphs the page gives them: records
// the engine made (tests/js/shared/layered_cases.py), read by static/js/graph/record-dot.js
// layeredGraph. Every node is placed, none overlaps another of its rank, edges run left to right,
// the SVG has the ids, classes and texts graph-view.js indexes, and the time grows linearly with
// the graph.
//
//   node --test tests/js/
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { layeredGraph } from "../../../static/js/graph/record-dot.js";
import { packGraph, unpackGraph } from "../../../static/js/shared/layered-graph.js";
import { HUB_USES, layeredLayout } from "../../../static/js/shared/layered-layout.js";
import { xml } from "../../../static/js/shared/layered-shapes.js";
import { layeredChunksOf, layeredSVG } from "../../../static/js/shared/layered-svg.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const python = process.env.PYTHON ?? `${root}.venv/bin/python`;
const { style, cases } = JSON.parse(
  execFileSync(python, [`${root}tests/js/shared/layered_cases.py`], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }),
);

/** A chain x = x*1.0001 + 0.5 of `links` links as layeredGraph gives it (4 values a link, each
 * computed one after its op node, each constant just before its first use). */
function chainGraph(links) {
  const nodes = [];
  const edges = [];
  const value = (id, label, leaf, rank) =>
    nodes.push({ id, shape: "record", cls: leaf ? "value leaf" : "value", fields: [label, "data 1.0000", "grad 0.0000"], rank });
  const op = (id, symbol, inputs, rank) => {
    nodes.push({ id: `${id}_op`, shape: "ellipse", cls: "op", fields: [symbol], rank: rank - 1 });
    edges.push({ id: `e-${id}_op-${id}`, from: `${id}_op`, to: id });
    inputs.forEach((input, slot) => edges.push({ id: `e-${input}-${id}-${slot}`, from: input, to: `${id}_op` }));
  };
  value("n0", "x", true, 0);
  let x = "n0";
  let rank = 0;
  let next = 1;
  for (let i = 0; i < links; i++) {
    const [c, product, d, sum] = [0, 1, 2, 3].map((k) => `n${next + k}`);
    next += 4;
    value(c, c, true, rank);
    value(product, product, false, rank + 2);
    op(product, "*", [x, c], rank + 2);
    value(d, d, true, rank + 2);
    value(sum, "x", false, rank + 4);
    op(sum, "+", [product, d], rank + 4);
    x = sum;
    rank += 4;
  }
  return { nodes, edges };
}

function checkPlacement(layout) {
  const columns = new Map();
  for (const node of layout.nodes) {
    for (const v of [node.x, node.y, node.width, node.height]) assert.ok(Number.isFinite(v), node.id);
    assert.ok(node.y - node.height / 2 >= -1e-6 && node.y + node.height / 2 <= layout.height + 1e-6);
    if (!columns.has(node.x)) columns.set(node.x, []);
    columns.get(node.x).push(node);
  }
  for (const column of columns.values()) {
    column.sort((a, b) => a.y - b.y);
    for (let k = 1; k < column.length; k++) {
      const [a, b] = [column[k - 1], column[k]];
      assert.ok(b.y - b.height / 2 >= a.y + a.height / 2, `${a.id} and ${b.id} overlap`);
    }
  }
  const byId = new Map(layout.nodes.map((n) => [n.id, n]));
  for (const edge of layout.edges) {
    if (!edge.stub) assert.ok(byId.get(edge.from).x < byId.get(edge.to).x, `${edge.id} runs backwards`);
  }
}

for (const { name, record } of cases) {
  const graph = layeredGraph(record, style);
  const ids = record.nodes.map((n) => n.id);
  const edgeIds = record.edges.map((e) => e.id);

  test(`${name}: every node placed, no overlap in a rank, edges left to right`, () => {
    assert.equal(graph.nodes.filter((n) => n.shape === "record").length, ids.length);
    const layout = layeredLayout(graph);
    assert.equal(layout.nodes.length, graph.nodes.length);
    checkPlacement(layout);
    // One column per rank the record gives, left to right in rank order.
    const column = new Map();
    layout.nodes.forEach((node, i) => {
      const { rank } = graph.nodes[i];
      if (!column.has(rank)) column.set(rank, node.x);
      assert.equal(node.x, column.get(rank), node.id);
    });
    const xs = [...column].sort((a, b) => a[0] - b[0]).map(([, x]) => x);
    xs.forEach((x, k) => assert.ok(k === 0 || x > xs[k - 1]));
  });

  test(`${name}: the SVG has graph-view's structure`, () => {
    const { svg } = layeredSVG(graph);
    assert.match(svg, /^<svg [^>]*viewBox="0 0 [\d.]+ [\d.]+"/);
    assert.match(svg, /<g id="graph0" class="graph"/);
    const records = new Map(graph.nodes.map((n) => [n.id, n]));
    for (const id of ids) {
      // A value: its outline first, then one text per field of its record, in order
      // (graph-view.js takes the last two as data and grad).
      const group = new RegExp(`<g id="${id}" class="node value((?: leaf)?(?: constant)?)"><polygon [^>]*/>((?:<text [^>]*>[^<]*</text>)+)</g>`);
      const match = group.exec(svg);
      assert.ok(match, id);
      const texts = [...match[2].matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      assert.deepEqual(texts, records.get(id).fields.map(xml), id);
    }
    for (const id of edgeIds) assert.ok(svg.includes(`<g id="${id}" class="edge`), id);
    // Every edge has its arrowhead and no fill: a plain edge from its tile's edge group, a stub
    // (whose name is text, and must be filled) on its own path.
    const shared = /<g fill="none" marker-end="url\(#arrow\)">((?:<g id="[^"]+" class="edge"><path d="[^"]+"\/><\/g>)+)<\/g>/g;
    const arrowed = new Set();
    for (const [, group] of svg.matchAll(shared)) {
      for (const [, id] of group.matchAll(/<g id="([^"]+)"/g)) arrowed.add(id);
    }
    for (const [, id] of svg.matchAll(/<g id="([^"]+)" class="edge stub"><path d="[^"]+" fill="none" marker-end="url\(#arrow\)"\/>/g)) {
      arrowed.add(id);
    }
    assert.deepEqual([...arrowed].sort(), [...edgeIds].sort());
    // Text is XML character data: no raw markup from a label.
    const texts = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    for (const t of texts) assert.doesNotMatch(t, /[<>"]|&(?!amp;|lt;|gt;|quot;)/);
  });
}

test("tiles: every node and edge in one, each tile's extent covers its nodes", () => {
  const { svg } = layeredSVG(chainGraph(300));
  const tiles = [...svg.matchAll(/<svg class="tile" overflow="visible" data-x0="([\d.-]+)" data-x1="([\d.-]+)" display="none">([\s\S]*?)<\/svg>/g)];
  assert.ok(tiles.length > 10);
  let values = 0;
  for (const [, x0, x1, body] of tiles) {
    for (const [, points] of body.matchAll(/<g id="n\d+" class="node value[^"]*"><polygon fill="none" points="([^"]+)"/g)) {
      values++;
      const xs = points.split(" ").map((p) => Number(p.split(",")[0]));
      assert.ok(Math.min(...xs) >= Number(x0) - 0.1 && Math.max(...xs) <= Number(x1) + 0.1);
    }
  }
  assert.equal(values, 1 + 4 * 300);
  assert.equal(svg.match(/<g id="e-/g).length, 6 * 300);
});

test("in chunks (the layout worker's): the frame, then whole tiles, together the same SVG", () => {
  const graph = chainGraph(300);
  const chunks = [];
  const stubs = layeredChunksOf(graph, (bytes) => chunks.push(new TextDecoder().decode(bytes)), 20_000);
  const [frame, ...tiles] = chunks;
  assert.ok(tiles.length > 5);
  for (const part of tiles) {
    assert.match(part, /^<svg class="tile"/);
    assert.match(part, /<\/svg>$/);
  }
  assert.ok(frame.endsWith("</g></svg>") && !frame.includes('class="tile"'));
  const whole = frame.replace(/<\/g><\/svg>$/, `${tiles.join("")}</g></svg>`);
  assert.equal(whole, layeredSVG(graph).svg);
  assert.equal(stubs, layeredSVG(graph).stubs);
});

test("packed for the layout worker's message and unpacked there, a graph is the same graph", () => {
  for (const { name, record } of cases) {
    const graph = layeredGraph(record, style);
    const packed = structuredClone(packGraph(graph));
    assert.equal(typeof packed.texts, "string", name); // copied in one piece
    assert.deepEqual(unpackGraph(packed), graph, name);
  }
  const odd = { nodes: [{ id: "n0", shape: "record", cls: "value leaf", fields: ["", "a,b", "|"], rank: 0 }], edges: [] };
  assert.deepEqual(unpackGraph(structuredClone(packGraph(odd))), odd);
  assert.deepEqual(unpackGraph(packGraph(chainGraph(50))), chainGraph(50));
});

test("a label's record syntax stays literal text, escaped in the SVG", () => {
  const { record } = cases.find((c) => c.name === "labels");
  const node = layeredGraph(record, style).nodes.find((n) => n.fields[0].startsWith("{"));
  assert.deepEqual(node.fields, ['{x|<y> \\ " & </text>', "data 7.0000", "grad 0.0000"]);
  assert.ok(layeredSVG(layeredGraph(record, style)).svg.includes("&lt;/text&gt;"));
});

test("an input with many uses is drawn once, with a stub at each use", () => {
  const { record } = cases.find((c) => c.name === "hub");
  const graph = layeredGraph(record, style);
  const layout = layeredLayout(graph);
  const stubs = layout.edges.filter((e) => e.stub);
  assert.equal(stubs.length, 60);
  assert.ok(stubs.length > HUB_USES);
  assert.ok(stubs.every((e) => e.from === stubs[0].from));
  const { svg } = layeredSVG(graph);
  assert.equal(svg.match(/class="edge stub"/g).length, 60);
  assert.equal(svg.match(/class="node value leaf"/g).length, 1);
});

test("a 20,000-value chain: placed, no recursion, time linear in its size", () => {
  const fastest = (graph) => {
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const started = performance.now();
      layeredSVG(graph);
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  const big = chainGraph(4999); // 19,997 values: the engine's cap is 20,000
  const layout = layeredLayout(big);
  assert.equal(layout.nodes.filter((n) => n.shape === "record").length, 19_997);
  checkPlacement(layout);
  // Four times the graph; quadratic work would take ~16 times as long. (Times: bench/.)
  const ratio = fastest(big) / fastest(chainGraph(1250));
  assert.ok(ratio < 9, `4x the values took ${ratio.toFixed(1)}x the time`);
});
