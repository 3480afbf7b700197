// Bundle our own modules, one file per runtime, into static/js/bundle/ with the source tree's
// folders: main.js (the page), chapter.js (/learn, the exercises' list), engine-worker/worker.js, layout-worker/worker.js and widget.js
// (the notebook widget's view, which anywidget loads from one string). Each worker sits beside
// main.js as in the sources: the page starts the layout worker by a URL relative to itself
// (`new URL("./layout-worker/worker.js", import.meta.url)`), and the engine worker by the URL
// the server names in the page's first script (app/module_graph.py PageScripts.engine_worker),
// so both resolve the same way in the sources and in the bundle.
//
// It also writes static/js/bundle/meta.json, esbuild's metafile: the one reading of our import
// graph. app/module_graph.py preloads from it when it serves the sources, and
// tests/js/layering.test.mjs checks the folders' rules on it.
//
// Why bundle: a page that loads 60 modules asks the browser for 60 files at once as it opens,
// and on a repeat visit those requests share the cache's reads with Python's runtime (9.6 MB of
// wasm), which the worker waits for; one file is one request.
// The styles too: static/css/bundle/playground.css from static/css/playground.css's @imports.
// Usage: node scripts/build_bundle.mjs
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const js = fileURLToPath(new URL("../static/js/", import.meta.url));
const css = fileURLToPath(new URL("../static/css/", import.meta.url));
export const ENTRIES = ["main.js", "chapter.js", "widget.js", "engine-worker/worker.js", "layout-worker/worker.js"];

const result = await build({
  entryPoints: ENTRIES.map((name) => path.join(js, name)),
  outdir: path.join(js, "bundle"),
  outbase: js, // bundle/engine-worker/worker.js beside bundle/main.js, as in the sources
  bundle: true, // dynamic import()s of our modules are folded in; a vendored URL stays a URL
  format: "esm",
  minify: true,
  target: "es2022",
  sourcemap: "linked", // *.js.map beside each, read only when the developer tools are open;
  sourcesContent: false, // they name the sources (../main.js, …), which the server serves
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
});

// The page's styles: static/css/playground.css @imports one file per concept, in cascade order;
// the page loads them as one file, static/css/bundle/playground.css (not minified: it is small,
// served compressed, and the notebook widget reads its rules).
await build({
  entryPoints: [path.join(css, "playground.css")],
  outdir: path.join(css, "bundle"),
  bundle: true,
  legalComments: "none",
  logLevel: "warning",
});

// Paths relative to static/js, so readers need not know where esbuild ran.
const relative = (file) => path.relative(js, path.resolve(file)).split(path.sep).join("/");
const inputs = {};
for (const [file, input] of Object.entries(result.metafile.inputs)) {
  inputs[relative(file)] = input.imports
    .filter((i) => !i.external)
    .map((i) => ({ path: relative(i.path), kind: i.kind }));
}
writeFileSync(path.join(js, "bundle", "meta.json"), `${JSON.stringify({ entries: ENTRIES, inputs }, null, 1)}\n`);
