// templates/partials/early-python.js, the page's first script, run as the page runs it (a classic
// script, its inputs in its data attributes) against fakes of the browser: the one source of the
// engine worker (a data: URL importing worker.js with its files' absolute URLs, which the worker
// reads back: protocol.js bootFiles), and a worker started only when the server starts Python at
// load in a browser that has booted it before, whatever the browser's storage does.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

import { bootFiles } from "../../static/js/shared/protocol.js";

const SCRIPT = readFileSync(new URL("../../templates/partials/early-python.js", import.meta.url), "utf8");
const PREFIX = "data:text/javascript,";
const KEY = "playground:python-booted";
const SERVED = {
  worker: "/static/v1/js/bundle/engine-worker/worker.js",
  pyodide: "/static/vendor/pyodide/314.0.7/",
  engine: "/static/vendor/wheels/engine-0123456789ab.zip",
  key: KEY,
};

class FakeWorker extends EventTarget {
  static started = [];
  constructor(url, options) {
    super();
    Object.assign(this, { url, options });
    FakeWorker.started.push(this);
  }
}

/** Run the script in a fresh global with these data attributes, page URL and storage; returns
 * what it left (globalThis.earlyPython), the workers it started and the marks it made. */
function run({ dataset = SERVED, baseURI = "https://example.org/?src=x", storage = {} } = {}) {
  FakeWorker.started = [];
  const marks = [];
  const global = {
    URL,
    Worker: FakeWorker,
    document: { baseURI, currentScript: { dataset } },
    performance: { mark: (name) => marks.push(name) },
  };
  if (typeof storage === "function") Object.defineProperty(global, "localStorage", { get: storage });
  else global.localStorage = { getItem: (key) => storage[key] ?? null };
  vm.runInNewContext(SCRIPT, global);
  return { early: global.earlyPython, workers: FakeWorker.started, marks };
}

/** The module URL a worker source imports: its one line is `import "<url>";`. */
function imported(source) {
  assert.ok(source.startsWith(PREFIX), source);
  const line = decodeURIComponent(source.slice(PREFIX.length));
  const found = /^import ("[^"]*");$/.exec(line);
  assert.ok(found, line);
  return new URL(JSON.parse(found[1]));
}

test("the source imports worker.js with its files' absolute URLs, as the worker reads them", () => {
  const { early } = run();
  const url = imported(early.source);
  assert.equal(url.origin + url.pathname, `https://example.org${SERVED.worker}`);
  assert.deepEqual([...url.searchParams.keys()], ["pyodide", "engine"]);
  assert.deepEqual(bootFiles(url.href), {
    pyodide: "https://example.org/static/vendor/pyodide/314.0.7/",
    engine_zip: "https://example.org/static/vendor/wheels/engine-0123456789ab.zip",
  });
});

test("a static export's relative URLs resolve against the page, and survive their own queries", () => {
  const dataset = {
    worker: "static/js/bundle/engine-worker/worker.js",
    pyodide: "static/vendor/pyodide/314.0.7/",
    engine: "static/vendor/wheels/engine-0123456789ab.zip?x=1&y=2",
    key: KEY,
  };
  const site = "https://someone.github.io/graphs/";
  const { early } = run({ dataset, baseURI: `${site}index.html` });
  const url = imported(early.source);
  assert.equal(url.origin + url.pathname, site + dataset.worker);
  assert.deepEqual(bootFiles(url.href), { pyodide: site + dataset.pyodide, engine_zip: site + dataset.engine });
});

test("it starts the worker only when the server starts Python at load and this browser booted it", () => {
  for (const starts of [false, true]) {
    for (const booted of [false, true]) {
      const dataset = starts ? { ...SERVED, starts: "" } : SERVED;
      const { early, workers, marks } = run({ dataset, storage: booted ? { [KEY]: "1" } : {} });
      const now = starts && booted;
      assert.equal(early.key, KEY);
      assert.equal(early.starts, starts);
      assert.equal(early.events.length, 0);
      assert.equal(workers.length, now ? 1 : 0, `starts ${starts}, booted ${booted}`);
      assert.equal(early.worker, now ? workers[0] : null);
      assert.deepEqual(marks, now ? ["early-python"] : []);
      if (now) {
        assert.equal(workers[0].url, early.source); // the one source, whoever starts a worker
        assert.equal(workers[0].options.type, "module");
      }
    }
  }
});

test("what the early worker says before the page takes it is kept, in order", () => {
  const { early } = run({ dataset: { ...SERVED, starts: "" }, storage: { [KEY]: "1" } });
  const said = [new Event("message"), new Event("error"), new Event("message")];
  for (const event of said) early.worker.dispatchEvent(event);
  assert.equal(early.events.length, 3);
  said.forEach((event, i) => assert.equal(early.events[i], event));
});

test("blocked storage (a sandboxed iframe, a privacy setting): no worker, no error, the source left", () => {
  const refuse = () => {
    throw new Error("SecurityError");
  };
  // Its getItem throws; or reading window.localStorage itself does.
  const blocked = [() => ({ getItem: refuse }), refuse];
  for (const storage of blocked) {
    const { early, workers } = run({ dataset: { ...SERVED, starts: "" }, storage });
    assert.equal(workers.length, 0);
    assert.equal(early.worker, null);
    assert.equal(early.starts, true);
    assert.equal(imported(early.source).searchParams.get("engine"), `https://example.org${SERVED.engine}`);
  }
});
