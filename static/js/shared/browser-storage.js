// The browser's localStorage, where the page keeps a learner's drafts (editor/drafts.js) and
// exercise work (exercise/progress.js) — or null where it is blocked (a sandboxed frame,
// privacy modes): callers then keep nothing and say so.

export function browserStorage() {
  try {
    const storage = globalThis.localStorage;
    storage.getItem("autograd-playground.probe"); // some browsers hand out one that throws on use
    return storage;
  } catch {
    return null;
  }
}
