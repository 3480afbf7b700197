// Which layout draws a graph: the engine decides it once from the graph's shape
// (engine/record/layout_choice.py) and every record says it (`layout`, `layout_note`). The page only
// follows it, and falls back to the layered layout when Graphviz fails anyway.

/** {layout: "graphviz" | "layered", note}: the record's choice, the note in words. */
export function choiceOf(trace) {
  return { layout: trace.layout, note: trace.layout_note };
}

/** The layered layout after Graphviz failed on a graph it was chosen for. */
export function graphvizFailed(error) {
  const why = `Graphviz failed (${error?.message ?? error})`;
  return { layout: "layered", note: `Drawn with the quick layered layout: ${why}.` };
}

/** The note once drawn: stubs (an input's name beside each of its uses) are explained. */
export function withStubs(note, stubs) {
  return stubs ? `${note} An input used many times is named beside each use.` : note;
}
