// Answers to Pyodide's own downloads while loadPyodide runs in the engine worker.
//
// On a repeat visit the restore waits on bytes out of the browser's caches, on the same two
// cores as the page (docs/benchmarks.md); two of Pyodide's downloads are answered here instead:
// - its wasm (9.6 MB): fetched and compiled (`compileStreaming`) from the moment the worker
//   boots, while Pyodide's own 1.25 MB module is fetched and compiled, rather than once that
//   module asks for it; Pyodide's request gets that same response, and its instantiation the
//   compiled module (a repeat visit: from Chromium's code cache of it);
// - after a restore, its standard library zip (9.5 MB): an empty file, which the worker makes a
//   lazy one (lazy-file.js) as soon as the restore is done.
// Outside loadPyodide, fetch and WebAssembly are left as they were. Every download here goes
// through the worker's DownloadWatch (download-watch.js): counted as it arrives, and the wasm
// watched for an answer (`arrival`).
import { DownloadWatch } from "./download-watch.js";

const WASM = "pyodide.asm.wasm";
const STDLIB = "python_stdlib.zip";

export class BootAnswers {
  /** pyodide: the absolute URL of Pyodide's folder. Starts the wasm's download and compile;
   * `arrival` resolves once it has all come, or rejects with why it will not (DownloadWatch). */
  constructor(pyodide, watch = new DownloadWatch()) {
    this.watch = watch;
    this.wasmUrl = new URL(WASM, pyodide).href;
    this.stdlibUrl = new URL(STDLIB, pyodide).href;
    this.wasm = watch.track(fetch(this.wasmUrl));
    this.arrival = watch.watch(this.wasm, "The Python runtime", "application/wasm");
    this.arrival.catch(() => {}); // the worker reports it
    this.compiled = WebAssembly.compileStreaming(this.wasm);
    this.compiled.catch(() => {}); // Pyodide's instantiation then tries again, as it would
  }

  /** `load()` (a loadPyodide call) with these answers; `emptyStdlib` for a restore. */
  async during(load, { emptyStdlib = false } = {}) {
    const { fetch: plainFetch } = self;
    const { instantiateStreaming } = WebAssembly;
    self.fetch = (input, init) => {
      const url = String(input);
      if (init?.method) return plainFetch(input, init);
      if (url === this.wasmUrl) return this.wasm;
      if (url === this.stdlibUrl && emptyStdlib) {
        return Promise.resolve(new Response(new Uint8Array(0)));
      }
      return this.watch.track(plainFetch(input, init));
    };
    WebAssembly.instantiateStreaming = async (source, imports) => {
      const response = await source;
      if (response !== (await this.wasm.catch(() => null))) {
        return instantiateStreaming(response, imports);
      }
      try {
        const module = await this.compiled;
        return { module, instance: await WebAssembly.instantiate(module, imports) };
      } catch {
        return instantiateStreaming(plainFetch(this.wasmUrl), imports); // as Pyodide would
      }
    };
    try {
      return await load();
    } finally {
      self.fetch = plainFetch;
      WebAssembly.instantiateStreaming = instantiateStreaming;
    }
  }
}
