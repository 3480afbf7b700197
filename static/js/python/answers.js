// The engine worker's answers, read as untrusted text: JSON or an error result the page can
// show, and any DOT the worker sent dropped (the page writes its own from the record,
// graph/record-dot.js).
import { errorResult } from "../shared/protocol.js";

export function parse(text) {
  return JSON.parse(text);
}

/** A reply's JSON text read by `read`, or an error result: the worker's text is untrusted. */
export function reply(text, read) {
  try {
    const result = read(text);
    if (result && typeof result === "object" && !Array.isArray(result)) return result;
  } catch {
    // below
  }
  return parse(errorResult("Python's answer could not be read; edit to run again"));
}

/** An action's result, without any DOT the worker sent (record-dot.js writes the page's). */
export function actResult(text) {
  const result = parse(text);
  delete result.dot;
  return result;
}

/** A run's result. A Python run sends its chosen graph's record once, in `graphs`
 * (engine.worker.playground.run_in_worker_json); `trace` names it again here. Any DOT the worker sent
 * is dropped: the page writes its own from the record (record-dot.js). */
export function runResult(text) {
  const result = parse(text);
  delete result.dot;
  const graphs = Array.isArray(result.graphs) ? result.graphs : [];
  for (const graph of graphs) if (graph && typeof graph === "object") delete graph.dot;
  const chosen = graphs[result.chosen];
  if (chosen && result.trace === undefined) result.trace = chosen.record;
  return result;
}

/** An exercise's check result (engine.exercise.run_checks_json): the page shows its messages as
 * text and its located records through record-dot.js like any record; anything else in it is
 * never read. */
export function checkResult(text) {
  const result = parse(text);
  if (!Array.isArray(result.checks)) throw new Error("no checks");
  for (const check of result.checks) if (check?.located?.record) delete check.located.record.dot;
  return result;
}
