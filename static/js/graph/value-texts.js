// The numbers on the graph on screen: each value's data and grad <text>, found once a layout
// and rewritten in place as steps change grads, the forward pass changes data, or a descent
// round brings the same graph with new numbers. New numbers never need a new layout.

/** node id → {group, dataText, gradText} for the record's values drawn in `groups` (SVG id →
 * <g>): a value's texts are label, data, grad, the last two ours; a constant is drawn as its
 * number alone, and has neither. */
export function indexValues(trace, groups) {
  const values = new Map();
  for (const node of trace.nodes) {
    const group = groups.get(node.id);
    if (!group) continue;
    const texts = node.constant ? [] : group.querySelectorAll("text");
    values.set(node.id, {
      group,
      dataText: texts[texts.length - 2],
      gradText: texts[texts.length - 1],
    });
  }
  return values;
}

/** Whether `trace` is the graph these `values` and `groups` index: the same values and edges. */
export function sameGraph(trace, values, groups) {
  return (
    trace.nodes.length === values.size &&
    trace.nodes.every((n) => values.has(n.id)) &&
    trace.edges.every((e) => groups.has(e.id))
  );
}

/** Write "data …" or "grad …" (`field`) on each value of `ids` that has that text, from
 * `textOf(id)`. */
export function writeNumbers(values, ids, field, textOf) {
  const key = field === "data" ? "dataText" : "gradText";
  for (const id of ids) {
    const element = values.get(id)?.[key];
    if (element) setText(element, `${field} ${textOf(id)}`);
  }
}

/** Rewrite a <text>'s characters in place: replacing its Text node (textContent) made
 * Chromium rebuild that text's layout objects, 1-5 ms each on the MLP graph; changing the
 * node's data costs microseconds. An unchanged text is not written at all. */
export function setText(element, text) {
  const node = element.firstChild;
  if (node?.nodeType === Node.TEXT_NODE && !node.nextSibling) {
    if (node.data !== text) node.data = text;
  } else element.textContent = text;
}
