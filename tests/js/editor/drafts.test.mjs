// drafts.js: a draft per page and link, read back as the text it was; a draft equal to the
// link's program is none; the oldest drafts make room (past MAX_DRAFTS, or past the quota);
// blocked storage is reported, never thrown; the note says where the program is kept.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  DraftStore,
  MAX_DRAFT_CHARS,
  MAX_DRAFTS,
  draftKey,
  hash,
  keepNote,
} from "../../../static/js/editor/drafts.js";

/** A Storage with a quota in characters (keys and values, as browsers count them). */
class FakeStorage {
  constructor(quota = Infinity) {
    this.items = new Map();
    this.quota = quota;
  }
  get length() {
    return this.items.size;
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    const others = [...this.items].filter(([k]) => k !== key);
    const used = others.reduce((n, [k, v]) => n + k.length + v.length, 0);
    if (used + key.length + value.length > this.quota) {
      throw Object.assign(new Error("quota"), { name: "QuotaExceededError" });
    }
    this.items.set(key, String(value));
  }
  removeItem(key) {
    this.items.delete(key);
  }
}

const blocked = {
  getItem() {
    throw Object.assign(new Error("insecure"), { name: "SecurityError" });
  },
  setItem() {
    throw Object.assign(new Error("insecure"), { name: "SecurityError" });
  },
  removeItem() {
    throw Object.assign(new Error("insecure"), { name: "SecurityError" });
  },
};

test("keys: the path and the link's program or exercise", () => {
  const a = draftKey("/embed", { source: "x = 1.0" });
  const b = draftKey("/embed", { source: "x = 2.0" });
  assert.notEqual(a, b); // two embeds of different programs on one page
  assert.equal(a, draftKey("/embed", { source: "x = 1.0" }));
  assert.notEqual(a, draftKey("/", { source: "x = 1.0" }));
  const exercise = draftKey("/embed", { source: "x = 1.0", exercise: "chain-rule" });
  assert.equal(exercise, draftKey("/embed", { source: "starter changed", exercise: "chain-rule" }));
  assert.notEqual(hash("ab"), hash("ba"));
  assert.match(hash(""), /^[0-9a-z]+$/);
});

test("a draft is read back as the very text typed, with the link it was drafted from", () => {
  const store = new DraftStore(new FakeStorage());
  const text = "<b>not markup</b>\n# é ∂ 🙂\n\u0000";
  assert.equal(store.save("k", text, "x = 1.0"), "kept");
  assert.deepEqual(store.load("k"), { text, link: "x = 1.0" });
  assert.equal(store.load("other"), null);
});

test("a draft equal to the link's program is no draft: it is removed", () => {
  const store = new DraftStore(new FakeStorage());
  store.save("k", "x = 2.0", "x = 1.0");
  assert.equal(store.save("k", "x = 1.0", "x = 1.0"), "removed");
  assert.equal(store.load("k"), null);
});

test("anything but a draft record under a key is ignored", () => {
  const storage = new FakeStorage();
  const store = new DraftStore(storage);
  for (const junk of ["{", "null", "[]", '{"text": 3, "link": ""}', '{"text": "a"}']) {
    storage.setItem("k", junk);
    assert.equal(store.load("k"), null, junk);
  }
  storage.setItem("autograd-playground.drafts", "[1, 2]"); // a broken index does not stop saving
  assert.equal(store.save("k", "a", "b"), "kept");
});

test("past MAX_DRAFTS the oldest draft is dropped", () => {
  let clock = 0;
  const store = new DraftStore(new FakeStorage(), () => ++clock);
  const keys = Array.from({ length: MAX_DRAFTS + 2 }, (_, i) => draftKey(`/p${i}`));
  keys.forEach((key, i) => store.save(key, `draft ${i}`, ""));
  assert.equal(store.load(keys[0]), null);
  assert.equal(store.load(keys[1]), null);
  assert.equal(store.load(keys[2]).text, "draft 2");
  assert.equal(store.load(keys.at(-1)).text, `draft ${MAX_DRAFTS + 1}`);
});

test("past the quota the oldest other drafts make room; alone too big, it is 'full'", () => {
  let clock = 0;
  const storage = new FakeStorage(3000);
  const store = new DraftStore(storage, () => ++clock);
  const [a, b, c] = ["/a", "/b", "/c"].map((path) => draftKey(path));
  assert.equal(store.save(a, "a".repeat(1000), ""), "kept");
  assert.equal(store.save(b, "b".repeat(1000), ""), "kept");
  assert.equal(store.save(c, "c".repeat(1000), ""), "kept"); // a made room
  assert.equal(store.load(a), null);
  assert.equal(store.load(b).text.length, 1000);
  assert.equal(store.save(c, "c".repeat(5000), ""), "full");
  assert.equal(store.load(c).text, "c".repeat(1000)); // the last draft that fitted stays
});

test("a draft over MAX_DRAFT_CHARS is not written; the last one that fitted stays", () => {
  const store = new DraftStore(new FakeStorage());
  store.save("k", "short", "");
  assert.equal(store.save("k", "x".repeat(MAX_DRAFT_CHARS + 1), ""), "too-big");
  assert.equal(store.load("k").text, "short");
});

test("blocked or missing storage is reported, never thrown", () => {
  for (const storage of [blocked, null]) {
    const store = new DraftStore(storage);
    assert.equal(store.save("k", "x = 2.0", "x = 1.0"), "blocked");
    assert.equal(store.load("k"), null);
  }
});

test("the note: nothing when all is well, else what is kept where", () => {
  const max = 60 * 1024;
  assert.equal(keepNote({ fitsLink: true, saved: "kept", maxUrlBytes: max }), "");
  assert.equal(keepNote({ fitsLink: true, saved: "removed", maxUrlBytes: max }), "");
  const blocked = keepNote({ fitsLink: true, saved: "blocked", maxUrlBytes: max });
  assert.match(blocked, /could not be kept/);
  const long = keepNote({ fitsLink: false, saved: "kept", maxUrlBytes: max });
  assert.match(long, /too long for a link \(over 60\u00a0KB\).*keeps it as your draft/);
  const lost = keepNote({ fitsLink: false, saved: "full", maxUrlBytes: max });
  assert.match(lost, /too long for a link.*could not be kept.*full/);
});
