// A learner's work on the exercises, kept in this browser (localStorage), one entry per
// exercise: the code as they last had it, whether a check ever passed, whether they checked at
// all (the solution opens after a first check), how many hints they opened. Nothing of it is
// sent to the server. Only the page's own code writes here, and only what the learner typed and
// what the checks concluded — never text a program printed (docs/security.md).

const PREFIX = "autograd-playground.exercise:";
// A learner's engine is a few hundred lines; far past that is a paste gone wrong, and the
// browser's ~5 MB must hold a chapter of them.
export const MAX_CODE_CHARS = 200_000;

/** The entry of an exercise nobody has opened. */
export const FRESH = Object.freeze({ code: null, passed: false, checked: false, hints: 0 });

export class Progress {
  /** storage: a Storage, or null (nothing is kept: `kept` is false). */
  constructor(storage) {
    this.storage = storage;
  }

  get kept() {
    return this.storage !== null;
  }

  /** The exercise's entry; FRESH's fields for whatever is missing or not of its type. */
  load(id) {
    let stored = null;
    try {
      stored = JSON.parse(this.storage?.getItem(PREFIX + id) ?? "null");
    } catch {
      stored = null; // not ours, or damaged: as if never opened
    }
    const entry = { ...FRESH };
    if (stored && typeof stored === "object") {
      if (typeof stored.code === "string") entry.code = stored.code;
      entry.passed = stored.passed === true;
      entry.checked = stored.checked === true;
      if (Number.isSafeInteger(stored.hints) && stored.hints >= 0) entry.hints = stored.hints;
    }
    return entry;
  }

  /** Merge `change` into the exercise's entry. "kept", "too-big" (the code is over
   * MAX_CODE_CHARS: the last that fitted stays), "full" (over the quota) or "blocked". */
  save(id, change) {
    if (!this.storage) return "blocked";
    const entry = { ...this.load(id), ...change };
    if (typeof entry.code === "string" && entry.code.length > MAX_CODE_CHARS) return "too-big";
    try {
      this.storage.setItem(PREFIX + id, JSON.stringify(entry));
      return "kept";
    } catch {
      return "full";
    }
  }

  /** Each exercise of `chapter` ([{id, title}]) with its entry, in order. */
  all(chapter) {
    return chapter.map((exercise) => ({ ...exercise, ...this.load(exercise.id) }));
  }
}

/** Where an exercise stands, in a learner's words: "Ready", "Started" or "Not started". */
export function stateOf(entry) {
  if (entry.passed) return { state: "ready", text: "Ready" };
  if (entry.code !== null || entry.checked) return { state: "started", text: "Started" };
  return { state: "new", text: "Not started" };
}
