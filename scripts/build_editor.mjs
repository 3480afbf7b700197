// Bundle CodeMirror 6 (static/js/editor/codemirror.js) into one minified ES module,
// named by a hash of its bytes: static/vendor/editor/<hash>/codemirror.js. Prints its URL
// path for scripts/build_vendor.py to put in the manifest. Usage: node scripts/build_editor.mjs
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const result = await build({
  entryPoints: [path.join(root, "static", "js", "editor", "codemirror.js")],
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2020",
  write: false,
  legalComments: "none",
});
const bytes = result.outputFiles[0].contents;
const digest = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
const dir = path.join(root, "static", "vendor", "editor", digest);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "codemirror.js"), bytes);
console.log(`/static/vendor/editor/${digest}/codemirror.js`);
