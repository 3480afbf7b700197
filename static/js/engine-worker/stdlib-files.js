// The worker's files from the network: fetching bytes with a clear reason when it fails, and
// the standard library as lazy files (lazy-file.js) — after a restore, the zip Pyodide would
// have read at boot; always, the part of it no boot reaches (scripts/build_bytecode.mjs).
import { fetchNow, lazyFile } from "./lazy-file.js";

const EIO = 29; // Emscripten's errno for an input/output error
// The standard library a boot does not reach (scripts/build_bytecode.mjs): a lazy file that an
// import finder at the end of sys.meta_path (scripts/stdlib_rest.py, in the boot zip as
// _stdlib_rest) opens, and so downloads, only when an import ever gets that far (an encoding).
export const STDLIB_REST = "python_stdlib_rest.zip";
const REST_FINDER = "_stdlib_rest";

/** The bytes at `url`, or an Error that says why not (HTTP status, type, network); counted by
 * `watch` (download-watch.js) if given. */
export async function fetchBytes(url, watch = null) {
  let response;
  try {
    response = await (watch ? watch.track(fetch(url)) : fetch(url));
  } catch (error) {
    throw new Error(`${url} could not be fetched (${error.message}): offline, or blocked`);
  }
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The rest of the standard library as a lazy file (lazy-file.js) behind the last import finder:
 * Python reads it (and the worker fetches it, at once, synchronously) only when an import has
 * missed everything else. The boot never waits for it. (_stdlib_rest is imported before the
 * snapshot: after a restore it needs no read of the standard library's zip.)
 */
export function addStdlibRest(pyodide, url) {
  const path = `/lib/${STDLIB_REST}`;
  try {
    pyodide.FS.writeFile(path, new Uint8Array(0));
    lazyFile(pyodide.FS.lookupPath(path).node, () => {
      performance.mark("stdlib:rest-read"); // tests look: no boot or common run reads it
      try {
        return fetchNow(url);
      } catch (error) {
        console.warn(`Python: the rest of the standard library could not be read (${error.message})`);
        throw new pyodide.FS.ErrnoError(EIO); // an ImportError in Python, not a crash
      }
    });
    pyodide.pyimport(REST_FINDER).install(path);
  } catch (error) {
    console.warn(`Python: the rest of the standard library is not available (${error.message ?? error})`);
  }
}

/**
 * The restored Python's standard library zip as a lazy file (lazy-file.js): {fetch()} starts
 * its download. Where that cannot be done, the zip is downloaded and written now, as Pyodide
 * would have (returns null).
 */
export async function lazyStdlib(pyodide, url) {
  const path = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))");
  try {
    const file = lazyFile(pyodide.FS.lookupPath(path).node, () => {
      try {
        performance.mark("stdlib:read-now"); // read before the download ended (tests look)
        return fetchNow(url);
      } catch (error) {
        console.warn(`Python: the standard library could not be read (${error.message})`);
        throw new pyodide.FS.ErrnoError(EIO); // an ImportError in Python, not a crash
      }
    });
    const fetch = () => fetchBytes(url).then(file.fill, () => {}); // failed: read on use
    return { fetch };
  } catch (error) {
    console.warn(`Python: the standard library is read now (${error.message ?? error})`);
    pyodide.FS.writeFile(path, await fetchBytes(url));
    return null;
  }
}
