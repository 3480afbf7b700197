// The engine worker: boots Pyodide, unpacks the engine, and answers `run` requests with
// engine.worker.playground.run_in_worker_json: the expression language, or a learner's real Python
// through engine.worker.runner. All Python lives in the engine package. This worker is the sandbox
// for hostile programs: it runs in an opaque origin (started from a data: URL: no storage, no
// page), and the page terminates it when a run takes too long or its memory grows
// (engine-client.js). What it knows of the page's storage is the snapshot the page sends.
import {
  ACT,
  CHECK,
  RESTORE,
  RUN,
  actedMessage,
  checkedMessage,
  bootFiles,
  downloadMessage,
  startedMessage,
  errorResult,
  failedMessage,
  progressMessage,
  readyMessage,
  resultMessage,
  snapshotMessage,
} from "../shared/protocol.js";
import { BootAnswers } from "./boot-answers.js";
import { DownloadWatch } from "./download-watch.js";
import { packSnapshot, reseed, unpackSnapshot } from "./snapshot.js";
import { STDLIB_REST, addStdlibRest, fetchBytes, lazyStdlib } from "./stdlib-files.js";
import { zipFiles } from "./zip-files.js";

// Imported before the snapshot is made (the warm-up imports most): the first runs need them.
const SNAPSHOT_IMPORTS = ["engine.worker.runner", "engine.worker.session", "engine.record.replay", "_stdlib_rest"];

let pyodide = null;
let stdlib = null; // after a restore: the lazy zip (lazy-file.js), filled once Python is ready
let runInWorker = null; // engine.worker.playground.run_in_worker_json, as a callable proxy
let actOn = null; // engine.worker.playground.act_json: the learner acts on the last run's graphs
let checkOn = null; // engine.exercise.run_checks_json, imported at an exercise's first check
// The page's answer about the stored snapshot ({snapshot: ArrayBuffer or null, store}), which
// it sends as soon as it has read its storage: the boot waits for it only to choose between a
// restore and a fresh start.
let answerRestore;
const restore = new Promise((resolve) => (answerRestore = resolve));

/**
 * Boot: everything that does not depend on something else starts at once — the runtime's
 * wasm, Pyodide's module, the engine zip, the stored snapshot — and each stage is a
 * performance mark in this worker ("boot:…", read by bench/ and the page's console).
 * The downloads are counted as they arrive (the page shows them) and the wasm is watched: a
 * failed or unanswered request ends the boot with why, within ~2 s; a slow one never does.
 */
async function boot(vendor) {
  const started = performance.now();
  performance.mark("boot:start");
  self.postMessage(progressMessage(0));
  const watch = new DownloadWatch({ onBytes: (bytes) => self.postMessage(downloadMessage(bytes)) });
  const answers = new BootAnswers(vendor.pyodide, watch);
  // The engine's files, read while the runtime loads; written once Python has started.
  const engineFiles = fetchBytes(vendor.engine_zip, watch).then(zipFiles);
  const module = import(`${vendor.pyodide}pyodide.mjs`);
  // The runtime's own 1.25 MB module, which loadPyodide imports only once it has its settings:
  // asked for now, it is fetched and compiled meanwhile (the same URL is one module).
  const runtime = import(`${vendor.pyodide}pyodide.asm.mjs`);
  // Rejects as soon as the runtime's download fails (never resolves: a slow one goes on).
  const failure = new Promise((_, reject) => answers.arrival.catch(reject));
  for (const pending of [engineFiles, module, runtime, failure]) pending.catch(() => {});
  const { loadPyodide: load } = await Promise.race([module, failure]);
  const loadPyodide = (options) => Promise.race([load(options), failure]);
  const { snapshot: packed, store } = await restore;
  performance.mark("boot:snapshot-read");
  let playground = null;
  if (packed) {
    try {
      const snapshot = unpackSnapshot(packed);
      pyodide = await answers.during(
        () => loadPyodide({ indexURL: vendor.pyodide, _loadSnapshot: snapshot }),
        { emptyStdlib: true },
      );
      stdlib = await lazyStdlib(pyodide, answers.stdlibUrl);
      performance.mark("boot:runtime");
      playground = await startEngine(engineFiles, { restored: true });
      console.info(`Python: restored from a memory snapshot in ${since(started)} ms`);
    } catch (error) {
      // A failed download is not the snapshot's fault: reported as it is.
      await Promise.all([engineFiles, answers.arrival]);
      console.warn(
        `Python: the stored memory snapshot could not be restored (${error?.message ?? error}); ` +
          "booted the normal way, and a new one replaces it",
      );
      pyodide = null;
      stdlib = null;
    }
  }
  const restored = pyodide !== null;
  if (!restored) {
    const _makeSnapshot = Boolean(store);
    pyodide = await answers.during(() => loadPyodide({ indexURL: vendor.pyodide, _makeSnapshot }));
    performance.mark("boot:runtime");
    playground = await startEngine(engineFiles, { restored: false });
  }
  performance.mark("boot:ready");
  self.postMessage(readyMessage(since(started)));
  stdlib?.fetch(); // in the background; a read before it ends fetches it at once
  if (!restored) warmUpAndSnapshot(playground, Boolean(store)); // a snapshot is warm already
  addStdlibRest(pyodide, new URL(STDLIB_REST, vendor.pyodide).href); // after the snapshot: not in it
}

/** Unpack and import the engine (after a restore: check that it answers, reseed `random`);
 * returns engine.worker.playground. */
async function startEngine(engineFiles, { restored }) {
  self.postMessage(progressMessage(1));
  // A snapshot holds the interpreter's memory, not its file system: write the engine's files
  // either way, for the modules it imports later.
  writeFiles(pyodide.runPython("import site; site.getsitepackages()[0]"), await engineFiles);
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  performance.mark("boot:engine-unpacked");

  self.postMessage(progressMessage(2));
  const playground = pyodide.pyimport("engine.worker.playground");
  if (restored) {
    reseed(pyodide);
    const check = JSON.parse(playground.run_json("y = 2 * 3"));
    if (!check.trace?.nodes?.some((n) => n.label === "y" && n.data === 6)) {
      throw new Error("the restored engine gave a wrong answer");
    }
  }
  runInWorker = playground.run_in_worker_json;
  actOn = playground.act_json;
  return playground;
}

/** Write `files` ([{path, bytes}], from zip-files.js) under the folder `root`. */
function writeFiles(root, files) {
  for (const { path, bytes } of files) {
    if (path.startsWith("/") || path.split("/").includes("..")) {
      throw new Error(`the engine archive names a file outside its folder: ${path}`);
    }
    const target = `${root}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, bytes);
  }
}

/**
 * The first run of a learner's class is slow (imports, a cold interpreter): pay it now, while
 * the learner reads, not on their first paste (a run sent meanwhile waits for it). Then send
 * the warmed interpreter to the page as the snapshot it stores: this runs in the task that
 * posted "ready", before any message, so no learner code is in it — and the page takes a
 * snapshot only before the worker's first "started" (engine-client.js).
 */
function warmUpAndSnapshot(playground, store) {
  try {
    playground.warm_up();
  } catch (error) {
    console.warn("warm-up failed:", error);
  }
  if (!store) return;
  try {
    for (const module of SNAPSHOT_IMPORTS) pyodide.pyimport(module).destroy();
    self.postMessage(snapshotMessage(packSnapshot(pyodide.makeMemorySnapshot())));
  } catch (error) {
    console.warn(`Python: could not make a memory snapshot (${error.message ?? error})`);
  }
}

function since(started) {
  return Math.round(performance.now() - started);
}

function run({ id, source, mode, inputs }) {
  call(id, resultMessage, () => runInWorker(source, mode, JSON.stringify(inputs ?? {})));
}

function act({ id, graph, action, args }) {
  call(id, actedMessage, () => actOn(graph, action, JSON.stringify(args ?? {})));
}

function check({ id, code, setup, check }) {
  call(id, checkedMessage, () => {
    checkOn ??= pyodide.pyimport("engine.exercise").run_checks_json;
    return checkOn(String(code ?? ""), String(check ?? ""), String(setup ?? ""));
  });
}

/** The bytes of wasm memory the interpreter holds (it never gives memory back). */
function heap() {
  return pyodide?._module?.HEAPU8?.buffer?.byteLength ?? 0;
}

/** Call into Python and post its JSON answer as `reply(id, text, heap)`. */
function call(id, reply, python) {
  if (!runInWorker) {
    self.postMessage(reply(id, errorResult("Python is not running"), 0));
    return;
  }
  self.postMessage(startedMessage(id)); // the page's time limit for this request starts now
  try {
    const text = python();
    self.postMessage(reply(id, text, heap()));
  } catch (error) {
    // An exception in Python is a bug in the engine, not the end of this worker: report it
    // as the program's error. Anything else (the wasm out of memory, a stack overflow in the
    // interpreter) means the interpreter itself has died: the page starts a new worker.
    const message = String(error?.message ?? error).trim().split("\n").pop();
    if (isPythonError(error)) {
      self.postMessage(reply(id, errorResult(`the engine failed: ${message}`), heap()));
      return;
    }
    runInWorker = null;
    actOn = null;
    checkOn = null;
    const reason = crashReason(error, message);
    self.postMessage(reply(id, errorResult(`${reason}; Python is restarting.`, { stopped: true }), 0));
    self.postMessage(failedMessage(reason));
  }
}

/** Whether `error` is a Python exception. After a fatal error (a stack overflow) every use of
 * Pyodide's API throws, this one too: then it is not. */
function isPythonError(error) {
  try {
    return error instanceof pyodide.ffi.PythonError;
  } catch {
    return false;
  }
}

/** Why the interpreter died, in a learner's words. */
function crashReason(error, message) {
  if (error instanceof RangeError || /call stack|stack overflow|recursion/i.test(message)) {
    return (
      "The program overflowed Python's stack: most likely a recursion with no end, such as a " +
      "__getattr__ or a property that reads itself"
    );
  }
  if (/memory|OOM|Aborted/i.test(message)) return "The program ran Python out of memory";
  return `The Python runtime stopped (${message})`;
}

// Boot at once: the page may start this worker before its own modules have loaded
// (app/early_python.py), and everything it asks for waits for "ready" anyway.
Promise.resolve()
  .then(() => boot(bootFiles(import.meta.url)))
  .catch((error) => self.postMessage(failedMessage(String(error?.message ?? error))));

// A download that fails while Python boots is reported by the runtime's DownloadWatch, with its
// cause (its watch and loadPyodide's own fetches fail together): loadPyodide's copy of the same
// failure, thrown where no one awaits it, is not a second error.
for (const type of ["error", "unhandledrejection"]) {
  self.addEventListener(type, (event) => {
    const error = event.error ?? event.reason;
    if (!runInWorker && error instanceof TypeError && /fetch/i.test(error.message)) {
      event.preventDefault();
    }
  });
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message?.type === RESTORE) {
    answerRestore(message);
  } else if (message?.type === RUN) {
    run(message);
  } else if (message.type === ACT) {
    act(message);
  } else if (message.type === CHECK) {
    check(message);
  }
});
