// The engine worker's memory snapshot format: Pyodide's heap right after the engine was
// imported, stored without its zero pages. The worker makes and restores one; the page stores
// it (snapshot-store.js), since the worker, which runs learners' programs, has no storage.
//
// Pyodide 314 makes one with `loadPyodide({_makeSnapshot: true})` then
// `pyodide.makeMemorySnapshot()` (31.5 MB, 61% of it zero pages: stored without them, 12 MB)
// and restores it with `loadPyodide({_loadSnapshot: bytes})`. It holds pure-Python state only,
// and it is specific to one Pyodide build (Pyodide checks the build id) and one engine.

const MAGIC = 0x70736e73; // "snsp", little-endian
const PAGE = 65536;

/** Reseed what a snapshot froze: `random` would otherwise replay the same numbers per visit. */
export function reseed(pyodide) {
  pyodide.pyimport("random").seed();
}

/** `bytes` (a Uint8Array) as a Blob without its all-zero pages: a header (magic, length, page
 * size, page count), a bitmap of the pages kept, then those pages. */
export function packSnapshot(bytes) {
  const count = Math.ceil(bytes.length / PAGE);
  const header = new Uint32Array([MAGIC, bytes.length, PAGE, count]);
  const kept = new Uint8Array(Math.ceil(count / 8));
  const parts = [header, kept];
  for (let page = 0; page < count; page++) {
    const data = bytes.subarray(page * PAGE, (page + 1) * PAGE);
    if (isZero(data)) continue;
    kept[page >> 3] |= 1 << (page & 7);
    parts.push(data);
  }
  return new Blob(parts);
}

/** The Uint8Array packSnapshot packed, from the stored ArrayBuffer `buffer`. */
export function unpackSnapshot(buffer) {
  const [magic, length, page, count] = new Uint32Array(buffer, 0, 4);
  if (magic !== MAGIC || page !== PAGE || count !== Math.ceil(length / PAGE)) {
    throw new Error("the stored snapshot is not in the expected format");
  }
  const kept = new Uint8Array(buffer, 16, Math.ceil(count / 8));
  const bytes = new Uint8Array(length); // zero-filled
  let at = 16 + kept.length;
  for (let i = 0; i < count; i++) {
    if (!(kept[i >> 3] & (1 << (i & 7)))) continue;
    const size = Math.min(PAGE, length - i * PAGE);
    if (at + size > buffer.byteLength) throw new Error("the stored snapshot is cut short");
    bytes.set(new Uint8Array(buffer, at, size), i * PAGE);
    at += size;
  }
  if (at !== buffer.byteLength) throw new Error("the stored snapshot has bytes to spare");
  return bytes;
}

function isZero(data) {
  // Whole 32-bit words where they are aligned (the heap's pages are), bytes for the rest.
  const aligned = data.byteOffset % 4 === 0;
  const words = aligned ? new Uint32Array(data.buffer, data.byteOffset, data.length >> 2) : [];
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  for (let i = words.length * 4; i < data.length; i++) if (data[i] !== 0) return false;
  return true;
}
