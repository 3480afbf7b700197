// Run the engine's own pytest suite (tests/engine) inside real Pyodide under Node, offline.
// The wheels pinned in requirements.txt must already be in .cache/pyodide-wheels (run.sh
// fetches them). Python boots from the standard library the browser gets (static/vendor, with
// the bytecode scripts/build_bytecode.mjs adds), so the suite runs on it too. Extra
// command-line arguments go to pytest; the exit code is pytest's.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = fileURLToPath(new URL("../..", import.meta.url));
const wheelDir = path.join(root, ".cache", "pyodide-wheels");
const requirements = path.join(root, "tests", "pyodide", "requirements.txt");
const pytestArgs = [
  "tests/engine",
  "-m",
  "not needs_dot", // no Graphviz binary inside Pyodide
  "-p",
  "no:cacheprovider",
  "-q",
  ...process.argv.slice(2),
];

/** The vendored standard library zip (scripts/build_vendor.py writes it); `name` the other
 * part, which the worker imports from only when an import needs it (scripts/stdlib_rest.py). */
function vendoredStdlib(name = "python_stdlib.zip") {
  const manifest = path.join(root, "static", "vendor", "manifest.json");
  let pyodideDir;
  try {
    pyodideDir = JSON.parse(readFileSync(manifest, "utf8")).pyodide;
  } catch {
    throw new Error(`no ${manifest}; run scripts/setup.sh`);
  }
  return path.join(root, pyodideDir.replace(/^\//, ""), name);
}

/** Paths of the wheels pinned in requirements.txt (`name==version` lines). */
function pinnedWheels() {
  const files = readdirSync(wheelDir);
  return readFileSync(requirements, "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean)
    .map((pin) => {
      const [name, version] = pin.split("==");
      const prefix = `${name.replace(/[-_.]+/g, "_").toLowerCase()}-${version}-`;
      const file = files.find((f) => f.toLowerCase().startsWith(prefix) && f.endsWith(".whl"));
      if (!file) throw new Error(`no wheel for ${pin} in ${wheelDir}; run tests/pyodide/run.sh`);
      return path.join(wheelDir, file);
    });
}

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

let started = performance.now();
const pyodide = await loadPyodide({
  stdLibURL: vendoredStdlib(),
  env: { HYPOTHESIS_PROFILE: "pyodide", PYTHONDONTWRITEBYTECODE: "1" },
});
// The rest of the standard library behind the same last finder the worker installs (pytest's
// dependencies import modules no boot reaches: html, for one).
const REST = "/tmp/python_stdlib_rest.zip";
pyodide.FS.writeFile(REST, new Uint8Array(readFileSync(vendoredStdlib("python_stdlib_rest.zip"))));
pyodide.runPython(`import _stdlib_rest; _stdlib_rest.install("${REST}")`);
const version = pyodide.runPython("import sys; sys.version.split()[0]");
console.log(`pyodide: booted Python ${version} in ${seconds(started)} s`);

started = performance.now();
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
const wheels = pinnedWheels();
for (const wheel of wheels) {
  // unpackArchive refuses a Node Buffer: hand it a plain Uint8Array.
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", {
    extractDir: sitePackages,
  });
}
pyodide.mountNodeFS("/repo", root);
pyodide.runPython("import os, sys; os.chdir('/repo'); sys.path.insert(0, '/repo')");
console.log(`pyodide: unpacked ${wheels.length} wheels, mounted the repo in ${seconds(started)} s`);

const exitCode = pyodide.runPython(
  `import pytest; int(pytest.main(${JSON.stringify(pytestArgs)}))`,
);
process.exit(exitCode);
