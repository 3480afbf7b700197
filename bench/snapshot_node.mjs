// Option (b) of a memory snapshot, measured: one built ahead of time under Node (as setup could)
// and served compressed. Boots Pyodide bare and with `_makeSnapshot` (alternating), imports
// the engine as the worker does, makes the snapshot, compresses it as the server would, and
// restores it. Prints one JSON object. Usage: node bench/snapshot_node.mjs [repeats]
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const root = fileURLToPath(new URL("..", import.meta.url));
const repeats = Number(process.argv[2] ?? 3);
const wheels = `${root}static/vendor/wheels/`;
const engineZip = readFileSync(wheels + readdirSync(wheels).find((f) => f.startsWith("engine-")));

async function timed(make) {
  const started = performance.now();
  const value = await make();
  return [performance.now() - started, value];
}

function importEngine(pyodide) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(engineZip), "zip", { extractDir: sitePackages });
  for (const name of ["engine.worker.playground", "engine.worker.runner", "engine.worker.session", "engine.record.replay"]) {
    pyodide.pyimport(name).destroy();
  }
}

const result = { bare_ms: [], make_boot_ms: [], restore_ms: [] };
let snapshot = null;
for (let i = 0; i < repeats; i++) {
  result.bare_ms.push((await timed(() => loadPyodide()))[0]);
  const [ms, pyodide] = await timed(() => loadPyodide({ _makeSnapshot: true }));
  result.make_boot_ms.push(ms);
  importEngine(pyodide);
  [result.make_snapshot_ms, snapshot] = await timed(() => pyodide.makeMemorySnapshot());
}
for (let i = 0; i < repeats; i++) {
  result.restore_ms.push((await timed(() => loadPyodide({ _loadSnapshot: snapshot.slice() })))[0]);
}
result.bytes = snapshot.length;
result.gzip_bytes = gzipSync(snapshot, { level: 9 }).length;
const quality = { [constants.BROTLI_PARAM_QUALITY]: 9 };
result.br_bytes = brotliCompressSync(snapshot, { params: quality }).length;
console.log(JSON.stringify(result));
