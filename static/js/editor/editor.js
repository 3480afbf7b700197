// The program's controls: the Expression box (debounced), presets and mode, and the What-if
// fields (what-if.js: their values belong to the text they were set on, so an edit drops them).
// It only reports edits ("edit" events) and shows errors (error-marks.js) and the lines a step
// ran (ran-lines.js); running programs is main.js's job.
import { upgradeToCodeMirror } from "./code-view.js";
import { clearMarks, markError, selectSpan, unmarkError } from "./error-marks.js";
import { markRan } from "./ran-lines.js";
import { addMarks, syncScroll } from "./textarea-marks.js";
import { WhatIf } from "./what-if.js";

// Short for short programs, so a small graph follows the keyboard; longer for long ones,
// whose layout takes a while and would otherwise restart on every keystroke.
const DEBOUNCE_MS = 50;
const LONG_PROGRAM_CHARS = 2000;
const LONG_DEBOUNCE_MS = 300;

export class Editor extends EventTarget {
  /**
   * Event "edit": the program, a What-if value or the mode changed; "preset": an example
   * replaced the program ({name, previous}). Any element may be missing.
   */
  constructor({
    textarea,
    error,
    inputs,
    whatIfNote,
    whatIfReset,
    preset,
    presetLoad,
    mode,
    presets,
    defaultMode,
  }) {
    super();
    this.textarea = textarea;
    this.errorBox = error;
    this.presetSelect = preset;
    this.presetLoad = presetLoad;
    this.modeSelect = mode;
    this.fallbackMode = defaultMode; // the server's, while no mode was chosen
    this.presets = presets ?? [];
    this.whatIf = new WhatIf({
      list: inputs,
      note: whatIfNote,
      reset: whatIfReset,
      source: () => this.source,
    });
    this.whatIf.addEventListener("change", () => this.later());
    this.timer = null;
    this.marks = textarea ? addMarks(textarea) : null;
    textarea?.addEventListener("input", (event) =>
      this.edited(event.inputType === "insertFromPaste"),
    );
    textarea?.addEventListener("scroll", () => syncScroll(this.marks, textarea));
    // Only an explicit "Load" replaces the program: ArrowDown on a closed <select> changes its
    // value (and fires "change") without the learner meaning to leave their program.
    presetLoad?.addEventListener("click", () => this.choosePreset());
    mode?.addEventListener("change", () => this.now());
    this.modeNote = document.getElementById("mode-note");
    this.fillPresets();
  }

  /** Whether the learner changed the textarea before this script was there to hear it (the
   * page's modules run once it is parsed; on a repeat visit, once Python's worker has started). */
  get changedEarly() {
    return Boolean(this.textarea && this.textarea.value !== this.textarea.defaultValue);
  }

  get source() {
    if (this.view) return this.view.state.doc.toString();
    return this.textarea?.value ?? this.fallbackSource ?? "";
  }

  /** Replace the program; in CodeMirror one undoable change (a preset is one Ctrl+Z away). */
  set source(text) {
    this.fallbackSource = text;
    if (this.textarea) this.textarea.value = text;
    if (this.view && text !== this.source) {
      this.settingSource = true; // the page's change, not the learner's: no "edit" from it
      try {
        this.view.dispatch({
          changes: { from: 0, to: this.view.state.doc.length, insert: text },
          annotations: this.cm.isolateHistory.of("full"), // its own undo step
        });
      } finally {
        this.settingSource = false;
      }
    }
  }

  /**
   * Swap the textarea for CodeMirror 6 (static/vendor/editor/…, loaded after the first graph):
   * Python highlighting, line numbers, bracket matching, Tab to indent, error marks. Text typed
   * before it loaded carries over. Without the page's style nonce (a static copy, where CSP
   * comes from a <meta>) the textarea stays: CodeMirror's styles could not load.
   */
  upgrade(moduleUrl) {
    return upgradeToCodeMirror(this, moduleUrl);
  }

  /** The learner changed the text: clear the old marks and run it soon (a paste: now). */
  edited(pasted = false) {
    if (this.presetSelect) this.presetSelect.value = "";
    this.whatIf.drop(); // a changed program starts from its own numbers
    clearMarks(this);
    this.showRan(null);
    if (pasted) this.now();
    else this.later();
  }

  get mode() {
    return this.modeSelect?.value || this.fallbackMode;
  }

  set mode(value) {
    this.fallbackMode = value;
    if (this.modeSelect) this.modeSelect.value = value;
  }

  /** The What-if values the learner set on the program now in the box: name → number. */
  get inputs() {
    return this.whatIf.valuesFor(this.source);
  }

  later() {
    clearTimeout(this.timer);
    const long = this.source.length > LONG_PROGRAM_CHARS;
    this.timer = setTimeout(() => this.now(), long ? LONG_DEBOUNCE_MS : DEBOUNCE_MS);
  }

  now() {
    clearTimeout(this.timer);
    this.dispatchEvent(new Event("edit"));
  }

  fillPresets() {
    const select = this.presetSelect;
    if (!select || select.options.length > 1) return; // the server rendered them
    this.presets.forEach((preset, i) => select.add(new Option(preset.name, String(i))));
  }

  /** Load the chosen example as one undoable change: Ctrl+Z brings the learner's text back. */
  choosePreset() {
    const preset = this.presets[Number(this.presetSelect?.value)];
    if (!this.presetSelect?.value || !preset) {
      this.presetSelect?.focus(); // nothing chosen yet: the menu is where to choose
      return;
    }
    const previous = this.source;
    this.source = preset.source;
    this.whatIf.drop();
    this.clearError();
    // Before the run: the page offers the learner's text back (draft-keeper.js), not only Ctrl+Z.
    this.dispatchEvent(new CustomEvent("preset", { detail: { name: preset.name, previous } }));
    this.now();
  }

  /** Put the keyboard in the Expression box. */
  focus() {
    if (this.view) this.view.focus();
    else this.textarea?.focus();
  }

  /** Values the learner set on `source` (a permalink's `values` on its own `src`). */
  setValues(values, source = this.source) {
    this.whatIf.set(values, source);
  }

  /** The What-if fields of a run: `leaves` (name → data) and the engine's `what_if`. */
  showInputs(leaves, fields = null) {
    this.whatIf.show(leaves, fields);
  }

  /** Show run_json's error; the graph on screen stays as it was. */
  showError(error) {
    markError(this, error);
  }

  clearError() {
    unmarkError(this);
  }

  /** Select an error's span (1-based line and columns) in the box. */
  select(line, col, endCol) {
    selectSpan(this, line, col, endCol);
  }

  /**
   * Mark the program's lines that the step on screen ran (a step's `ran`: 1-based `line` to
   * `end_line`), as a line background; null clears. Never moves the cursor or the focus.
   */
  showRan(ran) {
    markRan(this, ran);
  }

  /**
   * What Mode means for the program that ran: an expression is drawn by the engine's own pass
   * in that mode; a Python program's grads come from its own closures, so Mode is off, and
   * says why (visibly, and as the control's description).
   */
  showLanguage(language) {
    const select = this.modeSelect;
    if (!select) return;
    const python = language === "python";
    select.disabled = python || Boolean(this.disabled);
    if (this.modeNote) {
      this.modeNote.textContent = python
        ? "Off for Python: your own _backward() closures decide += or =, so this does nothing here."
        : "";
      this.modeNote.hidden = !python;
    }
    if (python) select.setAttribute("aria-describedby", "mode-note");
    else select.removeAttribute("aria-describedby");
  }

  /** Python is not available: the program can't change, stepping still works. */
  disable() {
    this.disabled = true;
    if (this.textarea) this.textarea.readOnly = true;
    this.view?.dispatch({
      effects: this.readOnly.reconfigure(this.cm.EditorState.readOnly.of(true)),
    });
    for (const field of [this.presetSelect, this.presetLoad, this.modeSelect]) {
      if (field) field.disabled = true;
    }
    this.whatIf.disable();
  }
}
