// The columns of a folded graph (folding.js FoldView): each drawn value and box ranked as
// engine.record.layout_choice.ranks ranks the unfolded graph. Pure.

/** Each of `view`'s drawn values and boxes with its rank, in an order where each comes after
 * what feeds it: the longest path from the inputs (an op node one rank before its value), a
 * leaf or a box fed by nothing one rank before its first use. Throws on a cycle. */
export function rankItems(view, edges) {
  const items = [];
  const seen = new Set();
  for (const node of view.record.nodes) {
    const id = view.shownId(node.id);
    if (seen.has(id)) continue;
    seen.add(id);
    items.push({ id, kind: id === node.id ? "value" : "box" });
  }
  const opOf = new Map();
  for (const item of items) {
    const op = view.nodes.get(item.id)?.op_id;
    if (op) opOf.set(op, item.id);
  }
  const owner = (id) => opOf.get(id) ?? id; // an op node is ranked with its value
  const into = new Map(items.map((i) => [i.id, []]));
  const outOf = new Map(items.map((i) => [i.id, []]));
  for (const e of edges) {
    if (owner(e.from) === owner(e.to)) continue; // op node → its value
    into.get(owner(e.to)).push(e);
    outOf.get(owner(e.from)).push(e);
  }
  // Kahn's order over the items, stable in the record's order.
  const byId = new Map(items.map((i) => [i.id, i]));
  const waiting = new Map(items.map((i) => [i.id, new Set(into.get(i.id).map((e) => owner(e.from)))]));
  const ready = items.filter((i) => waiting.get(i.id).size === 0);
  const order = [];
  for (let next = 0; next < ready.length; next++) {
    const item = ready[next];
    order.push(item);
    for (const e of outOf.get(item.id)) {
      const left = waiting.get(owner(e.to));
      if (left.delete(item.id) && left.size === 0) ready.push(byId.get(owner(e.to)));
    }
  }
  if (order.length !== items.length) throw new Error("the folded graph has a cycle");
  // Where an edge arrives: its item's rank, or its op node's, one before it.
  const rank = new Map();
  const arrives = (e) => rank.get(owner(e.to)) - (opOf.has(e.to) ? 1 : 0);
  for (const item of order) {
    const ins = into.get(item.id);
    let latest = -1;
    for (const e of ins) latest = Math.max(latest, rank.get(owner(e.from)));
    const op = view.nodes.get(item.id)?.op_id && item.kind === "value" ? 1 : 0;
    rank.set(item.id, ins.length ? latest + 1 + op : 0);
  }
  for (const item of [...order].reverse()) {
    if (into.get(item.id).length || !outOf.get(item.id).length) continue;
    let first = Infinity;
    for (const e of outOf.get(item.id)) first = Math.min(first, arrives(e));
    rank.set(item.id, first - 1);
  }
  return order.map((item) => ({ ...item, rank: rank.get(item.id) }));
}
