// The front end's folders (docs/architecture.md): each folder of static/js imports only shared/
// and itself; the files at the top (main.js, the page; chapter.js, the exercises' list;
// widget.js, the notebook's view) alone wire
// folders together; no module imports an entry. Read from esbuild's own import graph
// (static/js/bundle/meta.json, written by scripts/build_bundle.mjs), so dynamic import()s count.
//   node --test tests/js/
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";

const js = fileURLToPath(new URL("../../static/js/", import.meta.url));
const meta = JSON.parse(readFileSync(path.join(js, "bundle", "meta.json"), "utf8"));

const folderOf = (file) => (file.includes("/") ? file.split("/")[0] : null); // null: the top

/** What a folder may import besides itself. */
export function breaks(graph) {
  const wrong = [];
  for (const [file, imports] of Object.entries(graph)) {
    const from = folderOf(file);
    for (const { path: target } of imports) {
      const to = folderOf(target);
      if (to === null) wrong.push(`${file} imports the entry ${target}`);
      else if (from !== null && to !== from && to !== "shared") wrong.push(`${file} → ${target}`);
    }
  }
  return wrong;
}

test("each folder imports only shared/ and itself; only the entries wire folders", () => {
  assert.deepEqual(breaks(meta.inputs), []);
});

test("the rule catches a folder reaching into another, and any import of an entry", () => {
  const graph = {
    "main.js": [{ path: "graph/a.js" }, { path: "steps/b.js" }],
    "graph/a.js": [{ path: "shared/p.js" }, { path: "graph/c.js" }, { path: "steps/b.js" }],
    "steps/b.js": [{ path: "main.js" }],
  };
  assert.deepEqual(breaks(graph), ["graph/a.js → steps/b.js", "steps/b.js imports the entry main.js"]);
});

test("every module is in the graph: none is left unread or unbundled", () => {
  const sources = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === "bundle") continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".js")) sources.push(path.relative(js, full).split(path.sep).join("/"));
    }
  };
  walk(js);
  const built = new Set(Object.keys(meta.inputs));
  // editor/codemirror.js is CodeMirror's own entry, bundled into static/vendor by build_editor.mjs.
  const missing = sources.filter((file) => !built.has(file) && file !== "editor/codemirror.js");
  assert.deepEqual(missing, []);
});

test("the top holds only the entries, and each folder is named in the architecture", () => {
  const top = readdirSync(js).filter((name) => name.endsWith(".js"));
  assert.deepEqual(top.sort(), ["chapter.js", "main.js", "widget.js"]);
  const doc = readFileSync(path.join(js, "..", "..", "docs", "architecture.md"), "utf8");
  for (const name of readdirSync(js)) {
    if (name !== "bundle" && statSync(path.join(js, name)).isDirectory()) {
      assert.match(doc, new RegExp(`\`static/js/${name}/\``), `docs/architecture.md names ${name}/`);
    }
  }
});
