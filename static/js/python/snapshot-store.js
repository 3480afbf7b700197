// Where the engine worker's memory snapshot is kept between visits: the page's Cache Storage,
// written and read only here, by the page, which never runs a learner's program. The worker
// that makes a snapshot has run none either (protocol.js: it comes before the worker's first
// request, and the page takes one snapshot per worker at most); the worker that later runs
// programs has an opaque origin and no storage at all (docs/security.md).
//
// The key is the Pyodide URL (which carries its version), the engine zip's URL (its content
// hash) and the format, so a new engine is a new key; storing one deletes the others. A stored
// snapshot carries its SHA-256, checked before the bytes go to a worker: a snapshot cut short
// or changed on disk is deleted, never restored. Anything wrong with one is never the learner's
// problem: the worker boots the normal way, and the console says so once.

const CACHE_NAME = "engine-snapshot";
const FORMAT = "sparse-1"; // snapshot.js's packSnapshot; another format is another key
const DIGEST = "x-snapshot-sha256";

export class SnapshotStore {
  /** vendor: the absolute URLs the worker boots from ({pyodide, engine_zip}). */
  constructor(vendor) {
    const query = new URLSearchParams({ pyodide: vendor.pyodide, format: FORMAT });
    this.key = `${vendor.engine_zip}?${query}`;
    // Cache Storage (and SubtleCrypto) exist only in secure contexts (https, or localhost).
    this.available = typeof caches !== "undefined" && Boolean(globalThis.crypto?.subtle);
  }

  /** The stored snapshot's packed bytes (an ArrayBuffer) once checked, or null. */
  async find() {
    if (!this.available) return null;
    try {
      const response = await (await caches.open(CACHE_NAME)).match(this.key);
      if (!response) return null;
      const bytes = await response.arrayBuffer();
      if ((await digest(bytes)) === response.headers.get(DIGEST)) return bytes;
      console.warn("Python: the stored memory snapshot failed its check; dropped it");
      await this.drop();
    } catch (error) {
      console.warn(`Python: could not read the stored memory snapshot (${error.message ?? error})`);
    }
    return null;
  }

  /** Store `blob` (snapshot.js's packed form) under this engine's key, with its digest, and
   * delete the snapshots of other engines. */
  async save(blob) {
    const bytes = await blob.arrayBuffer();
    const headers = { [DIGEST]: await digest(bytes), "content-type": "application/octet-stream" };
    const cache = await caches.open(CACHE_NAME);
    await cache.put(this.key, new Response(bytes, { headers }));
    for (const request of await cache.keys()) {
      if (request.url !== this.key) await cache.delete(request);
    }
  }

  async drop() {
    try {
      await (await caches.open(CACHE_NAME)).delete(this.key);
    } catch {
      // nothing more to do: the next check fails the same way and boots normally
    }
  }
}

async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}
