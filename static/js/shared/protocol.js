// The messages between the page and its workers: one definition that both sides import.
//
// Engine worker (worker.js), which runs the Python engine in Pyodide, and a learner's Python:
//   The page starts it from a data: URL whose one line imports worker.js?pyodide=URL&engine=URL
//   (absolute URLs of Pyodide's folder and the engine zip), made in one place: the page's first
//   script, templates/partials/early-python.js, which starts the first worker on a repeat visit;
//   engine-client.js starts every other one from the same data: URL, and the worker reads its
//   query back (bootFiles). A data: worker has an opaque origin: no Cache Storage, IndexedDB or
//   cookies of the page's, and no way to the page but its messages (docs/security.md). It boots
//   at once.
//   page → worker  {type: "restore", snapshot, store}  the stored memory snapshot (an
//                                      ArrayBuffer the page has checked: snapshot-store.js) or
//                                      null, and whether to make one; the worker waits for it
//                                      only to choose between a restore and a fresh start
//   worker → page  {type: "progress", stage, of, text}                             while booting
//                  {type: "download", received}  bytes of Python's files received so far (as
//                                                decoded), sent as they arrive
//                  {type: "ready", ms}                                            boot took ms
//                  {type: "snapshot", snapshot}  a fresh interpreter's memory (a Blob), posted in
//                                                the task that posted "ready": before any request
//                  {type: "failed", message}     boot failed, or the interpreter died
//   page → worker  {type: "run", id, source, mode, inputs}
//   worker → page  {type: "result", id, result, heap}
//                  result: engine.worker.playground.run_in_worker_json's JSON text (docs/trace-format.md)
//                  heap: the bytes of wasm memory the interpreter holds after the request
//   page → worker  {type: "act", id, graph, action, args}   on the live graph of the last run
//   worker → page  {type: "acted", id, result, heap}  result: engine.worker.playground.act_json's JSON
//   page → worker  {type: "check", id, code, setup, check}   an exercise's checks on the learner's
//                                      code (setup and check: the exercise's blocks, from the page)
//   worker → page  {type: "checked", id, result, heap}  result: engine.exercise.run_checks_json's
//                                      JSON (docs/exercise-checks.md)
//   worker → page  {type: "started", id}           Python began request id: its time limit runs
//                                                  from here (the worker may be warming up)
//   Everything the engine worker sends is untrusted once it has run a request (a program can
//   post messages of its own): the page checks each one (checkEngineMessage), keeps only
//   replies to requests it made, and never lays out DOT, SVG or HTML from it (record-dot.js).
//
// Layout worker (layout-worker/worker.js), which runs Graphviz for graphs too big for the main thread:
//   page → worker  {type: "layout", id, viz, dot, choice}   viz: module URL; choice: the record's
//   worker → page  {type: "svg", id, svg} or {type: "layout-failed", id, message}
//                  svg: Graphviz's SVG text; for the layered layout null, its SVG having come
//                  before in parts: {type: "svg-part", id, svg} (UTF-8 bytes, transferred), first
//                  the frame (an <svg> whose g.graph has no tiles yet), then whole tiles in order
//
// Every reply carries the id of its request; the page keeps only the reply to its latest one.

export const PROGRESS = "progress";
export const DOWNLOAD = "download";
export const READY = "ready";
export const FAILED = "failed";
export const RUN = "run";
export const RESULT = "result";
export const ACT = "act";
export const STARTED = "started";
export const ACTED = "acted";
export const CHECK = "check";
export const CHECKED = "checked";
export const RESTORE = "restore";
export const SNAPSHOT = "snapshot";

export const LAYOUT = "layout";
export const SVG = "svg";
export const SVG_PART = "svg-part";
export const LAYOUT_FAILED = "layout-failed";

/** Boot stages, in order; `progress` messages name one of them. */
export const STAGES = Object.freeze([
  "Loading the Python runtime",
  "Loading the engine",
  "Importing the engine",
]);

/** The files named in the engine worker's module URL: {pyodide, engine_zip}, or an Error. */
export function bootFiles(workerUrl) {
  const query = new URL(workerUrl).searchParams;
  const vendor = { pyodide: query.get("pyodide"), engine_zip: query.get("engine") };
  if (!vendor.pyodide || !vendor.engine_zip) {
    throw new Error("the engine worker was started without the URLs of Python's files");
  }
  return vendor;
}

/** Request ids: 1, 2, 3, … per sender. */
export function idCounter() {
  let last = 0;
  return () => ++last;
}

export function progressMessage(stage) {
  return { type: PROGRESS, stage, of: STAGES.length, text: STAGES[stage] };
}

export function downloadMessage(received) {
  return { type: DOWNLOAD, received };
}

export function readyMessage(ms) {
  return { type: READY, ms };
}

export function failedMessage(message) {
  return { type: FAILED, message };
}

export function runMessage(id, source, mode, inputs) {
  return { type: RUN, id, source, mode, inputs };
}

export function resultMessage(id, result, heap) {
  return { type: RESULT, id, result, heap };
}

export function startedMessage(id) {
  return { type: STARTED, id };
}

export function actMessage(id, graph, action, args) {
  return { type: ACT, id, graph, action, args };
}

export function actedMessage(id, result, heap) {
  return { type: ACTED, id, result, heap };
}

export function checkMessage(id, code, setup, check) {
  return { type: CHECK, id, code, setup, check };
}

export function checkedMessage(id, result, heap) {
  return { type: CHECKED, id, result, heap };
}

/** snapshot: an ArrayBuffer or null; store: whether the page wants a fresh one made. */
export function restoreMessage(snapshot, store) {
  return { type: RESTORE, snapshot, store };
}

export function snapshotMessage(snapshot) {
  return { type: SNAPSHOT, snapshot };
}

// What the page accepts from the engine worker. A reply's text is the engine's JSON; the
// largest run we make (20,000 values, the cap) is ~12 MB of it.
export const MAX_REPLY_CHARS = 64 * 1024 * 1024;
const MAX_WORDS = 2000; // a progress or failure message is a sentence
const MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;

/**
 * A message from the engine worker, checked against this protocol: the same message with only
 * its known fields, or null (the page drops it). Whether a reply answers a request the page
 * made is the client's check (engine-client.js); this one is about shape and size.
 */
export function checkEngineMessage(message) {
  if (!isPlainObject(message)) return null;
  const { type } = message;
  const id = Number.isSafeInteger(message.id) && message.id > 0 ? message.id : null;
  const words = (text) => typeof text === "string" && text.length <= MAX_WORDS;
  switch (type) {
    case PROGRESS: {
      const { stage } = message;
      return Number.isInteger(stage) && stage >= 0 && stage < STAGES.length
        ? progressMessage(stage)
        : null;
    }
    case DOWNLOAD: {
      const { received } = message;
      return Number.isSafeInteger(received) && received >= 0 ? downloadMessage(received) : null;
    }
    case READY:
      return Number.isFinite(message.ms) && message.ms >= 0 ? readyMessage(message.ms) : null;
    case FAILED:
      return words(message.message) ? failedMessage(message.message) : null;
    case STARTED:
      return id ? startedMessage(id) : null;
    case RESULT:
    case ACTED:
    case CHECKED: {
      const { result, heap } = message;
      if (!id || typeof result !== "string" || result.length > MAX_REPLY_CHARS) return null;
      const bytes = Number.isSafeInteger(heap) && heap >= 0 ? heap : 0;
      return REPLIES[type](id, result, bytes);
    }
    case SNAPSHOT: {
      const { snapshot } = message;
      const ok = snapshot instanceof Blob && snapshot.size <= MAX_SNAPSHOT_BYTES;
      return ok ? snapshotMessage(snapshot) : null;
    }
    default:
      return null;
  }
}

const REPLIES = { [RESULT]: resultMessage, [ACTED]: actedMessage, [CHECKED]: checkedMessage };

function isPlainObject(value) {
  return value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;
}

/** A result in run_json's shape for a failure that is not the program's fault; `stopped`: the
 * run was cut short (its limit, or the interpreter died), told in the Output region. */
export function errorResult(message, { stopped = false } = {}) {
  const error = { message, line: null, col: null, end_col: null };
  return JSON.stringify(stopped ? { ok: false, stopped, error } : { ok: false, error });
}

/** `choice`: {layout, note}, the layout the record chose (layout-choice.js choiceOf); `dot`: the
 * DOT Graphviz lays out (null when the layered layout is chosen); `notes`: the words of the layered
 * layout's notes; `graph`: the record's graph for the layered layout, also Graphviz's fallback
 * (static/js/graph/record-dot.js layeredGraph, packed by layered-graph.js packGraph). */
export function layoutMessage(id, viz, dot, choice, notes, graph) {
  return { type: LAYOUT, id, viz, dot, choice, notes, graph };
}

/** `layout`: "graphviz" or "layered"; `note`: why, in words, when it is not Graphviz. */
export function svgMessage(id, svg, { layout = "graphviz", note = "" } = {}) {
  return { type: SVG, id, svg, layout, note };
}

/** A part of the layered layout's SVG, as UTF-8 bytes (see the header). */
export function svgPartMessage(id, svg) {
  return { type: SVG_PART, id, svg };
}

export function layoutFailedMessage(id, message) {
  return { type: LAYOUT_FAILED, id, message };
}
