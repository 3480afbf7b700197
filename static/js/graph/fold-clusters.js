// Which open group frames each item of a folded graph (folding.js FoldView), for the clusters
// record-dot.js writes around them: a value in the group that made it, a folded box in its
// group's parent, a parameter where every value using it is. Pure; record-dot.js checks the ids
// and escapes the names (tests/js/graph/record-dot-clusters.test.mjs).

/** The drawn items of a fold view nested in the open groups around them: a value in the group
 * that made it, a folded box in its group's parent, a parameter (made in no call) in the
 * innermost group that lists it and holds every value using it (paramCluster).
 * {top: the items and groups outside every group, clusters: open group id → what it holds},
 * each list in the items' order, a group where its first item is; a group is listed as {id}. */
export function clustered(items, fold) {
  const top = [];
  const clusters = new Map();
  const listOf = (id) => {
    if (id === null || id === undefined || !fold.open.has(id)) return top;
    if (!clusters.has(id)) {
      clusters.set(id, []);
      listOf(fold.groups.get(id)?.parent).push({ id });
    }
    return clusters.get(id);
  };
  for (const item of items) {
    const made = fold.groupOfNode.get(item.id);
    const around = item.kind === "fold" ? fold.groups.get(item.id).parent : (made ?? paramCluster(item.id, fold));
    listOf(around).push(item);
  }
  return { top, clusters };
}

/** The open group a drawn parameter `id` is framed in: the innermost group around every value
 * that uses it (drawn, or in a box), walked out to one that lists it in its `params`; null for
 * an input of the program's own (no group lists it). */
function paramCluster(id, fold) {
  const chain = (g) => {
    const out = [];
    for (let at = g; at !== null && at !== undefined; at = fold.groups.get(at)?.parent) out.unshift(at);
    return out;
  };
  let common = null;
  for (const c of fold.nodes.get(id)?.consumers ?? []) {
    const shown = fold.shownId(c);
    const around = chain(shown === c ? fold.groupOfNode.get(c) : fold.groups.get(shown)?.parent);
    if (common === null) common = around;
    let same = 0;
    while (same < common.length && common[same] === around[same]) same += 1;
    common = common.slice(0, same);
  }
  for (const g of (common ?? []).reverse()) if (fold.paramsOf.get(g)?.has(id)) return g;
  return null;
}
