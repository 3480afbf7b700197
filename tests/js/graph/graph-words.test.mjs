// graph-words.js: the graph's label for screen readers names how many values and the output
// with its number; the notice says a big graph's layout is under way, counts its seconds, stops
// counting when told, and hides when there is nothing to say.
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { describeGraph, Notice } from "../../../static/js/graph/graph-words.js";

test("the label counts the values and names the output, by its shown name if it has one", () => {
  const nodes = [
    { id: "n0", name: "a", data_text: "2.0000" },
    { id: "n1", name: "n1", shown: "a*b", data_text: "6.0000" },
  ];
  assert.equal(
    describeGraph({ nodes, output: "n1" }),
    "Computation graph of 2 values. The output a*b = 6.0000.",
  );
  assert.equal(
    describeGraph({ nodes: nodes.slice(0, 1), output: "n0" }),
    "Computation graph of 1 value. The output a = 2.0000.",
  );
  assert.equal(describeGraph({ nodes, output: "gone" }), "Computation graph of 2 values.");
});

test("the notice hides when it has nothing to say", () => {
  const element = { textContent: "", hidden: true };
  const notice = new Notice(element);
  notice.say("Drawn by the layered layout");
  assert.deepEqual(element, { textContent: "Drawn by the layered layout", hidden: false });
  notice.say("");
  assert.deepEqual(element, { textContent: "", hidden: true });
});

test("a big graph's progress counts seconds until it is stopped", (t) => {
  mock.timers.enable({ apis: ["setInterval"] });
  t.after(() => mock.timers.reset());
  const element = { textContent: "", hidden: true };
  const notice = new Notice(element);
  const stop = notice.progress(20000);
  const text = "Large graph (20,000 values): layout may take a few seconds…";
  assert.equal(element.textContent, text);
  mock.timers.tick(1000);
  assert.match(element.textContent, /^Large graph \(20,000 values\): .*… \d+ s$/);
  stop();
  notice.say("done");
  mock.timers.tick(5000);
  assert.equal(element.textContent, "done");
});
