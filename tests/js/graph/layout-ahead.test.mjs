// layout-ahead.js: the views a click may ask for next are laid out in a second worker while
// idle, in the order given, each once; a view asked for is handed out laid out (or waited for
// while its layout runs); the ones asked for before are dropped by a newer list; a failure
// keeps nothing, and whoever waits lays it out itself.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LayoutAhead } from "../../../static/js/graph/layout-ahead.js";
import { LAYOUT, layoutFailedMessage, svgMessage } from "../../../static/js/shared/protocol.js";

/** A layout worker that answers each message when told to (`answer`), `svg <dot>`, or fails. */
class FakeWorker extends EventTarget {
  constructor() {
    super();
    this.asked = [];
  }
  postMessage(message) {
    assert.equal(message.type, LAYOUT);
    assert.equal(message.choice.layout, "graphviz");
    this.asked.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer({ fail = false } = {}) {
    const { id, dot } = this.asked.shift();
    const data = fail ? layoutFailedMessage(id, "out of memory") : svgMessage(id, `svg ${dot}`);
    this.dispatchEvent(Object.assign(new Event("message"), { data }));
  }
}

/** A LayoutAhead whose idle callbacks run when `settle` is awaited. */
function made() {
  const idle = [];
  const workers = [];
  const ahead = new LayoutAhead({
    vizUrl: "viz.js",
    spawn: () => workers[workers.push(new FakeWorker()) - 1],
    parse: (text) => ({ parsed: text }),
    idle: (fn) => idle.push(fn),
    kept: 15, // characters: three `svg x` texts
    parsed: 2,
  });
  const settle = async () => {
    await new Promise((resolve) => setImmediate(resolve)); // what an answer schedules
    for (let i = 0; i < 20 && idle.length; i++) {
      idle.shift()();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { ahead, workers, settle };
}

const views = (...dots) => dots.map((dot) => () => dot);

test("views are made one at a time, in order, each once, and handed out parsed", async () => {
  const { ahead, workers, settle } = made();
  ahead.ahead(views("a", "b", null, "a"));
  await settle();
  const [worker] = workers;
  assert.deepEqual(worker.asked.map((m) => m.dot), ["a"]); // one at a time
  worker.answer();
  await settle();
  assert.deepEqual(worker.asked.map((m) => m.dot), ["b"]);
  worker.answer();
  await settle(); // null: nothing to make; "a" again: made already
  assert.equal(worker.asked.length, 0);
  assert.deepEqual(ahead.take("a"), { parsed: "svg a" });
  assert.deepEqual(ahead.take("b"), { parsed: "svg b" });
  assert.equal(ahead.take("c"), null);
  assert.equal(workers.length, 1);
});

test("a view asked for while its layout runs is waited for", async () => {
  const { ahead, workers, settle } = made();
  ahead.ahead(views("a"));
  await settle();
  const waiting = ahead.take("a");
  assert.ok(waiting instanceof Promise);
  workers[0].answer();
  assert.deepEqual(await waiting, { parsed: "svg a" });
});

test("a newer list drops the views not made yet", async () => {
  const { ahead, workers, settle } = made();
  ahead.ahead(views("a", "b", "c"));
  await settle();
  ahead.ahead(views("x"));
  workers[0].answer(); // "a" was on its way: it is kept
  await settle();
  workers[0].answer();
  await settle();
  assert.deepEqual(ahead.take("a"), { parsed: "svg a" });
  assert.deepEqual(ahead.take("x"), { parsed: "svg x" });
  assert.equal(ahead.take("b"), null);
});

test("a failed layout keeps nothing: whoever waits for it lays it out itself", async () => {
  const { ahead, workers, settle } = made();
  ahead.ahead(views("bad", "good"));
  await settle();
  const bad = ahead.take("bad");
  workers[0].answer({ fail: true });
  assert.equal(await bad, null);
  assert.equal(ahead.take("bad"), null);
  await settle();
  workers[0].answer(); // the list goes on after a failure
  assert.deepEqual(await ahead.take("good"), { parsed: "svg good" });
});

test("a layout made on demand is kept; the oldest go past the limit", async () => {
  const { ahead } = made();
  for (const dot of ["a", "b", "c", "d"]) ahead.keep(dot, `svg ${dot}`);
  assert.equal(ahead.take("a"), null);
  assert.deepEqual(ahead.take("b"), { parsed: "svg b" }); // parsed on demand, the text stays
  ahead.keep("e", "svg e"); // b was used last: c goes
  assert.equal(ahead.take("c"), null);
  assert.deepEqual(ahead.take("b"), { parsed: "svg b" });
});

test("a view made before and asked for again is kept as recent as the list", async () => {
  const { ahead, workers, settle } = made();
  ahead.keep("old", "svg o"); // 5 characters each: three fit
  ahead.ahead(views("a", "b"));
  await settle();
  workers[0].answer();
  await settle();
  workers[0].answer();
  await settle();
  ahead.ahead(views("old", "c")); // "old" is touched: "a" is now the oldest, and goes for "c"
  await settle();
  workers[0].answer();
  await settle();
  assert.deepEqual([...ahead.entries.keys()], ["b", "old", "c"]);
});

test("the first views of the list are kept parsed, the others not", async () => {
  const { ahead, workers, settle } = made(); // parsed: 2
  const parsed = () => [...ahead.entries].filter(([, e]) => e.element).map(([dot]) => dot).sort();
  ahead.ahead(views("a", null, "b", "c"));
  for (let i = 0; i < 3; i++) {
    await settle();
    workers[0].answer();
  }
  await settle();
  assert.deepEqual(parsed(), ["a", "b"]); // null is no view: c is the third
  ahead.ahead(views("c", "a"));
  await settle();
  assert.deepEqual(parsed(), ["a", "c"]); // b is not in the new list's first two
  ahead.take("a");
  assert.deepEqual(parsed(), ["c"]); // handed out
});

test("nothing is made ahead while a layout on demand runs", async () => {
  const { ahead, workers, settle } = made();
  ahead.hold();
  ahead.hold(); // a second one, the first cancelled: both end before anything is made
  ahead.ahead(views("a"));
  await settle();
  ahead.release();
  await settle();
  assert.equal(workers.length, 0);
  ahead.release();
  await settle();
  assert.deepEqual(workers[0].asked.map((m) => m.dot), ["a"]);
});

test("a layout on demand stops the one being made ahead; it is made again first after", async () => {
  const { ahead, workers, settle } = made();
  ahead.ahead(views("a", "b"));
  await settle();
  assert.deepEqual(workers[0].asked.map((m) => m.dot), ["a"]);
  ahead.hold();
  assert.equal(workers[0].terminated, true);
  assert.equal(ahead.take("a"), null); // nothing kept of it
  ahead.release();
  await settle();
  assert.equal(workers.length, 2); // a new worker
  assert.deepEqual(workers[1].asked.map((m) => m.dot), ["a"]);
  workers[1].answer();
  await settle();
  assert.deepEqual(workers[1].asked.map((m) => m.dot), ["b"]);
  assert.deepEqual(ahead.take("a"), { parsed: "svg a" });
});

test("made() waits for the list asked for last: all made, or a newer list asked for", async () => {
  const { ahead, workers, settle } = made();
  let done = false;
  ahead.ahead(views("a", "b"));
  ahead.made().then(() => (done = true));
  await settle();
  workers[0].answer();
  await settle();
  assert.equal(done, false); // "b" is being made
  workers[0].answer();
  await settle();
  assert.equal(done, true);
  let dropped = false;
  ahead.ahead(views("c"));
  ahead.made().then(() => (dropped = true));
  await settle();
  ahead.ahead(views()); // a newer list: whoever waited for "c" goes on
  await settle();
  assert.equal(dropped, true);
});
