// The engine worker's memory snapshot: Pyodide's heap right after the engine was imported,
// kept in the browser's Cache Storage so that a repeat visit (or a worker restarted after a
// run limit) restores it instead of starting Python from nothing.
//
// Pyodide 314 makes one with `loadPyodide({_makeSnapshot: true})` then
// `pyodide.makeMemorySnapshot()` (31.5 MB, most of it zero pages) and restores it with
// `loadPyodide({_loadSnapshot: bytes})`. It holds pure-Python state only, and it is specific to
// one Pyodide build (Pyodide checks the build id) and one engine: the key is the Pyodide URL
// (which carries its version) and the engine zip's URL (which carries its content hash), so a
// new engine is a new key and the old snapshot is deleted when the new one is stored.
//
// Anything wrong with a snapshot is never the learner's problem: the worker boots the normal
// way, the stored snapshot is dropped, and the console says so once.

const CACHE_NAME = "engine-snapshot";

export class SnapshotStore {
  /** vendor: the absolute URLs the worker boots from ({pyodide, engine_zip}). */
  constructor(vendor) {
    const query = new URLSearchParams({ pyodide: vendor.pyodide });
    this.key = `${vendor.engine_zip}?${query}`;
    // Cache Storage exists only in secure contexts (https, or http on localhost).
    this.available = typeof caches !== "undefined";
  }

  /**
   * The stored snapshot, or null when there is none (or no storage at all): `{bytes}`, a
   * promise of its bytes, so that Pyodide fetches and compiles its runtime while they are read
   * (a 31 MB read from Cache Storage took ~130 ms here).
   */
  async find() {
    if (!this.available) return null;
    try {
      const response = await (await caches.open(CACHE_NAME)).match(this.key);
      if (!response) return null;
      const bytes = response.arrayBuffer().then((buffer) => new Uint8Array(buffer));
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
    await cache.put(this.key, new Response(bytes));
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
