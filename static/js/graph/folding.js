// A graph folded by the program's own modules (the record's `groups`, docs/trace-format.md):
// which boxes are drawn for a set of OPEN group ids, and which real value each box stands for.
// Pure: no DOM, read from the record alone (tests/js/graph/folding.test.mjs).
//
// A value is drawn on its own when every group around it is open; otherwise it is inside the
// box of its topmost folded group. A folded group's box also takes its parameters: the leaves
// in its `params` whose every consumer is inside it (a Neuron's w and b, made in `__init__`
// and so in no group, would else stand beside it one by one: 337 of them for an
// MLP(2, [16, 16, 1])). Edges between two boxes are drawn once, with how many real edges they
// stand for. Nothing folded (no groups, or all open): null, and the graph draws as it always did.
// A batch (one call of the model per datapoint) folds its folded points into one box
// (datapoints.js); a box's words are fold-texts.js's, the columns fold-ranks.js's.
import { batchOf, mergeOf } from "./datapoints.js";
import { openWithin } from "./fold-first.js";
import { rankItems } from "./fold-ranks.js";
import { boxTexts, foldedStepWords } from "./fold-texts.js";

const GROUP_ID = /^g[0-9]{1,9}$/;

/** The groups of `record` that can fold: well formed, parents first; [] otherwise (a record
 * whose groups a reader can't trust draws unfolded). */
export function groupsOf(record) {
  const groups = Array.isArray(record?.groups) ? record.groups : [];
  const seen = new Set();
  for (const g of groups) {
    const ok =
      GROUP_ID.test(g?.id ?? "") &&
      !seen.has(g.id) &&
      typeof g.name === "string" &&
      (g.parent === null || seen.has(g.parent)) &&
      Array.isArray(g.nodes) &&
      Array.isArray(g.params);
    if (!ok) return [];
    seen.add(g.id);
  }
  return groups;
}

const INDEXES = new WeakMap(); // record → what every fold of it reads (indexOf)

/** What every view of a record reads, made once per record: its groups by id and their
 * children, the group that made each value, each group's parameters, the nodes by id. */
function indexOf(record, groups) {
  if (INDEXES.has(record)) return INDEXES.get(record);
  const index = {
    groups: new Map(groups.map((g) => [g.id, g])),
    children: new Map(groups.map((g) => [g.id, []])),
    groupOfNode: new Map(),
    paramsOf: new Map(groups.map((g) => [g.id, new Set(g.params)])),
    nodes: new Map(record.nodes.map((n) => [n.id, n])),
  };
  for (const g of groups) {
    if (g.parent !== null) index.children.get(g.parent).push(g.id);
    for (const id of g.nodes) index.groupOfNode.set(id, g.id);
  }
  INDEXES.set(record, index);
  return index;
}

export class FoldView {
  /** Use foldView(record, open): null when nothing is folded. `merge`: fold the folded points
   * of a batch into one box (datapoints.js). */
  constructor(record, groups, open, merge = true) {
    const index = indexOf(record, groups);
    this.record = record;
    Object.assign(this, index);
    this.open = new Set(open);
    const merged = merge ? mergeOf(record, groups, this.open, index.groups) : null;
    this.merged = merged; // {id, group, open, folded, hides} or null
    if (merged) {
      this.groups = new Map(index.groups).set(merged.id, merged.group);
      this.paramsOf = new Map(index.paramsOf).set(merged.id, new Set(merged.group.params));
    }
    // Each group's box: its topmost folded ancestor (itself included), or null (parents first).
    this.boxOfGroup = new Map();
    for (const g of groups) {
      let above = g.parent === null ? null : this.boxOfGroup.get(g.parent);
      if (g.parent === null && merged?.folded.has(g.call)) above = merged.id;
      this.boxOfGroup.set(g.id, above ?? (this.open.has(g.id) ? null : g.id));
    }
    this.boxOf = new Map(); // value or op node id → the folded box it is drawn in
    this.members = new Map(); // box id → value ids inside it, in the record's order
    for (const node of record.nodes) {
      const own = this.groupOfNode.get(node.id);
      const box = own === undefined ? null : this.boxOfGroup.get(own);
      if (box) this.hide(node, box);
      else if (own === undefined && merged?.hides(node, this.boxOf)) this.hide(node, merged.id);
    }
    this.absorbParams();
    // One point followed: its part of each parameter's grad (the record's call_grads).
    const point = merged?.open.size === 1 ? [...merged.open][0] : null;
    const parts = Array.isArray(record.call_grads) ? record.call_grads : [];
    this.point = point;
    this.parts = parts.find((p) => p.call === point)?.grads ?? null;
  }

  hide(node, box) {
    this.boxOf.set(node.id, box);
    if (node.op_id) this.boxOf.set(node.op_id, box);
    if (!this.members.has(box)) this.members.set(box, []);
    this.members.get(box).push(node.id);
  }

  /** A drawn leaf in a folded group's params, used only inside that box, goes into it; used
   * by the folded points too, it goes into the open point's box. */
  absorbParams() {
    this.params = new Map([...this.members.keys()].map((b) => [b, []])); // box → absorbed leaves
    for (const node of this.record.nodes) {
      if (!node.leaf || this.boxOf.has(node.id) || !node.consumers?.length) continue;
      const boxes = new Set(node.consumers.map((c) => this.boxOf.get(c) ?? null));
      if (this.merged && boxes.size > 1) boxes.delete(this.merged.id);
      const [box] = boxes;
      if (boxes.size !== 1 || !box || !this.paramsOf.get(box).has(node.id)) continue;
      this.boxOf.set(node.id, box);
      this.params.get(box).push(node.id);
    }
  }

  /** The id drawn for value (or op node) `id`: its folded box's, or its own. */
  shownId(id) {
    return this.boxOf.get(id) ?? id;
  }

  /** Is group `id` drawn as one box? */
  isBox(id) {
    return this.members.has(id);
  }

  /** The drawn graph, in an order where each item comes after what feeds it: {items: [{id,
   * kind: "value" | "box", rank}], edges: [{id, from, to, count}]}. A value's op node is not an
   * item of its own: it is drawn with its value, one rank before it. */
  drawn() {
    if (this.layout) return this.layout;
    const edges = [];
    const joined = new Map(); // "from to" → an edge that stands for several
    for (const edge of this.record.edges) {
      const from = this.shownId(edge.from);
      const to = this.shownId(edge.to);
      if (from === to) continue;
      if (from === edge.from && to === edge.to) {
        edges.push({ id: edge.id, from, to, count: 1 });
        continue;
      }
      const key = `${from} ${to}`;
      if (joined.has(key)) joined.get(key).count += 1;
      else {
        const folded = { id: `e-${from}-${to}`, from, to, count: 1 };
        joined.set(key, folded);
        edges.push(folded);
      }
    }
    this.layout = { items: rankItems(this, edges), edges };
    return this.layout;
  }

  /** Folded box `id` in numbers: {group, output (a node or null), values (how many real values
   * inside, its parameters too), params (the absorbed leaves' ids)}. */
  box(id) {
    const group = this.groups.get(id);
    const output = group.output !== null && this.boxOf.get(group.output) === id ? this.nodes.get(group.output) : null;
    const params = this.params.get(id) ?? [];
    return { group, output, values: this.members.get(id).length + params.length, params };
  }

  /** This point's part of parameter `id`'s grad ({grad, grad_text, last_step}), or null. */
  pointPart(id) {
    return this.parts?.[id] ?? null;
  }

  /** Folded box `id`'s texts (fold-texts.js boxTexts). */
  texts(id, gradOf = null, ran = null) {
    return boxTexts(this, id, gradOf, ran);
  }

  /** The texts of box `id` as its record's fields, in order. */
  fields(id, gradOf = null) {
    const t = this.texts(id, gradOf);
    return [t.name, t.data, t.grad, t.size, t.params].filter((x) => x !== null);
  }

  /** A backward step's words when its value is inside a folded box, else null. */
  stepWords(step) {
    return foldedStepWords(this, step);
  }

  /** How many nodes this view draws: values, their op nodes and boxes. */
  count() {
    let count = this.members.size;
    for (const node of this.record.nodes) if (!this.boxOf.has(node.id)) count += node.leaf ? 1 : 2;
    return count;
  }

  /** Group `id` and the groups inside it (for Open all, and for what a row opens). */
  subtree(id) {
    const all = [id];
    for (let i = 0; i < all.length; i++) all.push(...this.children.get(all[i]));
    return all;
  }

  /** The open group closest around drawn value `id`, or null (Escape folds it). */
  openAround(id) {
    const own = this.groupOfNode.get(id);
    return own === undefined ? null : own;
  }
}

/** The fold view of `record` with the groups in `open` open, or null when nothing folds. */
export function foldView(record, open) {
  const groups = groupsOf(record);
  if (!groups.length) return null;
  let view = new FoldView(record, groups, open);
  if (view.merged) {
    try {
      view.drawn();
    } catch {
      view = new FoldView(record, groups, open, false); // the points feed each other: no merge
    }
  }
  return view.members.size ? view : null;
}

/** The values of group `id` and the groups inside it, its parameters too. */
export function groupValues(record, id) {
  const groups = groupsOf(record);
  const inside = new Set([id]);
  const values = [];
  for (const g of groups) {
    if (g.id !== id && !inside.has(g.parent)) continue;
    inside.add(g.id);
    values.push(...g.nodes);
  }
  return [...values, ...(groups.find((g) => g.id === id)?.params ?? [])];
}

/** How many nodes a view draws: values, their op nodes and boxes (what the first view counts). */
export function drawnCount(record, open) {
  const view = foldView(record, open);
  if (view) return view.count();
  return record.nodes.reduce((count, node) => count + (node.leaf ? 1 : 2), 0);
}

/**
 * The groups open at first: breadth first from the top, each opened while the drawing stays
 * within `most` nodes (values, op nodes and boxes); a group that would pass it stays folded,
 * and so do the groups inside it. A graph within `most` unfolded opens everything. A batch
 * follows one point, `call` (else its first): its top-level groups open, the rule applies
 * within it, the other points are one box. One fold view is built; each group tried after it
 * is counted from what opening it changes (fold-first.js).
 */
export function firstOpen(record, most, call = null) {
  const groups = groupsOf(record);
  const everything = groups.map((g) => g.id);
  if (!groups.length) return new Set();
  const batch = batchOf(record, groups);
  if (call === null && drawnCount(record, everything) <= most) return new Set(everything);
  const point = batch ? (batch.tops.has(call) ? call : batch.calls[0]) : null;
  const open = new Set(batch ? batch.tops.get(point) : []);
  const view = foldView(record, open);
  if (!view) return open;
  const queue = batch ? [...open].flatMap((id) => view.children.get(id)) : everything.filter((id) => view.groups.get(id).parent === null);
  return openWithin(view, open, queue, most);
}
