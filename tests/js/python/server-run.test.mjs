// server-run.js: what the page takes from GET /run (a record, or a program's error; a program
// for Python is left to the worker), and when the worker's answer changes nothing on screen.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ServerRun, readResult, sameGraph } from "../../../static/js/python/server-run.js";

const trace = { nodes: [{ id: "n0", data: 6 }], edges: [], backward: [] };

test("a record or a program's error is shown; Python, and anything else, is not", () => {
  assert.ok(readResult({ ok: true, trace }));
  assert.ok(readResult({ ok: false, error: { message: "line 1: …", line: 1 } }));
  assert.equal(readResult({ ok: false, language: "python", pending: true }), null);
  for (const odd of [null, "text", [], { ok: true }, { ok: false }, { ok: false, error: {} }]) {
    assert.equal(readResult(odd), null);
  }
});

test("the worker's answer replaces the server's only if the graph differs", () => {
  const server = { ok: true, trace, svg: "<svg/>" };
  assert.ok(sameGraph({ ok: true, trace: structuredClone(trace), language: "expression" }, server));
  const other = { ...trace, nodes: [{ id: "n0", data: 7 }] };
  assert.ok(!sameGraph({ ok: true, trace: other }, server));
  assert.ok(!sameGraph({ ok: false, error: { message: "x" } }, server));
  assert.ok(!sameGraph({ ok: true, trace }, null));
});

test("the mode is sent unless it is the server's default", async () => {
  globalThis.document = { baseURI: "https://example.org/" };
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(new URL(url).searchParams.get("mode"));
    return new Response(JSON.stringify({ ok: true, trace }), { status: 200 });
  };
  const server = new ServerRun("/run", 1000, "overwrite");
  await server.run("y = 2 * 3", "overwrite");
  await server.run("y = 2 * 3", "correct");
  assert.deepEqual(asked, [null, "correct"]);
});

test("a program too long for the server's URL limit is not sent: it waits for Python", async () => {
  globalThis.document = { baseURI: "https://example.org/" };
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    return new Response(JSON.stringify({ ok: true, trace }), { status: 200 });
  };
  const server = new ServerRun("/run", 100, "correct");
  assert.ok(await server.run("y = 2 * 3", "correct"));
  assert.equal(await server.run(`y = ${"1 + ".repeat(40)}1`, "correct"), null);
  assert.deepEqual(asked, ["https://example.org/run?src=y+%3D+2+*+3"]);
});
