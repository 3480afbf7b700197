// host-messages.js: the schema an embed's host receives (docs/exercises.md), sent to any origin
// only inside a frame; "complete" once, with the first passing check.
import assert from "node:assert/strict";
import { test } from "node:test";

import { HostMessages } from "../../../static/js/exercise/host-messages.js";

function host() {
  const sent = [];
  return { sent, postMessage: (message, origin) => sent.push([message, origin]) };
}

test("ready, run, check and complete, each with the exercise and the schema's version", () => {
  const target = host();
  const messages = new HostMessages("mul", target);
  messages.ready();
  messages.ran({ ok: true });
  messages.ran({ ok: false, error: { message: "NameError: x" } });
  messages.checked({ passed: false, total: 3, failed: 2, messages: ["a", "b"] });
  messages.checked({ passed: true, total: 3, failed: 0, messages: [] });
  messages.checked({ passed: true, total: 3, failed: 0, messages: [] });
  const base = { source: "autograd-playground", version: 1, exercise: "mul" };
  assert.deepEqual(target.sent, [
    [{ ...base, type: "ready" }, "*"],
    [{ ...base, type: "run", ok: true, error: null }, "*"],
    [{ ...base, type: "run", ok: false, error: "NameError: x" }, "*"],
    [{ ...base, type: "check", passed: false, total: 3, failed: 2, messages: ["a", "b"] }, "*"],
    [{ ...base, type: "check", passed: true, total: 3, failed: 0, messages: [] }, "*"],
    [{ ...base, type: "complete", total: 3 }, "*"],
    [{ ...base, type: "check", passed: true, total: 3, failed: 0, messages: [] }, "*"],
  ]);
});

test("outside a frame nothing is sent", () => {
  const win = { postMessage() {} };
  win.parent = win;
  const messages = HostMessages.forPage("mul", win);
  assert.equal(messages.ready(), null);
  const framed = { parent: host() };
  assert.ok(HostMessages.forPage("mul", framed).ready());
  assert.equal(framed.parent.sent.length, 1);
});

test("at most 20 messages are sent with a check", () => {
  const target = host();
  new HostMessages("mul", target).checked({ passed: false, total: 30, failed: 30, messages: Array(30).fill("m") });
  assert.equal(target.sent[0][0].messages.length, 20);
});
