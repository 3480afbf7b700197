// The Node table's rows for a graph with modules (graph/fold-screen.js): the values in the
// record's order, each under the innermost group that made it, and a row per group where its
// first value is; a folded group is one row that hides what it holds, an open group's row is
// followed by its own, indented. The table so reads as the graph draws: a folded box is one row.
// Pure (tests/js/steps/group-rows.test.mjs).
//
// A parameter (a Neuron's w and b, made in `__init__`, in no group's `nodes`) goes under the
// innermost group that lists it in `params` where the graph draws it there: inside that group's
// folded box (`boxed`, the fold view's choice), or with that group and every group around it
// open; else it is a row of its own, as it is a box of its own on the graph.

/**
 * nodes: the record's values; groups: its groups (folding.js groupsOf: checked, parents first);
 * open: the open group ids; boxed(id): is value `id` drawn inside a folded box?
 * [{kind: "value", id, depth} | {kind: "group", id, depth, open, values}]: `values`, how many
 * values the group holds (the values of its box when folded: its parameters drawn inside too).
 */
export function groupRows(nodes, groups, open, boxed) {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const madeBy = new Map();
  const paramOf = new Map(); // a parameter → the innermost group listing it (parents come first)
  for (const g of groups) {
    for (const id of g.nodes) madeBy.set(id, g.id);
    for (const id of g.params) paramOf.set(id, g.id);
  }
  const openChain = (id) => {
    for (let g = byId.get(id); g; g = byId.get(g.parent)) if (!open.has(g.id)) return false;
    return true;
  };
  const params = new Map(groups.map((g) => [g.id, []])); // group → its parameters drawn with it
  const top = [];
  for (const node of nodes) {
    const own = madeBy.get(node.id);
    const listed = own === undefined ? paramOf.get(node.id) : undefined;
    if (listed !== undefined && (boxed(node.id) || openChain(listed))) params.get(listed).push(node.id);
  }
  const entries = new Map(); // group id → {id, items}, placed where the first value it made is
  const place = (id) => {
    if (entries.has(id)) return entries.get(id);
    const g = byId.get(id);
    const entry = { id, items: params.get(id).map((p) => ({ id: p })) };
    (g.parent === null ? top : place(g.parent).items).push(entry);
    entries.set(id, entry);
    return entry;
  };
  const withGroup = new Set([...params.values()].flat());
  for (const node of nodes) {
    const own = madeBy.get(node.id);
    if (own !== undefined) place(own).items.push({ id: node.id });
    else if (!withGroup.has(node.id)) top.push({ id: node.id });
  }
  for (const [id, listed] of params) if (listed.length) place(id); // a group of parameters only
  const rows = [];
  const walk = (items, depth) => {
    let values = 0;
    for (const item of items) {
      if (!item.items) {
        rows.push({ kind: "value", id: item.id, depth });
        values += 1;
        continue;
      }
      const row = { kind: "group", id: item.id, depth, open: open.has(item.id), values: 0 };
      rows.push(row);
      const at = rows.length;
      row.values = walk(item.items, depth + 1);
      if (!row.open) rows.splice(at); // folded: one row
      values += row.values;
    }
    return values;
  };
  walk(top, 0);
  return rows;
}
