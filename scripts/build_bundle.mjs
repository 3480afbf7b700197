// Bundle our own modules for the browser: static/js/bundle/ gets main.js (the page), worker.js
// (the engine worker) and layout-worker.js (Graphviz's), each one file with what it imports.
// They start each other by URLs relative to themselves (`new URL("./worker.js",
// import.meta.url)`), so the three sit together. The sources stay the modules that tests and
// readers use; app/module_graph.py serves the bundle while it is newer than they are.
//
// Why: a page that loads 44 modules asks the browser for 44 files at once as it opens, and on a
// repeat visit those requests share the cache's reads with Python's runtime (9.6 MB of wasm),
// which the worker waits for; one file is one request. Usage: node scripts/build_bundle.mjs
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const js = fileURLToPath(new URL("../static/js/", import.meta.url));
export const ENTRIES = ["main.js", "worker.js", "layout-worker.js"];

await build({
  entryPoints: ENTRIES.map((name) => path.join(js, name)),
  outdir: path.join(js, "bundle"),
  bundle: true, // dynamic import()s of our modules are folded in; a vendored URL stays a URL
  format: "esm",
  minify: true,
  target: "es2022",
  sourcemap: "linked", // *.js.map beside each, read only when the developer tools are open;
  sourcesContent: false, // they name the sources (../main.js, …), which the server serves
  legalComments: "none",
  logLevel: "warning",
});
