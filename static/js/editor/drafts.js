// Drafts: the learner's program kept in this browser (localStorage) as they type it, one per
// page and link, so that a reload, a crash or a program too long for a link never loses it.
// Only the page's own code writes here, and only the text typed in the Expression box — never
// anything a program printed or returned (docs/security.md: nothing from the worker persists).
// A draft is read back as plain text.

const PREFIX = "autograd-playground.draft:";
const INDEX = "autograd-playground.drafts"; // draft key → when it was last written
export const MAX_DRAFTS = 20; // beyond these the oldest draft is dropped
// Ten times the longest program the engine runs (50,000 characters): any paste fits, and
// twenty of them fit in a browser's ~5 MB of localStorage.
export const MAX_DRAFT_CHARS = 500_000;

/**
 * The draft's key: the page's path and the link's own identity — its exercise, else its
 * program — so that two embeds of different programs on one course page keep separate drafts.
 */
export function draftKey(path, { source = "", exercise = null } = {}) {
  const identity = exercise ? `exercise=${exercise}` : `src#${hash(source)}`;
  return `${PREFIX}${path}?${identity}`;
}

/** A 53-bit hash of the text (cyrb53), in base 36: a key, not a secret. */
export function hash(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Drafts in a Storage. `save` says what became of the text: "kept", "removed" (it equals the
 * link's program: no draft), "too-big" (over MAX_DRAFT_CHARS: the last draft that fitted stays),
 * "full" (over the browser's quota even with the other drafts dropped), "blocked".
 */
export class DraftStore {
  constructor(storage, now = () => Date.now()) {
    this.storage = storage;
    this.now = now;
  }

  /** {text, link} for the key, or null. Anything else found there is ignored. */
  load(key) {
    try {
      const record = JSON.parse(this.storage?.getItem(key) ?? "null");
      const text = record?.text;
      const link = record?.link;
      if (typeof text !== "string" || typeof link !== "string") return null;
      return { text, link };
    } catch {
      return null;
    }
  }

  /** Keep `text` as the draft of the link whose program is `link`. */
  save(key, text, link) {
    const storage = this.storage;
    if (!storage) return "blocked";
    try {
      const index = this.index();
      if (text === link) {
        storage.removeItem(key);
        delete index[key];
        this.writeIndex(index);
        return "removed";
      }
      if (text.length > MAX_DRAFT_CHARS) return "too-big";
      const at = this.now();
      const record = JSON.stringify({ text, link, at });
      // Past the quota, drop the oldest other drafts, one at a time, until it fits.
      for (;;) {
        try {
          storage.setItem(key, record);
          break;
        } catch (error) {
          if (!isQuota(error)) return "blocked";
          const oldest = oldestOf(index, key);
          if (!oldest) return "full";
          storage.removeItem(oldest);
          delete index[oldest];
        }
      }
      index[key] = at;
      for (let extra = Object.keys(index).length - MAX_DRAFTS; extra > 0; extra--) {
        const oldest = oldestOf(index, key);
        storage.removeItem(oldest);
        delete index[oldest];
      }
      this.writeIndex(index);
      return "kept";
    } catch {
      return "blocked";
    }
  }

  index() {
    try {
      const index = JSON.parse(this.storage.getItem(INDEX) ?? "{}");
      if (!index || typeof index !== "object" || Array.isArray(index)) return {};
      return Object.fromEntries(
        Object.entries(index).filter(([k, at]) => k.startsWith(PREFIX) && Number.isFinite(at)),
      );
    } catch {
      return {};
    }
  }

  writeIndex(index) {
    try {
      this.storage.setItem(INDEX, JSON.stringify(index));
    } catch {
      // The index only orders evictions; a draft is kept without it.
    }
  }
}

function oldestOf(index, except) {
  let oldest = null;
  for (const [key, at] of Object.entries(index)) {
    if (key !== except && (oldest === null || at < index[oldest])) oldest = key;
  }
  return oldest;
}

function isQuota(error) {
  return error?.name === "QuotaExceededError" || error?.code === 22;
}

/**
 * The note beside the editor about where the program is kept, or "" when all is well:
 * `fitsLink` whether a link can carry it, `saved` what DraftStore.save last said.
 */
export function keepNote({ fitsLink, saved, maxUrlBytes }) {
  const notKept = {
    "too-big": `it is too big to keep as a draft here (over ${MAX_CHARS_TEXT} characters)`,
    full: "your draft could not be kept in this browser: its storage is full",
    blocked: "your draft could not be kept in this browser: its storage is turned off",
  }[saved];
  if (fitsLink) return notKept ? `${capital(notKept)}. Copy link keeps it.` : "";
  const kb = Math.floor(maxUrlBytes / 1024);
  const tooLong = `This program is too long for a link (over ${kb}\u00a0KB)`;
  if (notKept) return `${tooLong}, and ${notKept}: copy its text somewhere safe.`;
  return `${tooLong}: this browser keeps it as your draft. To share it, copy its text.`;
}

const MAX_CHARS_TEXT = MAX_DRAFT_CHARS.toLocaleString("en");

function capital(text) {
  return text[0].toUpperCase() + text.slice(1);
}
