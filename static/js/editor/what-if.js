// What if? A number field and a slider per named leaf of the program on screen, the values the
// learner set there, and how they differ from the code.
//
// Values belong to the exact program text they were set on. Any change to the text (a keystroke,
// a paste, a preset, a restored draft) drops them: the new program runs with its own numbers.
// A permalink's `values` hold for its own `src` only. Setting a field back to the code's number
// drops that value too, so "differs from the code" always means a number the code doesn't say.
// The engine sends the fields (a run's `what_if`: each name, its number in the code, and why it
// can't be set, if it can't); this module only shows them and keeps what the learner set.

export class WhatIf extends EventTarget {
  /**
   * list: the <ul> of fields; note: where the differences are said; reset: the "Use the code's
   * values" button; source(): the program text now. Event "change": a value was set or
   * dropped, and the program should run again.
   */
  constructor({ list, note, reset, source }) {
    super();
    Object.assign(this, { list, note, reset, source });
    this.values = new Map(); // name → the number the learner set
    this.owner = null; // the program text the values were set on
    this.fields = new Map(); // name → {code, why}: the last run's fields
    this.names = "";
    reset?.addEventListener("click", () => this.useCode());
  }

  /** The values set for `source` ({} for any other text). */
  valuesFor(source) {
    if (source !== this.owner) return {};
    return Object.fromEntries(this.values);
  }

  /** Values set on `source` (a permalink's `values` on its own `src`). */
  set(values, source) {
    this.values.clear();
    for (const [name, x] of Object.entries(values ?? {})) {
      if (Number.isFinite(x)) this.values.set(name, x);
    }
    this.owner = source;
  }

  /** The program's text changed: its values are gone (the fields follow its next run). */
  drop() {
    this.values.clear();
    this.owner = null;
    this.say();
  }

  /** Drop every value and run the program with the code's own numbers. */
  useCode() {
    this.values.clear();
    for (const field of this.list?.querySelectorAll("input") ?? []) {
      const code = this.fields.get(field.dataset.name)?.code;
      if (code != null) field.value = String(code);
    }
    this.say();
    this.dispatchEvent(new Event("change"));
    // The button hides: the keyboard goes on from the first field, not from the page's top.
    this.list?.querySelector("input:not(:disabled)")?.focus();
  }

  /**
   * A run's fields: `leaves` (name → data on the graph) and `fields` (the engine's `what_if`:
   * [{name, code, why}]), or, for a graph whose run sent none, the leaves with the last
   * run's reasons.
   */
  show(leaves, fields = null) {
    const list = this.list;
    if (this.source() !== this.owner) this.drop();
    const known = fields
      ? fields
      : Object.entries(leaves).map(([name, data]) => ({
          name,
          code: this.fields.get(name)?.code ?? data,
          why: this.fields.get(name)?.why ?? "",
        }));
    this.fields = new Map(known.map((f) => [f.name, { code: f.code, why: f.why }]));
    this.say();
    if (!list) return;
    const names = known.map((f) => `${f.name}:${f.why}`).join("\n");
    list.hidden = known.length === 0;
    const shown = (f) => this.values.get(f.name) ?? f.code ?? leaves[f.name] ?? "";
    if (names === this.names) {
      for (const field of list.querySelectorAll("input[type=number]")) {
        const f = this.fields.get(field.dataset.name);
        if (document.activeElement !== field && f) {
          field.value = String(shown({ name: field.dataset.name, ...f }));
        }
      }
      return;
    }
    this.names = names;
    list.replaceChildren(...known.map((f, i) => this.item(f, shown(f), i)));
  }

  item({ name, why }, value, i) {
    const item = document.createElement("li");
    const label = document.createElement("label");
    const field = document.createElement("input");
    field.id = `input-${i}`;
    label.id = `input-${i}-label`;
    field.type = "number";
    field.step = "any";
    field.inputMode = "decimal";
    field.dataset.name = name;
    field.value = String(value);
    label.htmlFor = field.id;
    label.textContent = name;
    // The slider spans the value ± 2 × max(1, |value|), in 200 keyboard steps.
    const x = Number(value);
    const span = 2 * Math.max(1, Math.abs(Number.isFinite(x) ? x : 0));
    const slider = document.createElement("input");
    slider.type = "range";
    slider.dataset.name = name;
    slider.setAttribute("aria-labelledby", label.id);
    if (Number.isFinite(x)) {
      slider.min = String(x - span);
      slider.max = String(x + span);
      slider.step = String(span / 100);
      slider.value = String(x);
    }
    item.append(label, field, slider);
    if (why) {
      // A value the code doesn't write as a number: the field says why, and can't be set.
      const note = document.createElement("span");
      note.id = `input-${i}-why`;
      note.className = "what-if-why";
      note.textContent = why;
      field.disabled = slider.disabled = true;
      field.setAttribute("aria-describedby", note.id);
      slider.setAttribute("aria-describedby", note.id);
      item.append(note);
      return item;
    }
    const set = (number, other) => {
      const code = Number(this.fields.get(name)?.code);
      this.owner = this.source();
      if (Number.isFinite(number) && number !== code) this.values.set(name, number);
      else this.values.delete(name);
      if (Number.isFinite(number)) other.value = String(number);
      this.say();
      this.dispatchEvent(new Event("change"));
    };
    field.addEventListener("input", () => set(field.valueAsNumber, slider));
    slider.addEventListener("input", () => set(slider.valueAsNumber, field));
    return item;
  }

  /** "2 values differ from the code: w1 = 7 (code: 0.5), …", and the button, or nothing. */
  say() {
    const differ = [...this.values].filter(([name]) => this.fields.has(name));
    const text = differ
      .map(([name, x]) => `${name} = ${x} (code: ${this.fields.get(name).code})`)
      .join(", ");
    const n = differ.length;
    if (this.note) {
      this.note.textContent = n
        ? `${n} value${n === 1 ? "" : "s"} differ${n === 1 ? "s" : ""} from the code: ${text}`
        : "";
      this.note.hidden = n === 0;
    }
    if (this.reset) this.reset.hidden = n === 0;
  }

  /** Python is not available: the values can't change. */
  disable() {
    for (const field of this.list?.querySelectorAll("input") ?? []) field.disabled = true;
    if (this.reset) this.reset.disabled = true;
  }
}
