// A batch: a program that calls its model once per datapoint (`[model(x) for x in xs]`) leaves
// one top-level group per point, told apart by their `call` (docs/trace-format.md "Group").
// When some points are open and others folded, the folded ones are drawn as ONE box, "99
// more points like this" (folding.js), with what only they made: their inputs, their terms
// of the loss and the running sum of those terms. Pure: read from the record alone.

const MIXED = -1; // a value made from several points' values (the loss's running sum)
const BATCHES = new WeakMap(); // record → its batch (batchOf)

/**
 * The points of `record` (its groups `groups`), or null when it has fewer than two:
 * {calls: the `call`s in order, tops: call → its top-level group ids, callOf: value id → the
 * one point it belongs to, or MIXED}. A value in a group is its group's point; a value in no
 * group is the point of every value it was made from (its inputs in no group and made from
 * nothing, like a constant, left out), MIXED when they are several; an input in no group
 * (a point's x, a constant) is the point of every value that uses it.
 */
export function batchOf(record, groups) {
  if (BATCHES.has(record)) return BATCHES.get(record);
  const tops = new Map();
  for (const g of groups) {
    if (g.parent !== null) continue;
    if (!tops.has(g.call)) tops.set(g.call, []);
    tops.get(g.call).push(g.id);
  }
  let batch = null;
  if (tops.size > 1 && [...tops.keys()].every(Number.isInteger)) {
    const callOf = new Map();
    for (const g of groups) for (const id of g.nodes) callOf.set(id, g.call);
    for (const node of record.nodes) {
      if (callOf.has(node.id) || node.leaf) continue;
      const own = joined(node.children.map((c) => callOf.get(c)));
      if (own !== undefined) callOf.set(node.id, own);
    }
    for (const node of record.nodes) {
      if (!node.leaf || callOf.has(node.id) || !node.consumers.length) continue;
      const own = joined(node.consumers.map((c) => callOf.get(c) ?? MIXED));
      if (own !== MIXED) callOf.set(node.id, own);
    }
    batch = { calls: [...tops.keys()].sort((a, b) => a - b), tops, callOf };
  }
  BATCHES.set(record, batch);
  return batch;
}

/** The one point among `calls` (undefined ones left out), MIXED, or undefined for none. */
function joined(calls) {
  let one;
  for (const call of calls) {
    if (call === undefined) continue;
    if (call === MIXED || (one !== undefined && one !== call)) return MIXED;
    one = call;
  }
  return one;
}

/**
 * What folds into the points' box for `open` (group ids): {open: the calls with a top-level
 * group open, folded: the others, id: the box's id (the first folded point's top-level group),
 * hides(node, boxOf): does this value in no open group go into the box}, or null when nothing
 * merges (no batch, or every point open). `byId`: the groups by id. A value made from several points goes in when one
 * of its inputs did and it feeds no open point's value (else the box would feed the point and
 * the point the box); the graph's output never does.
 */
export function mergeOf(record, groups, open, byId) {
  const batch = batchOf(record, groups);
  if (!batch) return null;
  const opened = new Set(batch.calls.filter((c) => batch.tops.get(c).some((id) => open.has(id))));
  const folded = batch.calls.filter((c) => !opened.has(c));
  if (!folded.length) return null;
  const foldedSet = new Set(folded);
  const { callOf } = batch;
  const feedsOpen = new Set(); // values an open point's value is made from
  for (let i = record.nodes.length - 1; i >= 0; i--) {
    const node = record.nodes[i];
    if (node.consumers.some((c) => opened.has(callOf.get(c)) || feedsOpen.has(c))) feedsOpen.add(node.id);
  }
  const id = batch.tops.get(folded[0])[0];
  const hides = (node, boxOf) => {
    const own = callOf.get(node.id);
    if (own !== MIXED) return foldedSet.has(own);
    if (node.id === record.output || feedsOpen.has(node.id)) return false;
    return node.children.some((c) => boxOf.get(c) === id);
  };
  const params = new Set();
  for (const call of folded) for (const top of batch.tops.get(call)) for (const p of byId.get(top).params) params.add(p);
  const group = {
    id,
    name: `${folded.length} ${opened.size ? "more " : ""}points like this`,
    kind: "batch of points",
    parent: null,
    call: null,
    nodes: [],
    output: null,
    params: [...params],
  };
  return { open: opened, folded: foldedSet, id, hides, group };
}
