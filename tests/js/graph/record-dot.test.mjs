// record-dot.js: the page writes, from a record's fields, the very DOT engine/record/dot.py writes for
// it (tests/js/graph/record_cases.py); a record a learner's program forged can't put an attribute, a
// link or a node of its own into the DOT.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { RecordError, escapeRecord, layeredGraph, recordDot } from "../../../static/js/graph/record-dot.js";
import { dotRanks, parseDot } from "./dot-reader.mjs";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const python = process.env.PYTHON ?? `${root}.venv/bin/python`;
const { style, cases } = JSON.parse(
  execFileSync(python, [`${root}tests/js/graph/record_cases.py`], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }),
);

for (const { name, record, dot } of cases) {
  test(`the page's DOT is the engine's: ${name}`, () => {
    assert.equal(recordDot(record, style), dot);
  });

  test(`the layered layout's graph, read from the record, is the DOT's: ${name}`, () => {
    const graph = layeredGraph(record, style);
    const drawn = parseDot(dot);
    const ranks = dotRanks(drawn);
    assert.deepEqual(
      graph.nodes,
      drawn.nodes.map(({ id, shape, cls, fields }) => ({ id, shape, cls, fields, rank: ranks.get(id) })),
    );
    assert.deepEqual(graph.edges, drawn.edges);
  });
}

test("the cases reach each size's attributes and a learner's hostile labels", () => {
  const dots = cases.map((c) => recordDot(c.record, style));
  assert.ok(dots.some((d) => d.includes("mclimit=0.01")));
  assert.ok(dots.some((d) => d.includes("mclimit=0.3")));
  assert.ok(cases.some((c) => c.record.nodes.some((n) => n.shown.includes("URL="))));
});

/** A record in the engine's shape: a = 2, b = 3, c = a * b. */
function record() {
  const leaf = (id, shown) => ({ id, shown, constant: false, op: "", data_text: "2.0000", grad_widest: "0.0000", children: [], rank: 0 });
  return {
    nodes: [
      leaf("n0", "a"),
      leaf("n1", "b"),
      { ...leaf("n2", "c"), op: "*", children: ["n0", "n1"], op_id: "n2_op", rank: 2 },
    ],
    edges: [
      { id: "e-n0-n2-0", from: "n0", to: "n2_op" },
      { id: "e-n1-n2-1", from: "n1", to: "n2_op" },
      { id: "e-n2_op-n2", from: "n2_op", to: "n2" },
    ],
  };
}

/** Every attribute name the DOT's statements carry. */
function attributeNames(dot) {
  return new Set([...dot.matchAll(/\b([A-Za-z_]+)=/g)].map((m) => m[1]));
}

const ALLOWED = new Set(["label", "class", "id", "shape", "rankdir", "nodesep", "ranksep", "pad",
  "fontname", "fontsize", "margin", "height", "arrowsize"]);

test("a forged label, op or number stays text in its field: no URL, href or target", () => {
  const forged = record();
  forged.nodes[0].shown = 'a" URL="https://evil.example" target="_top';
  forged.nodes[1].data_text = '1"] n9 [URL="javascript:alert(1)" label="Your session expired';
  forged.nodes[2].op = '*" href="https://evil.example';
  forged.nodes[2].grad_widest = "} | <x> \\";
  const dot = recordDot(forged, style);
  for (const name of attributeNames(dot.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) {
    assert.ok(ALLOWED.has(name), `attribute ${name} in ${dot}`);
  }
  // Three value records and one op node: no node of the forger's own.
  assert.equal([...dot.matchAll(/shape=record/g)].length, 3);
  assert.equal([...dot.matchAll(/class=op/g)].length, 1);
  assert.ok(dot.includes(escapeRecord(forged.nodes[0].shown)));
});

test("ids that are not the engine's are refused, not written", () => {
  for (const id of ['n0 [URL="x"]', "n0;n9", "x", "", 7, null, "n1\nn2"]) {
    const forged = record();
    forged.nodes[0].id = id;
    forged.nodes[2].children = [id, "n1"];
    assert.throws(() => recordDot(forged, style), RecordError, String(id));
  }
  const twice = record();
  twice.nodes[1].id = "n0";
  assert.throws(() => recordDot(twice, style), RecordError);
  const later = record();
  later.nodes[2].children = ["n0", "n5"]; // an input that is not drawn before it
  assert.throws(() => recordDot(later, style), RecordError);
});

test("texts that are not strings, too many values, or none are refused", () => {
  const forged = record();
  forged.nodes[0].shown = { toString: () => '"] n9 [URL="x' };
  assert.throws(() => recordDot(forged, style), RecordError);
  assert.throws(() => recordDot({ nodes: [] }, style), RecordError);
  assert.throws(() => recordDot({ nodes: "n0" }, style), RecordError);
  assert.throws(() => recordDot(record(), { ...style, max_nodes: 2 }), /more than 2 values/);
});

test("a field is cut to 200 characters, and code points DOT can't carry are replaced", () => {
  const forged = record();
  forged.nodes[0].shown = "x".repeat(100_000);
  forged.nodes[1].shown = "a\u0000b\ud800c\uffff";
  const dot = recordDot(forged, style);
  assert.ok(dot.length < 2_000);
  assert.ok(dot.includes("a\ufffdb\ufffdc\ufffd"));
});

test("op node and edge ids that are not the engine's, or do not join the inputs, are refused", () => {
  const both = (forged) => {
    assert.throws(() => recordDot(forged, style), RecordError);
    assert.throws(() => layeredGraph(forged, style), RecordError);
  };
  for (const opId of ['n2_op [URL="x"]', "n0", "n9 _op", undefined, 7]) {
    const forged = record();
    forged.nodes[2].op_id = opId;
    forged.edges.forEach((e) => {
      if (e.to === "n2_op") e.to = opId;
      if (e.from === "n2_op") e.from = opId;
    });
    both(forged);
  }
  for (const id of ['e-n0-n2-0" URL="x', "e-n0-n2-0]; n9 [label=x", null]) {
    const forged = record();
    forged.edges[0].id = id;
    both(forged);
  }
  const swapped = record();
  swapped.edges[0].from = "n1"; // not what the value's inputs say
  both(swapped);
  const missing = record();
  missing.edges.pop();
  both(missing);
  const none = record();
  delete none.edges;
  both(none);
});

test("ranks that do not run forwards, or that no graph this size has, are refused", () => {
  for (const [k, rank] of [[2, 1], [0, 1], [2, 7], [0, -1], [0, 0.5], [0, "0"], [2, undefined]]) {
    const forged = record();
    forged.nodes[k].rank = rank;
    assert.throws(() => layeredGraph(forged, style), RecordError, `node ${k} rank ${rank}`);
  }
  const graph = layeredGraph(record(), style);
  assert.deepEqual(graph.nodes.map((n) => [n.id, n.rank]), [["n0", 0], ["n1", 0], ["n2", 2], ["n2_op", 1]]);
});

test("the layered layout's fields are the DOT's texts: a line break is a space, no escapes", () => {
  const forged = record();
  forged.nodes[0].shown = "a\nb|{c} <d>";
  forged.nodes[2].op = "*\r";
  const graph = layeredGraph(forged, style);
  assert.deepEqual(graph.nodes[0].fields, ["a b|{c} <d>", "data 2.0000", "grad 0.0000"]);
  assert.deepEqual(graph.nodes.find((n) => n.id === "n2_op").fields, ["* "]);
  assert.deepEqual(parseDot(recordDot(forged, style)).nodes.map((n) => n.fields), graph.nodes.map((n) => n.fields));
});
