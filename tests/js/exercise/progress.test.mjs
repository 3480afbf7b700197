// progress.js: each exercise's entry read back as it was saved, merged field by field; anything
// damaged or foreign in storage reads as a fresh entry; code past the limit or the quota is
// reported, never thrown, and the last entry that fitted stays; blocked storage keeps nothing.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FRESH, MAX_CODE_CHARS, Progress, stateOf } from "../../../static/js/exercise/progress.js";
import { FakeStorage } from "./storage.mjs";

test("an entry is merged and read back; other exercises are untouched", () => {
  const progress = new Progress(new FakeStorage());
  assert.deepEqual(progress.load("mul"), FRESH);
  assert.equal(progress.save("mul", { code: "class Value: pass\n" }), "kept");
  assert.equal(progress.save("mul", { checked: true }), "kept");
  assert.deepEqual(progress.load("mul"), { code: "class Value: pass\n", passed: false, checked: true, hints: 0 });
  assert.deepEqual(progress.load("grad"), FRESH);
});

test("damaged or foreign entries read as fresh, field by field", () => {
  const storage = new FakeStorage();
  const progress = new Progress(storage);
  storage.setItem("autograd-playground.exercise:a", "{not json");
  storage.setItem("autograd-playground.exercise:b", JSON.stringify({ code: 7, passed: "yes", hints: -1 }));
  storage.setItem("autograd-playground.exercise:c", JSON.stringify({ code: "x", passed: true, hints: 2 }));
  assert.deepEqual(progress.load("a"), FRESH);
  assert.deepEqual(progress.load("b"), FRESH);
  assert.deepEqual(progress.load("c"), { code: "x", passed: true, checked: false, hints: 2 });
});

test("code past the limit or the quota is reported and the last that fitted stays", () => {
  const progress = new Progress(new FakeStorage(400));
  progress.save("mul", { code: "a = 1" });
  assert.equal(progress.save("mul", { code: "x".repeat(MAX_CODE_CHARS + 1) }), "too-big");
  assert.equal(progress.save("mul", { code: "y".repeat(1000) }), "full");
  assert.equal(progress.load("mul").code, "a = 1");
});

test("blocked storage keeps nothing and says so", () => {
  const progress = new Progress(null);
  assert.equal(progress.kept, false);
  assert.equal(progress.save("mul", { code: "a" }), "blocked");
  assert.deepEqual(progress.load("mul"), FRESH);
});

test("the chapter in order with each entry; each state in words", () => {
  const progress = new Progress(new FakeStorage());
  progress.save("b", { code: "x", passed: true });
  progress.save("c", { checked: true });
  const all = progress.all([{ id: "a", title: "A" }, { id: "b", title: "B" }, { id: "c", title: "C" }]);
  assert.deepEqual(all.map((e) => [e.id, e.title, stateOf(e).text]), [
    ["a", "A", "Not started"],
    ["b", "B", "Ready"],
    ["c", "C", "Started"],
  ]);
});
