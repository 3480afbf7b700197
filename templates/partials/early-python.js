// The page's first script (a classic one, inlined by templates/base.html and allowed by its hash:
// app/early_python.py). The one place the engine worker's source is made: a data: URL whose one
// line imports worker.js?pyodide=URL&engine=URL (absolute URLs), so the worker runs in an opaque
// origin (docs/security.md). It starts that worker now, before the page's modules load, when the
// server starts Python at load and this browser has booted it before (its files are cached);
// static/js/python/engine-client.js starts every other one from the same source.
(() => {
  const data = document.currentScript.dataset;
  const absolute = (url) => new URL(url, document.baseURI).href;
  const url = new URL(data.worker, document.baseURI);
  url.searchParams.set("pyodide", absolute(data.pyodide));
  url.searchParams.set("engine", absolute(data.engine));
  const source = `data:text/javascript,${encodeURIComponent(`import ${JSON.stringify(url.href)};`)}`;
  const starts = "starts" in data;
  const early = { key: data.key, starts, source, worker: null, events: [] };
  globalThis.earlyPython = early;
  try {
    if (!starts || !localStorage.getItem(data.key)) return;
  } catch {
    return; // storage blocked (a sandboxed iframe, a privacy setting): the page's modules start it
  }
  early.worker = new Worker(source, { type: "module" });
  early.keep = (event) => early.events.push(event);
  early.worker.addEventListener("message", early.keep);
  early.worker.addEventListener("error", early.keep);
  performance.mark("early-python");
})();
