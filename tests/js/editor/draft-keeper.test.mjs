// draft-keeper.js: what the Expression box's draft goes through — restored over the link's
// program with the link one click away and back; no notice for a draft equal to the link;
// early typing kept with the older draft on offer; a preset undone and never stored; the last
// keystrokes stored when the page is left. Run with stand-ins for the editor, the notice's
// elements, window and document.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { DraftKeeper } from "../../../static/js/editor/draft-keeper.js";
import { DraftStore, keepNote } from "../../../static/js/editor/drafts.js";

const LINK = "x = 2.0\ny = x * x";
const KEY = "autograd-playground.draft:/?src#test";

let listeners; // window's and document's listeners by type

class FakeEditor extends EventTarget {
  constructor(source, { changedEarly = false } = {}) {
    super();
    this.source = source;
    this.changedEarly = changedEarly;
    this.runs = 0;
    this.focused = false;
  }
  now() {
    this.runs += 1;
    this.dispatchEvent(new Event("edit"));
  }
  focus() {
    this.focused = true;
  }
  /** The learner types: the text changes, then the editor's debounced "edit". */
  type(text) {
    this.source = text;
    this.now();
  }
}

function element() {
  const clicks = [];
  return {
    textContent: "",
    hidden: true,
    addEventListener: (type, listener) => clicks.push(listener),
    click: () => clicks.forEach((listener) => listener()),
  };
}

function storage() {
  const items = new Map();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  };
}

function keeper(editor, store, { fits = () => true } = {}) {
  const elements = { say: element(), action: element(), keepNote: element() };
  const kept = new DraftKeeper({
    editor,
    store,
    key: KEY,
    link: LINK,
    note: (text) => keepNote({ fitsLink: fits(text), saved: kept.saved, maxUrlBytes: 61440 }),
    elements,
  });
  return { kept, restored: kept.restore(), ...elements };
}

beforeEach(() => {
  listeners = {};
  const target = (type, listener) => (listeners[type] ??= []).push(listener);
  globalThis.window = { addEventListener: target };
  globalThis.document = { addEventListener: target, visibilityState: "visible" };
});

test("a stored draft replaces the link's program; the link is one click away, and back", () => {
  const store = new DraftStore(storage());
  store.save(KEY, "x = 3.0", LINK);
  const editor = new FakeEditor(LINK);
  const { restored, say, action } = keeper(editor, store);
  assert.equal(restored, true); // main.js runs it
  assert.equal(editor.source, "x = 3.0");
  assert.match(say.textContent, /draft/);
  assert.equal(action.textContent, "Use the link's program");
  assert.equal(action.hidden, false);
  action.click();
  assert.equal(editor.source, LINK);
  assert.equal(action.textContent, "Back to my draft");
  assert.equal(store.load(KEY).text, "x = 3.0"); // switching is no edit: the draft stays
  action.click();
  assert.equal(editor.source, "x = 3.0");
  assert.equal(action.textContent, "Use the link's program");
});

test("edits to a restored draft are kept, and the link's button keeps them too", () => {
  const store = new DraftStore(storage());
  store.save(KEY, "x = 3.0", LINK);
  const editor = new FakeEditor(LINK);
  const { action } = keeper(editor, store);
  editor.source = "x = 3.5"; // typed, not yet reported by the editor's debounce
  action.click(); // "Use the link's program"
  assert.equal(store.load(KEY).text, "x = 3.5");
  action.click(); // "Back to my draft"
  assert.equal(editor.source, "x = 3.5");
});

test("a draft equal to the link's program is no draft: no notice, nothing replaced", () => {
  const store = new DraftStore(storage());
  const editor = new FakeEditor(LINK);
  keeper(editor, store);
  editor.type("x = 9.0");
  assert.equal(store.load(KEY).text, "x = 9.0");
  editor.type(LINK); // typed back to the link's program: the draft is removed
  assert.equal(store.load(KEY), null);
  const again = keeper(new FakeEditor(LINK), store);
  assert.equal(again.restored, false);
  assert.equal(again.say.textContent, "");
  assert.equal(again.action.hidden, true);
});

test("the link is the one the draft started from, not a URL the page rewrote since", () => {
  const store = new DraftStore(storage());
  store.save(KEY, "x = 3.01", LINK);
  const editor = new FakeEditor("x = 3.0"); // a reload of ?src= written 300 ms before
  const { action } = keeper(editor, store);
  assert.equal(editor.source, "x = 3.01");
  action.click();
  assert.equal(editor.source, LINK);
});

test("typing before the page's script keeps that text; the older draft is on offer", () => {
  const store = new DraftStore(storage());
  store.save(KEY, "x = 3.0", LINK);
  const editor = new FakeEditor(LINK + "\nz = 1.0", { changedEarly: true });
  const { restored, action } = keeper(editor, store);
  assert.equal(restored, false);
  assert.equal(editor.source, LINK + "\nz = 1.0");
  editor.now(); // main.js runs the early text
  assert.equal(store.load(KEY).text, LINK + "\nz = 1.0");
  assert.equal(action.textContent, "Back to my draft"); // still on offer after that run
  action.click();
  assert.equal(editor.source, "x = 3.0");
});

test("a preset is undone from the notice, and an example is never stored as a draft", () => {
  const store = new DraftStore(storage());
  const editor = new FakeEditor(LINK);
  const { say, action } = keeper(editor, store);
  editor.source = "y = 7.0 * 6.0"; // typed, not yet reported
  const previous = editor.source;
  editor.source = "a = 1.0\nb = a + a"; // what Editor.choosePreset does, then "preset", then now()
  editor.dispatchEvent(new CustomEvent("preset", { detail: { name: "Twice", previous } }));
  editor.now();
  assert.equal(store.load(KEY).text, "y = 7.0 * 6.0");
  assert.match(say.textContent, /Loaded the example “Twice”/);
  assert.equal(action.textContent, "Undo");
  action.click();
  assert.equal(editor.source, "y = 7.0 * 6.0");
  assert.equal(editor.focused, true);
  assert.equal(action.hidden, true);
  editor.type("y = 7.0 * 6.5"); // the words end with the next edit
  assert.equal(say.textContent, "");
});

test("the last keystrokes are stored when the page is hidden or left", () => {
  const store = new DraftStore(storage());
  const editor = new FakeEditor(LINK);
  keeper(editor, store);
  editor.source = "x = 4.0"; // no "edit" yet: the editor's debounce is still waiting
  listeners.pagehide.forEach((listener) => listener());
  assert.equal(store.load(KEY).text, "x = 4.0");
  editor.source = "x = 4.5";
  document.visibilityState = "hidden";
  listeners.visibilitychange.forEach((listener) => listener());
  assert.equal(store.load(KEY).text, "x = 4.5");
});

test("the note: too long for a link, or not kept by this browser", () => {
  const editor = new FakeEditor(LINK);
  const long = keeper(editor, new DraftStore(storage()), { fits: (text) => text.length < 20 });
  editor.type("x = " + "1 + ".repeat(10) + "1");
  assert.match(long.keepNote.textContent, /too long for a link.*keeps it as your draft/);
  editor.type("x = 1.0");
  assert.equal(long.keepNote.textContent, "");

  const blocked = new FakeEditor(LINK);
  const noStorage = keeper(blocked, new DraftStore(null));
  assert.equal(noStorage.keepNote.textContent, ""); // nothing typed: nothing to say
  blocked.type("x = 5.0");
  assert.match(noStorage.keepNote.textContent, /could not be kept/);
});
