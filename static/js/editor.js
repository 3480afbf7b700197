// The program's controls: the Expression box (debounced), the inputs list, presets and mode.
// It only reports edits ("edit" events) and shows errors; running programs is main.js's job.

// Short for short programs, so a small graph follows the keyboard; longer for long ones,
// whose layout takes a while and would otherwise restart on every keystroke.
const DEBOUNCE_MS = 50;
const LONG_PROGRAM_CHARS = 2000;
const LONG_DEBOUNCE_MS = 300;

export class Editor extends EventTarget {
  /** Event "edit": the program, its inputs or the mode changed. Any element may be missing. */
  constructor({ textarea, error, inputs, preset, mode, presets }) {
    super();
    this.textarea = textarea;
    this.errorBox = error;
    this.inputList = inputs;
    this.presetSelect = preset;
    this.modeSelect = mode;
    this.presets = presets ?? [];
    this.inputValues = new Map(); // input name → the number the learner typed
    this.inputNames = "";
    this.timer = null;
    this.marks = textarea ? addMarks(textarea) : null;
    textarea?.addEventListener("input", () => {
      if (this.presetSelect) this.presetSelect.value = "";
      this.clearMarks();
      this.later();
    });
    textarea?.addEventListener("scroll", () => this.syncScroll());
    preset?.addEventListener("change", () => this.choosePreset());
    mode?.addEventListener("change", () => this.now());
    this.fillPresets();
  }

  get source() {
    return this.textarea?.value ?? this.fallbackSource ?? "";
  }

  set source(text) {
    this.fallbackSource = text;
    if (this.textarea) this.textarea.value = text;
  }

  get mode() {
    return this.modeSelect?.value || this.fallbackMode || "correct";
  }

  set mode(value) {
    this.fallbackMode = value;
    if (this.modeSelect) this.modeSelect.value = value;
  }

  /** The inputs' values as the learner set them: name → number. */
  get inputs() {
    return Object.fromEntries(this.inputValues);
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

  choosePreset() {
    const preset = this.presets[Number(this.presetSelect.value)];
    if (!this.presetSelect.value || !preset) return;
    this.source = preset.source;
    this.clearError();
    this.now();
  }

  /** One labelled number field per input of the program (names used but never assigned). */
  showInputs(inputs) {
    const list = this.inputList;
    if (!list) return;
    const names = Object.keys(inputs);
    list.hidden = names.length === 0;
    if (names.join("\n") === this.inputNames) {
      for (const field of list.querySelectorAll("input")) {
        const shown = inputs[field.dataset.name];
        if (document.activeElement !== field) field.value = String(shown);
      }
      return;
    }
    this.inputNames = names.join("\n");
    list.replaceChildren(...names.map((name, i) => this.inputItem(name, inputs[name], i)));
  }

  inputItem(name, value, i) {
    const item = document.createElement("li");
    const label = document.createElement("label");
    const field = document.createElement("input");
    field.id = `input-${i}`;
    field.type = "number";
    field.step = "any";
    field.inputMode = "decimal";
    field.dataset.name = name;
    field.value = String(value);
    label.htmlFor = field.id;
    label.textContent = name;
    field.addEventListener("input", () => {
      const number = field.valueAsNumber;
      if (Number.isFinite(number)) this.inputValues.set(name, number);
      else this.inputValues.delete(name);
      this.later();
    });
    item.append(label, field);
    return item;
  }

  /** Show run_json's error; the graph on screen stays as it was. */
  showError({ message, line, col, end_col: endCol }) {
    this.textarea?.setAttribute("aria-invalid", "true");
    if (this.errorBox) {
      if (line) {
        const where = document.createElement("button");
        where.type = "button";
        where.className = "error-where";
        where.textContent = `Line ${line}, column ${col}`;
        where.title = "Select the error in the Expression box";
        where.addEventListener("click", () => this.select(line, col, endCol));
        this.errorBox.replaceChildren(where, `: ${message}`);
      } else {
        this.errorBox.textContent = message;
      }
      this.errorBox.hidden = false;
    }
    if (line) this.markSpan(line, col, endCol);
  }

  clearError() {
    this.textarea?.removeAttribute("aria-invalid");
    if (this.errorBox) {
      this.errorBox.replaceChildren();
      this.errorBox.hidden = true;
    }
    this.clearMarks();
  }

  /** Offsets into the source of the error's span (1-based line and columns, end exclusive). */
  span(line, col, endCol) {
    const lines = this.source.split("\n");
    const index = Math.min(Math.max(line, 1), lines.length) - 1;
    const start = lines.slice(0, index).reduce((sum, text) => sum + text.length + 1, 0);
    const length = lines[index].length;
    const from = Math.min(Math.max(col, 1) - 1, length);
    const to = Math.min(Math.max(endCol ?? col + 1, col + 1) - 1, length);
    return [start + from, start + Math.max(to, from)];
  }

  select(line, col, endCol) {
    const [from, to] = this.span(line, col, endCol);
    this.textarea?.focus();
    this.textarea?.setSelectionRange(from, to);
  }

  markSpan(line, col, endCol) {
    if (!this.marks) return;
    const text = this.source;
    const [from, to] = this.span(line, col, endCol);
    const mark = document.createElement("mark");
    // An empty span (error at the end of a line) still gets something to underline.
    mark.textContent = text.slice(from, to) || " ";
    this.marks.replaceChildren(text.slice(0, from), mark, text.slice(to) + "\n");
    this.syncScroll();
  }

  clearMarks() {
    this.marks?.replaceChildren();
  }

  syncScroll() {
    if (!this.marks) return;
    this.marks.scrollTop = this.textarea.scrollTop;
    this.marks.scrollLeft = this.textarea.scrollLeft;
  }

  /** Python is not available: the program can't change, stepping still works. */
  disable() {
    if (this.textarea) this.textarea.readOnly = true;
    for (const field of [this.presetSelect, this.modeSelect]) if (field) field.disabled = true;
    for (const field of this.inputList?.querySelectorAll("input") ?? []) field.disabled = true;
  }
}

/** A layer behind the textarea, with the same text, where the error's span is underlined. */
function addMarks(textarea) {
  const field = document.createElement("div");
  field.className = "editor-field";
  const marks = document.createElement("div");
  marks.className = "editor-marks";
  marks.setAttribute("aria-hidden", "true");
  textarea.before(field);
  field.append(marks, textarea);
  return marks;
}
