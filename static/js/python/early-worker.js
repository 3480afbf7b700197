// The engine worker that the page's first script (templates/partials/early-python.js, a classic
// script) started as the page's first bytes arrived (a repeat visit): waiting for its first word,
// taking it over, and remembering that this browser has booted Python (its files are cached), so
// its next page starts it early.

/**
 * Once the worker that the page's first script started (a repeat visit) has said its first
 * word, or after `capMs`; at once when there is none. The browser starts a worker's thread
 * only from a free main thread: the parser and the page's own start kept it busy ~80 ms, so the
 * page waits for this before its own work (14 ms sooner to Python ready, A/B of 6).
 */
export function earlyWorkerRunning(capMs = 100) {
  const early = globalThis.earlyPython;
  if (!early?.worker || early.events.length) return Promise.resolve();
  return new Promise((resolve) => {
    early.worker.addEventListener("message", () => resolve(), { once: true });
    setTimeout(resolve, capMs);
  });
}

/** What the page's first script left, once ({key, starts, source, worker or null, events};
 * null if there was no script, or it was taken). */
export function adoptEarlyWorker() {
  const early = globalThis.earlyPython;
  if (!early) return null;
  delete globalThis.earlyPython;
  early.worker?.removeEventListener("message", early.keep);
  early.worker?.removeEventListener("error", early.keep);
  return early;
}

/** This browser has booted Python (its files are cached): its next page starts it early. */
export function remember(key) {
  if (!key) return;
  try {
    localStorage.setItem(key, "1");
  } catch {
    // storage blocked (a sandboxed iframe, a privacy setting): Python starts with the page's modules
  }
}
