// Which layout draws a graph: the engine decides it once from the graph's shape
// (engine/record/layout_choice.py) and every record says it (`layout`, `layout_note`). The page only
// follows it, and falls back to the layered layout when Graphviz fails anyway. The words for that
// and for stubs are the engine's too, sent in the page's data (`layout_notes`).

/** {layout: "graphviz" | "layered", note}: the record's choice, the note in words. */
export function choiceOf(trace) {
  return { layout: trace.layout, note: trace.layout_note };
}

/** The layered layout after Graphviz failed on a graph it was chosen for; `notes`: the
 * page data's `layout_notes`. */
export function graphvizFailed(error, notes) {
  const note = notes.graphviz_failed.replace("{error}", () => `${error?.message ?? error}`);
  return { layout: "layered", note };
}

/** The note once drawn: stubs (an input's name beside each of its uses) are explained. */
export function withStubs(note, stubs, notes) {
  return stubs ? `${note} ${notes.stubs}` : note;
}
