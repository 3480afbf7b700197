// The files of a zip archive, read in JS: the engine worker writes the engine's files into
// Pyodide's file system with these (a few `FS.writeFile` calls) instead of Python's zipfile
// and shutil unpacking them, and they are read while the runtime is still loading.
//
// Entries are stored (our server sends the archive stored, then brotli-encoded over HTTP:
// scripts/build_vendor.py) or deflated (the archive as built, which a static host sends);
// any other method, a ZIP64 archive or a damaged one is an Error that says so.

const END = 0x06054b50; // end of central directory record
const CENTRAL = 0x02014b50; // central directory file header
const LOCAL = 0x04034b50; // local file header
const STORED = 0;
const DEFLATED = 8;

/** [{path, bytes}] for every file (not folder) in the zip archive `bytes` (a Uint8Array). */
export async function zipFiles(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true); // the central directory's offset
  const names = new TextDecoder();
  const files = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== CENTRAL) {
      throw new Error("damaged zip archive: bad central directory");
    }
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    if (size === 0xffffffff || local === 0xffffffff) throw new Error("ZIP64 is not supported");
    const path = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + skip;
    if (path.endsWith("/")) continue;
    if (local + 30 > view.byteLength || view.getUint32(local, true) !== LOCAL) {
      throw new Error(`damaged zip archive: no local header for ${path}`);
    }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    if (data.length !== size) throw new Error(`damaged zip archive: ${path} is cut short`);
    files.push({ path, bytes: await contents(method, data, path) });
  }
  return files;
}

function findEnd(view) {
  // The record is 22 bytes, followed by a comment of up to 65,535 bytes.
  const last = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= last; at--) {
    if (view.getUint32(at, true) === END) return at;
  }
  throw new Error("not a zip archive");
}

async function contents(method, data, path) {
  if (method === STORED) return data;
  if (method !== DEFLATED) throw new Error(`zip method ${method} (${path}) is not supported`);
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
