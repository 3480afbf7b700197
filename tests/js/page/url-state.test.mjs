// url-state.js: the permalink keeps exactly what is on screen, leaves defaults out, keeps the
// embed's own parameters, and drops the program (not the rest) when it would make a URL the
// server refuses; it is written once a run of steps stops, or at once when the page is left.
// Run against a stand-in for window.location and history.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { QUIET_MS, UrlState } from "../../../static/js/page/url-state.js";

const DEFAULT = "x = 1.0";
const DESCENT = { rate: 0.5, steps: 10 };

let writes = 0; // replaceState calls
let listeners = {}; // window's event listeners by type

function open(url) {
  writes = 0;
  listeners = {};
  globalThis.window = {
    location: new URL(url),
    history: {
      replaceState(_state, _title, next) {
        writes += 1;
        globalThis.window.location = new URL(next);
      },
    },
    addEventListener(type, listener) {
      (listeners[type] ??= []).push(listener);
    },
  };
}

function params() {
  return Object.fromEntries(new URL(window.location.href).searchParams);
}

beforeEach(() => open("http://localhost/embed?controls=0&theme=dark"));

test("the state on screen, defaults left out, the embed's options kept", () => {
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct", descent: DESCENT });
  state.update({ source: "y = 2 * 3", step: 2, mode: "overwrite", values: { a: 1.5 } });
  state.link();
  assert.deepEqual(params(), {
    controls: "0",
    theme: "dark",
    src: "y = 2 * 3",
    mode: "overwrite",
    step: "2",
    values: '{"a":1.5}',
  });
  state.update({ source: DEFAULT, step: 0, mode: "correct" });
  state.link();
  assert.deepEqual(params(), { controls: "0", theme: "dark" });
});

test("the mode is left out when it is the server's default, whichever that is", () => {
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "overwrite" });
  state.update({ source: DEFAULT, step: 0, mode: "overwrite" });
  state.link();
  assert.equal(params().mode, undefined);
  state.update({ source: DEFAULT, step: 0, mode: "correct" });
  state.link();
  assert.equal(params().mode, "correct");
});

test("learning modes and descent's fields, each only when not the default", () => {
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct", descent: DESCENT });
  const learning = { forward: true, practice: false, manual: true, params: ["w1", "w2"] };
  state.update({ source: DEFAULT, step: 0, mode: "correct", ...learning, rate: "0.5", steps: "25" });
  state.link();
  assert.deepEqual(params(), {
    controls: "0",
    theme: "dark",
    forward: "1",
    manual: "1",
    steps: "25",
    params: "w1,w2",
  });
  state.update({ source: DEFAULT, step: 0, mode: "correct", ...learning, rate: "abc", steps: "" });
  state.link();
  assert.equal(params().rate, undefined); // not a number: the default stays
  assert.equal(params().steps, undefined);
});

test("a link opened with ?src keeps it even when it is the default program", () => {
  open(`http://localhost/?src=${encodeURIComponent(DEFAULT)}`);
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct" });
  state.update({ source: DEFAULT, step: 0, mode: "correct" });
  state.link();
  assert.equal(params().src, DEFAULT);
});

test("a program too long for a URL is left out, with its step", () => {
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct", maxUrlBytes: 60 * 1024 });
  const long = `x = ${"1 + ".repeat(20_000)}1`;
  state.update({ source: long, step: 3, mode: "overwrite" });
  state.link();
  assert.equal(state.tooLong, true);
  assert.equal(params().src, undefined);
  assert.equal(params().step, undefined);
  assert.equal(params().mode, "overwrite");
});

test("whether a link can carry a program: the server's limit, sent in the page's data", () => {
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct", maxUrlBytes: 1000 });
  assert.equal(state.fits("x = 1.0"), true);
  assert.equal(state.fits(`x = ${"1 + ".repeat(300)}1`), false); // 1,200 bytes, encoded more
  const roomy = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct", maxUrlBytes: 10_000 });
  assert.equal(roomy.fits("x".repeat(9000)), true);
});

test("the history entry's own state (the draft's key) survives the URL's rewrites", () => {
  window.history.state = { draft: "key" };
  const replace = window.history.replaceState;
  window.history.replaceState = (state, title, next) => {
    window.history.state = state;
    replace(state, title, next);
  };
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct" });
  state.update({ source: "x = 2.0", step: 0, mode: "correct" });
  state.link();
  assert.equal(writes, 1);
  assert.deepEqual(window.history.state, { draft: "key" });
});

test("a picture embed (starts at the end) keeps step 0 in the link", () => {
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct", startsAtEnd: true });
  state.update({ source: DEFAULT, step: 0, mode: "correct" });
  state.link();
  assert.equal(params().step, "0");
});

test("a run of steps writes the URL once, when the steps stop", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct" });
  for (let step = 1; step <= 5; step++) {
    state.update({ source: DEFAULT, step, mode: "correct" });
    t.mock.timers.tick(QUIET_MS / 2); // the next click comes sooner than QUIET_MS
  }
  assert.equal(writes, 0); // nothing written while stepping
  t.mock.timers.tick(QUIET_MS);
  assert.equal(writes, 1);
  assert.equal(params().step, "5");
});

test("leaving the page writes the state at once", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct" });
  state.update({ source: DEFAULT, step: 7, mode: "correct" });
  for (const listener of listeners.pagehide ?? []) listener();
  assert.equal(params().step, "7");
  t.mock.timers.tick(QUIET_MS); // the pending write finds the URL current
  assert.equal(writes, 1);
});

test("a Python program's Graph of is kept by index, and left out when there is no choice", () => {
  const state = new UrlState({ defaultSource: DEFAULT, defaultMode: "correct", descent: DESCENT });
  state.update({ source: "print(1)", step: 1, mode: "correct", graph: 1 });
  state.link();
  assert.equal(params().graph, "1");
  assert.equal(params().step, "1");
  state.update({ source: "print(1)", step: 1, mode: "correct", graph: null });
  state.link();
  assert.equal(params().graph, undefined);
});
