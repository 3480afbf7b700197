// A file in Pyodide's in-memory file system whose bytes come when they are first read.
//
// After a restore from the memory snapshot, Python has imported every module it imports at
// boot, and holds the standard library zip's directory: it reads the zip again only to import
// a module it has not imported yet. So the restore does not wait for the zip's 9.5 MB (which
// shared the cache's reads with the wasm, on the same two cores): the worker makes the file
// lazy, fills it in the background once Python is ready, and if Python reads it before then,
// the read fetches it at once, synchronously (a worker may), from the browser's cache.
//
// It works on Emscripten's MEMFS file node, whose `contents` and `usedBytes` every read, stat
// and seek goes through; they become plain values again once the bytes are there.

/**
 * Make the MEMFS file `node` lazy: `readNow()` returns its bytes (a Uint8Array) the first time
 * anything reads it, unless `fill(bytes)` came first. Returns {fill, filled}.
 */
export function lazyFile(node, readNow) {
  let bytes = null;
  const settle = (data) => {
    bytes = data;
    const plain = { writable: true, configurable: true, enumerable: true };
    Object.defineProperty(node, "contents", { value: data, ...plain });
    Object.defineProperty(node, "usedBytes", { value: data.length, ...plain });
    return data;
  };
  const load = () => bytes ?? settle(readNow());
  Object.defineProperty(node, "contents", { get: load, set: settle, configurable: true });
  Object.defineProperty(node, "usedBytes", {
    get: () => load().length,
    set() {}, // a write sets contents first, which settles the file
    configurable: true,
  });
  return {
    fill: (data) => bytes ?? settle(data),
    filled: () => bytes !== null,
  };
}

/** The bytes at `url`, fetched synchronously (workers only), or an Error that says why not. */
export function fetchNow(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${url} answered HTTP ${request.status}`);
  return new Uint8Array(request.response);
}
