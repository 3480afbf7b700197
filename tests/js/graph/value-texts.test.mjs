// value-texts.js: a value's data and grad are its last two <text>s (a constant has neither);
// numbers are written into the text's own Text node, an unchanged one not at all; a record is
// the graph on screen only with the same values and edges. Run with stand-ins for the SVG.
import assert from "node:assert/strict";
import { test } from "node:test";

import { indexValues, sameGraph, writeNumbers } from "../../../static/js/graph/value-texts.js";

globalThis.Node ??= { TEXT_NODE: 3 };

/** A <text> holding one Text node, counting the writes to its characters. */
function text(data) {
  const node = { nodeType: 3, nextSibling: null, writes: 0 };
  let value = data;
  Object.defineProperty(node, "data", {
    get: () => value,
    set: (next) => {
      value = next;
      node.writes++;
    },
  });
  return { firstChild: node };
}

function group(...texts) {
  return { querySelectorAll: (selector) => (selector === "text" ? texts : []) };
}

const TRACE = {
  nodes: [
    { id: "n0", data_text: "2.0000" },
    { id: "n1", constant: true, data_text: "3.0000" },
    { id: "n2", op_id: "n2_op", data_text: "6.0000" },
  ],
  edges: [{ id: "e-n0-n2_op-0" }, { id: "e-n1-n2_op-1" }, { id: "e-n2_op-n2" }],
};

function drawn() {
  const texts = {
    n0: [text("a"), text("data 2.0000"), text("grad 0.0000")],
    n2: [text("c"), text("data 6.0000"), text("grad 0.0000")],
  };
  const groups = new Map([
    ["n0", group(...texts.n0)],
    ["n1", group(text("3.0000"))],
    ["n2", group(...texts.n2)],
    ["n2_op", group(text("*"))],
    ...TRACE.edges.map((e) => [e.id, group()]),
  ]);
  return { texts, groups, values: indexValues(TRACE, groups) };
}

test("a value's data and grad are its last two texts; a constant has neither", () => {
  const { texts, groups, values } = drawn();
  assert.deepEqual([...values.keys()], ["n0", "n1", "n2"]);
  assert.equal(values.get("n0").group, groups.get("n0"));
  assert.equal(values.get("n0").dataText, texts.n0[1]);
  assert.equal(values.get("n0").gradText, texts.n0[2]);
  assert.equal(values.get("n1").dataText, undefined);
  assert.equal(values.get("n1").gradText, undefined);
});

test("a value the SVG does not draw is not indexed", () => {
  const { groups } = drawn();
  groups.delete("n2");
  assert.deepEqual([...indexValues(TRACE, groups).keys()], ["n0", "n1"]);
});

test("numbers go into the Text node in place, an unchanged one is not written", () => {
  const { texts, values } = drawn();
  const asked = [];
  const grads = { n0: "3.0000", n2: "1.0000" };
  writeNumbers(values, ["n0", "n1", "n2"], "grad", (id) => {
    asked.push(id);
    return grads[id];
  });
  assert.deepEqual(asked, ["n0", "n2"]); // the constant has no grad text to write
  assert.equal(texts.n0[2].firstChild.data, "grad 3.0000");
  assert.equal(texts.n2[2].firstChild.data, "grad 1.0000");
  writeNumbers(values, ["n0", "n2"], "data", (id) => (id === "n0" ? "2.0000" : "7.0000"));
  assert.equal(texts.n0[1].firstChild.writes, 0); // "data 2.0000" already
  assert.equal(texts.n2[1].firstChild.writes, 1);
  assert.equal(texts.n2[1].firstChild.data, "data 7.0000");
});

test("a text that is not one Text node is replaced whole", () => {
  const element = { firstChild: null, textContent: "" };
  const values = new Map([["n0", { gradText: element }]]);
  writeNumbers(values, ["n0"], "grad", () => "0.5000");
  assert.equal(element.textContent, "grad 0.5000");
});

test("the graph on screen: the same values and edges, not only as many", () => {
  const { values, groups } = drawn();
  assert.equal(sameGraph(TRACE, values, groups), true);
  const renamed = { ...TRACE, nodes: [...TRACE.nodes.slice(0, 2), { id: "n9" }] };
  assert.equal(sameGraph(renamed, values, groups), false);
  const rewired = { ...TRACE, edges: [...TRACE.edges.slice(0, 2), { id: "e-n0-n2_op-1" }] };
  assert.equal(sameGraph(rewired, values, groups), false);
  assert.equal(sameGraph({ ...TRACE, nodes: TRACE.nodes.slice(0, 2) }, values, groups), false);
});
