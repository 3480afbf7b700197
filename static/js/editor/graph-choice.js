// The "Graph of" control: a Python program may leave several graphs (its roots, and a
// snapshot per draw_dot() call); the learner picks which one the timeline steps through.

const KIND_WORDS = {
  root: "",
  standard: " (the standard pass)",
  snapshot: " (snapshot)",
  "too big": " (too big to draw)",
};

export class GraphChoice extends EventTarget {
  /** Event "choose" {index}. elements: {group, select, note}. */
  constructor({ group, select, note }) {
    super();
    this.group = group;
    this.select = select;
    this.note = note;
    this.graphs = [];
    select?.addEventListener("change", () => {
      const index = Number(select.value);
      this.showNote(index);
      this.dispatchEvent(new CustomEvent("choose", { detail: { index } }));
    });
  }

  /** Offer the graphs of a run (none for an expression-language program). */
  show(result) {
    this.graphs = result.graphs ?? [];
    if (!this.select) return;
    this.group.hidden = this.graphs.length < 2 && !this.graphs[0]?.note;
    this.select.replaceChildren(
      ...this.graphs.map((g, i) => {
        const option = new Option(`${g.title}${KIND_WORDS[g.kind] ?? ""}`, String(i));
        option.disabled = !g.record;
        return option;
      }),
    );
    if (result.chosen !== null && result.chosen !== undefined) {
      this.select.value = String(result.chosen);
      this.showNote(result.chosen);
    }
  }

  /** Show graph `index` as the one chosen (a link's choice); no "choose" event. */
  choose(index) {
    if (this.select) this.select.value = String(index);
    this.showNote(index);
  }

  /** The index chosen, when there is a choice to make (several graphs), else null. */
  chosen() {
    if (!this.select || this.group.hidden || this.graphs.length < 2) return null;
    return Number(this.select.value);
  }

  showNote(index) {
    if (this.note) this.note.textContent = this.graphs[index]?.note ?? "";
  }

  /** The record and DOT of graph `index`, in the shape main.js shows. */
  graph(index) {
    const g = this.graphs[index];
    return g?.record ? { trace: g.record, inputs: {} } : null;
  }
}
