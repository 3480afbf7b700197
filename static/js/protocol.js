// The messages between the page and its workers: one definition that both sides import.
//
// Engine worker (worker.js), which runs the Python engine in Pyodide:
//   The page starts it as worker.js?pyodide=URL&engine=URL (absolute URLs of Pyodide's folder
//   and the engine zip: engine-client.js, or app/early_python.py before the page's modules load);
//   it boots at once.
//   worker → page  {type: "progress", stage, of, text}                             while booting
//                  {type: "ready", ms}                                            boot took ms
//                  {type: "failed", message}                                      boot failed
//   page → worker  {type: "run", id, source, mode, inputs}
//   worker → page  {type: "result", id, result}
//                  result: engine.playground.run_in_worker_json's JSON text (docs/trace-format.md)
//   page → worker  {type: "act", id, graph, action, args}   on the live graph of the last run
//   worker → page  {type: "acted", id, result}     result: engine.playground.act_json's JSON
//   worker → page  {type: "started", id}           Python began request id: its time limit runs
//                                                  from here (the worker may be warming up)
//
// Layout worker (layout-worker.js), which runs Graphviz for graphs too big for the main thread:
//   page → worker  {type: "layout", id, viz, dot, choice}   viz: module URL; choice: the record's
//   worker → page  {type: "svg", id, svg} or {type: "layout-failed", id, message}
//                  svg: Graphviz's SVG text; for the layered layout null, its SVG having come
//                  before in parts: {type: "svg-part", id, svg} (UTF-8 bytes, transferred), first
//                  the frame (an <svg> whose g.graph has no tiles yet), then whole tiles in order
//
// Every reply carries the id of its request; the page keeps only the reply to its latest one.

export const PROGRESS = "progress";
export const READY = "ready";
export const FAILED = "failed";
export const RUN = "run";
export const RESULT = "result";
export const ACT = "act";
export const STARTED = "started";
export const ACTED = "acted";

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

/** The engine worker's URL, naming the files it boots from ({pyodide, engine_zip}: absolute
 * URLs) in its query; app/early_python.py's script builds the same before the modules load. */
export function engineWorkerUrl(workerUrl, vendor) {
  const url = new URL(workerUrl);
  url.searchParams.set("pyodide", vendor.pyodide);
  url.searchParams.set("engine", vendor.engine_zip);
  return url;
}

/** The files named in the engine worker's URL: {pyodide, engine_zip}, or an Error. */
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

export function readyMessage(ms) {
  return { type: READY, ms };
}

export function failedMessage(message) {
  return { type: FAILED, message };
}

export function runMessage(id, source, mode, inputs) {
  return { type: RUN, id, source, mode, inputs };
}

export function resultMessage(id, result) {
  return { type: RESULT, id, result };
}

export function startedMessage(id) {
  return { type: STARTED, id };
}

export function actMessage(id, graph, action, args) {
  return { type: ACT, id, graph, action, args };
}

export function actedMessage(id, result) {
  return { type: ACTED, id, result };
}

/** A result in run_json's shape for a failure that is not the program's fault. */
export function errorResult(message) {
  return JSON.stringify({ ok: false, error: { message, line: null, col: null, end_col: null } });
}

/** `choice`: {layout, note}, the layout the record chose (layout-choice.js choiceOf). */
export function layoutMessage(id, viz, dot, choice) {
  return { type: LAYOUT, id, viz, dot, choice };
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
