// The engine worker's memory snapshot: Pyodide's heap right after the engine was imported,
// kept in the browser's Cache Storage so that a repeat visit (or a worker restarted after a
// run limit) restores it instead of starting Python from nothing.
//
// Pyodide 314 makes one with `loadPyodide({_makeSnapshot: true})` then
// `pyodide.makeMemorySnapshot()` (31.5 MB, 61% of it zero pages: stored without them, 12 MB)
// and restores it with `loadPyodide({_loadSnapshot: bytes})`. It holds pure-Python state only, and it is specific to
// one Pyodide build (Pyodide checks the build id) and one engine: the key is the Pyodide URL
// (which carries its version) and the engine zip's URL (which carries its content hash), so a
// new engine is a new key and the old snapshot is deleted when the new one is stored.
//
// Anything wrong with a snapshot is never the learner's problem: the worker boots the normal
// way, the stored snapshot is dropped, and the console says so once.

const CACHE_NAME = "engine-snapshot";
// Stored without its zero pages (61% of them: the heap is mostly unused), 12 MB instead of 31.
const FORMAT = "sparse-1"; // in the key: a stored snapshot of another format is never read
const MAGIC = 0x70736e73; // "snsp", little-endian
const PAGE = 65536;

export class SnapshotStore {
  /** vendor: the absolute URLs the worker boots from ({pyodide, engine_zip}). */
  constructor(vendor) {
    const query = new URLSearchParams({ pyodide: vendor.pyodide, format: FORMAT });
    this.key = `${vendor.engine_zip}?${query}`;
    // Cache Storage exists only in secure contexts (https, or http on localhost).
    this.available = typeof caches !== "undefined";
  }

  /**
   * The stored snapshot, or null when there is none (or no storage at all): `{bytes}`, a
   * promise of its bytes, so that Pyodide fetches and compiles its runtime while they are read
   * (stored sparse, 12 MB of a 31 MB heap; the whole heap once took ~130 ms to read here).
   */
  async find() {
    if (!this.available) return null;
    try {
      const response = await (await caches.open(CACHE_NAME)).match(this.key);
      if (!response) return null;
      const bytes = response.arrayBuffer().then(unpackSnapshot);
      bytes.catch(() => {}); // a failed read fails the restore, which says why
      return { bytes };
    } catch (error) {
      console.warn(`Python: could not read the stored memory snapshot (${error.message ?? error})`);
      return null;
    }
  }

  /** Store `bytes` under this engine's key and delete the snapshots of older engines. */
  async save(bytes) {
    const cache = await caches.open(CACHE_NAME);
    await cache.put(this.key, new Response(packSnapshot(bytes)));
    for (const request of await cache.keys()) {
      if (request.url !== this.key) await cache.delete(request);
    }
  }

  /** A snapshot that failed to restore: say why, once, and delete it. */
  async drop(error) {
    console.warn(
      `Python: the stored memory snapshot could not be restored (${error?.message ?? error}); ` +
        "booted the normal way and dropped it",
    );
    try {
      await (await caches.open(CACHE_NAME)).delete(this.key);
    } catch {
      // nothing more to do: the next boot tries the snapshot again and fails the same way
    }
  }
}

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
