// Starts the engine worker as soon as the page's modules are in — before main.js has built
// and wired the page — when the server has said Python will be wanted at once (the
// `#python-boot` island: the graph is already drawn, or the program is Python). On two cores
// the worker then fetches and restores Python while the page sets itself up. Messages the
// worker sends before the EngineClient takes it over are kept and handed over with it.
import { bootMessage } from "./protocol.js";

let early = null;

function begin() {
  const island = document.getElementById("python-boot");
  if (!island) return;
  const urls = JSON.parse(island.textContent);
  const vendor = {
    pyodide: new URL(urls.pyodide, document.baseURI).href,
    engine_zip: new URL(urls.engine_zip, document.baseURI).href,
  };
  performance.mark("python:worker-created");
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const taken = { worker, vendor, messages: [], error: null };
  taken.keep = (event) => taken.messages.push(event.data);
  taken.failed = (event) => {
    event.preventDefault();
    taken.error ??= event.message || "script error";
  };
  worker.addEventListener("message", taken.keep);
  worker.addEventListener("error", taken.failed);
  worker.postMessage(bootMessage(vendor));
  early = taken;
}

/**
 * The worker started early for `vendor` (once; null if there is none, or it boots something
 * else): {worker, messages, error}; its listeners here are removed.
 */
export function takeEarlyWorker(vendor) {
  const taken = early;
  early = null;
  if (!taken) return null;
  taken.worker.removeEventListener("message", taken.keep);
  taken.worker.removeEventListener("error", taken.failed);
  if (taken.vendor.pyodide !== vendor.pyodide || taken.vendor.engine_zip !== vendor.engine_zip) {
    taken.worker.terminate();
    return null;
  }
  return taken;
}

begin();
