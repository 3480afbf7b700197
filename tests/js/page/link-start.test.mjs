// link-start.js: a Python link's step and Graph of apply once, to the run of the link's own
// program; an expression program's page (not pending) has none to apply.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LinkStart } from "../../../static/js/page/link-start.js";

const PENDING = { result: { pending: true }, step: 2, options: { graph: 1 } };

test("applies once, to the link's own program", () => {
  const start = new LinkStart(PENDING, "print(1)");
  assert.deepEqual(start.take("print(1)"), { source: "print(1)", step: 2, graph: 1 });
  assert.equal(start.take("print(1)"), null);
});

test("an edit made before the run arrived starts at the beginning", () => {
  const start = new LinkStart(PENDING, "print(1)");
  assert.equal(start.take("print(2)"), null);
  assert.equal(start.take("print(1)"), null);
});

test("a link without a graph choice, and a page the server ran", () => {
  const start = new LinkStart({ result: { pending: true }, step: 0, options: {} }, "p");
  assert.deepEqual(start.take("p"), { source: "p", step: 0, graph: null });
  assert.equal(new LinkStart({ result: { ok: true }, step: 3 }, "p").take("p"), null);
});
