// The learner's text is never lost: the Expression box's program is kept as a draft while they
// type (drafts.js), written when the editor reports an edit (its own debounce) and at once when
// the page is hidden or left, and restored on the next visit of the same page and link. Beside
// the box, a notice offers the way back — the link's program after a restored draft, the draft
// after that, the learner's text after a preset — and a note says when a link cannot carry the
// program or this browser could not keep it.
//
// Only text the page put in the box or the learner typed is stored, never what a program
// printed or returned; a draft goes back into the box as plain text (Editor.source).
import { browserStorage } from "../shared/browser-storage.js";
import { DraftStore, draftKey, keepNote } from "./drafts.js";

/**
 * editor: the Editor; urlState: the UrlState (whether a link fits, the server's URL limit);
 * link: the program the page was opened with (the initial data's source).
 * Returns whether a restored draft replaced the link's program (the caller runs it).
 */
export function keepDrafts({ editor, urlState, link }) {
  const { maxUrlBytes } = urlState;
  const $ = (id) => document.getElementById(id);
  if (!editor.textarea) return false; // no Expression box (an embed's editor=0): nothing typed
  const keeper = new DraftKeeper({
    editor,
    store: new DraftStore(browserStorage()),
    key: visitKey(link),
    link,
    note: (text) => keepNote({ fitsLink: urlState.fits(text), saved: keeper.saved, maxUrlBytes }),
    elements: { say: $("draft-say"), action: $("draft-action"), keepNote: $("keep-note") },
  });
  return keeper.restore();
}

/**
 * This visit's draft key: the link's as the page was first opened, kept in the history entry's
 * state, so that a reload (of a URL the page has rewritten since) finds the same draft.
 */
function visitKey(link) {
  const state = window.history.state;
  if (typeof state?.draft === "string") return state.draft;
  const exercise = new URLSearchParams(window.location.search).get("exercise");
  const key = draftKey(window.location.pathname, { source: link, exercise });
  try {
    window.history.replaceState({ ...state, draft: key }, "");
  } catch {
    // A history that refuses (a sandboxed frame): the key is made again from the link.
  }
  return key;
}

/** The draft of one Expression box (exported for tests/js/editor/draft-keeper.test.mjs). */
export class DraftKeeper {
  constructor({ editor, store, key, link, note, elements }) {
    this.editor = editor;
    this.store = store;
    this.key = key;
    this.link = link;
    this.note = note;
    this.elements = elements;
    this.saved = "kept"; // what the store said last (nothing tried yet: nothing to say)
    this.kept = null; // the box's text as last stored or put there by the page: no new typing
    this.act = null; // what the notice's button does
    this.endsOnEdit = false; // the notice's offer ends when the learner types
    editor.addEventListener("edit", () => this.edited());
    editor.addEventListener("preset", (event) => this.presetLoaded(event.detail));
    elements.action?.addEventListener("click", () => this.act?.());
    // A reload or a closed tab within the editor's debounce keeps the last keystrokes.
    window.addEventListener("pagehide", () => this.save());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.save();
    });
  }

  /** Put the stored draft in the box, unless the learner typed before the page could. */
  restore() {
    const record = this.store.load(this.key);
    if (record) this.link = record.link; // the program the draft started from
    const draft = record && record.text !== this.link ? record.text : null;
    const typedFirst = this.editor.changedEarly;
    this.kept = typedFirst ? null : this.editor.source; // early typing is saved on its run
    if (draft !== null && typedFirst) {
      // Their new typing becomes the draft; the older one stays on offer until they take it.
      this.offerDraft(draft, "You have a draft from an earlier visit.", { endsOnEdit: false });
    } else if (draft !== null) {
      this.put(draft);
      this.offerLink("Your draft from your last visit is back.");
    }
    this.showNote();
    return draft !== null && !typedFirst;
  }

  /** The editor reported an edit (or a mode or input change): keep the text if it is new. */
  edited() {
    if (this.editor.source !== this.kept && this.endsOnEdit) this.say("");
    this.save();
    this.showNote();
  }

  save(text = this.editor.source) {
    if (text === this.kept) return;
    this.kept = text;
    this.saved = this.store.save(this.key, text, this.link);
  }

  /** The page's own change of the box: not typing, so nothing new to store. */
  put(text) {
    this.kept = text;
    this.editor.source = text;
  }

  offerLink(text) {
    this.say(text, "Use the link's program", () => {
      this.save(); // the last keystrokes, if the editor has not reported them yet
      const draft = this.editor.source;
      this.put(this.link);
      this.editor.now();
      this.offerDraft(draft, "Showing the link's program.");
    });
  }

  offerDraft(draft, text, { endsOnEdit = true } = {}) {
    this.say(
      text,
      "Back to my draft",
      () => {
        this.editor.source = draft;
        this.save(draft); // chosen again: it is the draft now
        this.editor.now();
        this.offerLink("Your draft is back.");
      },
      { endsOnEdit },
    );
  }

  presetLoaded({ name, previous }) {
    this.save(previous); // the learner's text, in case they had not paused since typing
    this.kept = this.editor.source; // an example is not the learner's text: no draft of it
    this.say(
      `Loaded the example “${name}”.`,
      "Undo",
      () => {
        this.put(previous);
        this.editor.now();
        this.say("Your program is back.");
        this.editor.focus();
      },
      { endsOnEdit: true },
    );
  }

  /** The notice's words and its one button (none without a label). */
  say(text, label = "", act = null, { endsOnEdit = false } = {}) {
    const { say, action } = this.elements;
    if (say) say.textContent = text;
    this.act = act;
    this.endsOnEdit = endsOnEdit || !label; // words alone end with the next edit
    if (!action) return;
    action.textContent = label;
    action.hidden = !label;
  }

  showNote() {
    const box = this.elements.keepNote;
    if (!box) return;
    const text = this.note(this.editor.source);
    if (box.textContent !== text) box.textContent = text; // empty: no room taken (CSS)
  }
}
