// The first view's search (folding.js firstOpen): open groups breadth first while the drawing
// stays within a number of nodes, counting what each opening changes rather than folding the
// graph again for each group tried (that was 60–300 ms on the MLP preset: a fold view per try).

/**
 * The groups of `view` (a FoldView with the groups `open` open) opened breadth first from
 * `queue`, each while the count stays within `most`; a group that would pass it stays folded
 * with everything inside it. Returns the open set (a new Set).
 */
export function openWithin(view, open, queue, most) {
  const result = new Set(open);
  const absorbed = new Map([...view.params].map(([box, ids]) => [box, [...ids]]));
  let count = view.count();
  const todo = [...queue];
  for (let next = 0; next < todo.length; next++) {
    const id = todo[next];
    const { added, moves } = opening(view, id, absorbed.get(id) ?? []);
    if (count + added > most) continue;
    count += added;
    result.add(id);
    absorbed.delete(id);
    for (const [child, param] of moves) {
      if (!absorbed.has(child)) absorbed.set(child, []);
      absorbed.get(child).push(param);
    }
    todo.push(...view.children.get(id));
  }
  return result;
}

/**
 * What opening folded group `id` (its parent open) adds to the count — its box goes, each
 * group inside it is a box, its own values are drawn with their op nodes, and each parameter
 * absorbed in it goes into the one child box that uses it or is drawn — and which parameters
 * move into which child box: {added, moves: [[child, param]]}.
 */
function opening(view, id, params) {
  const children = view.children.get(id);
  let added = children.length - 1;
  for (const node of view.groups.get(id).nodes) added += view.nodes.get(node).leaf ? 1 : 2;
  const moves = [];
  const merged = view.merged?.id;
  for (const param of params) {
    const boxes = new Set();
    for (const c of view.nodes.get(param).consumers) {
      if (merged && view.boxOf.get(c) === merged) continue;
      boxes.add(childOf(view, id, view.groupOfNode.get(c)));
    }
    const [box] = boxes;
    if (boxes.size === 1 && box && view.paramsOf.get(box).has(param)) moves.push([box, param]);
    else added += 1;
  }
  return { added, moves };
}

/** The group inside `parent` (a child of it) that holds group `id`, or null for `parent` itself. */
function childOf(view, parent, id) {
  let at = id;
  while (at !== undefined && at !== parent) {
    const up = view.groups.get(at).parent;
    if (up === parent) return at;
    at = up ?? undefined;
  }
  return null;
}
