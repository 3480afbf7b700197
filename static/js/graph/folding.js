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
  /** Use foldView(record, open): null when nothing is folded. */
  constructor(record, groups, open) {
    this.record = record;
    Object.assign(this, indexOf(record, groups));
    this.open = new Set(open);
    // Each group's box: its topmost folded ancestor (itself included), or null (parents first).
    this.boxOfGroup = new Map();
    for (const g of groups) {
      const above = g.parent === null ? null : this.boxOfGroup.get(g.parent);
      this.boxOfGroup.set(g.id, above ?? (this.open.has(g.id) ? null : g.id));
    }
    this.boxOf = new Map(); // value or op node id → the folded box it is drawn in
    this.members = new Map(); // box id → value ids inside it, in the record's order
    for (const node of record.nodes) {
      const own = this.groupOfNode.get(node.id);
      const box = own === undefined ? null : this.boxOfGroup.get(own);
      if (box) this.hide(node, box);
    }
    this.absorbParams();
  }

  hide(node, box) {
    this.boxOf.set(node.id, box);
    if (node.op_id) this.boxOf.set(node.op_id, box);
    if (!this.members.has(box)) this.members.set(box, []);
    this.members.get(box).push(node.id);
  }

  /** A drawn leaf in a folded group's params, used only inside that box, goes into it. */
  absorbParams() {
    this.params = new Map([...this.members.keys()].map((b) => [b, []])); // box → absorbed leaves
    for (const node of this.record.nodes) {
      if (!node.leaf || this.boxOf.has(node.id) || !node.consumers?.length) continue;
      const boxes = new Set(node.consumers.map((c) => this.boxOf.get(c) ?? null));
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
    this.layout = { items: this.ranked(edges), edges };
    return this.layout;
  }

  /** Each drawn value and box with its rank: the longest path from the inputs (an op node one
   * rank before its value), a leaf or a box fed by nothing one rank before its first use, as
   * engine.record.layout_choice.ranks ranks the unfolded graph. */
  ranked(edges) {
    const items = [];
    const seen = new Set();
    for (const node of this.record.nodes) {
      const id = this.shownId(node.id);
      if (seen.has(id)) continue;
      seen.add(id);
      items.push({ id, kind: id === node.id ? "value" : "box" });
    }
    const opOf = new Map();
    for (const item of items) {
      const op = this.nodes.get(item.id)?.op_id;
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
    while (ready.length) {
      const item = ready.shift();
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
      const latest = Math.max(-1, ...ins.map((e) => rank.get(owner(e.from))));
      const op = this.nodes.get(item.id)?.op_id && item.kind === "value" ? 1 : 0;
      rank.set(item.id, ins.length ? latest + 1 + op : 0);
    }
    for (const item of [...order].reverse()) {
      if (into.get(item.id).length || !outOf.get(item.id).length) continue;
      rank.set(item.id, Math.min(...outOf.get(item.id).map(arrives)) - 1);
    }
    return order.map((item) => ({ ...item, rank: rank.get(item.id) }));
  }

  /** Folded box `id` in numbers: {group, output (a node or null), values (how many real values
   * inside, its parameters too), params (the absorbed leaves' ids)}. */
  box(id) {
    const group = this.groups.get(id);
    const output = group.output !== null && this.boxOf.get(group.output) === id ? this.nodes.get(group.output) : null;
    const params = this.params.get(id) ?? [];
    return { group, output, values: this.members.get(id).length + params.length, params };
  }

  /**
   * Folded box `id`'s texts, top to bottom: its name; its output's data and grad (or, for a
   * group whose call returned no single value, how many of its values are used outside); how
   * many values it holds and how many of them are parameters; the parameters' largest |grad|.
   * `gradOf(id)`: {value, text} at the step on screen; without it, the widest texts the pass
   * will show (the layout's). {name, data, grad, size, params}: a text, or null.
   */
  texts(id, gradOf = null) {
    const { group, output, values, params } = this.box(id);
    const grad = gradOf ?? ((n) => ({ value: 0, text: this.nodes.get(n).grad_widest }));
    let data;
    let gradText = null;
    if (output) {
      data = `data ${output.data_text}`;
      gradText = `grad ${grad(output.id).text}`;
    } else {
      const inside = new Set(this.members.get(id));
      const used = this.members.get(id).filter((n) => this.nodes.get(n).consumers.some((c) => !inside.has(c)));
      data = `${used.length} ${used.length === 1 ? "value" : "values"} used outside`;
    }
    const size = `${values} values${params.length ? ` · ${params.length} params` : ""}`;
    const most = params.length ? largestGrad(params, grad, !gradOf) : null;
    return { name: group.name, data, grad: gradText, size, params: most && `|grad| max ${most}` };
  }

  /** The texts of box `id` as its record's fields, in order. */
  fields(id, gradOf = null) {
    const t = this.texts(id, gradOf);
    return [t.name, t.data, t.grad, t.size, t.params].filter((x) => x !== null);
  }

  /** A backward step's words when its value is inside a folded box, else null: which box, which
   * op ran, and what it wrote (`Layer 1 · Neuron 3: tanh ran, its input's grad 0.0000 →
   * 0.4200`). The chain-rule panel still shows the real call. */
  stepWords(step) {
    if (step?.kind !== "backward" || !this.boxOf.has(step.node)) return null;
    const box = this.boxOf.get(step.node);
    const hidden = [];
    const shown = [];
    for (const c of step.changes) {
      const change = `${c.before_text} → ${c.after_text}`;
      if (this.boxOf.get(c.node) === box) hidden.push(change);
      else shown.push(`${this.nodes.get(c.node)?.name ?? c.node}.grad ${change}`);
    }
    const parts = [];
    if (hidden.length === 1) parts.push(`its input's grad ${hidden[0]}`);
    if (hidden.length > 1) parts.push(`its inputs' grads ${hidden.join(", ")}`);
    parts.push(...shown);
    const what = parts.length ? parts.join("; ") : "no grad changed";
    return `${this.groups.get(box).name}: ${step.op || "_backward"} ran, ${what}.`;
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
  const view = new FoldView(record, groups, open);
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
  let count = view ? view.members.size : 0;
  for (const node of record.nodes) if (!view?.boxOf.has(node.id)) count += node.leaf ? 1 : 2;
  return count;
}

/**
 * The groups open at first: breadth first from the top, each opened while the drawing stays
 * within `most` nodes (values, op nodes and boxes); a group that would pass it stays folded,
 * and so do the groups inside it. A graph within `most` unfolded opens everything.
 */
export function firstOpen(record, most) {
  const groups = groupsOf(record);
  const everything = groups.map((g) => g.id);
  if (!groups.length || drawnCount(record, everything) <= most) return new Set(everything);
  const open = new Set();
  const queue = groups.filter((g) => g.parent === null).map((g) => g.id);
  const below = new Map(groups.map((g) => [g.id, []]));
  for (const g of groups) if (g.parent !== null) below.get(g.parent).push(g.id);
  while (queue.length) {
    const id = queue.shift();
    open.add(id);
    if (drawnCount(record, open) <= most) queue.push(...below.get(id));
    else open.delete(id);
  }
  return open;
}

/** The largest |grad| among `ids`, as the engine wrote it (its sign left out); `widest`: the
 * longest such text the pass will show, for the layout. */
function largestGrad(ids, grad, widest) {
  let best = null;
  for (const id of ids) {
    const { value, text } = grad(id);
    const size = widest ? text.replace(/^-/, "").length : Math.abs(Number(value));
    if (best === null || size > best.size || Number.isNaN(size)) best = { size, text };
    if (Number.isNaN(size)) break; // nan is the largest news
  }
  return best.text.replace(/^-/, "");
}
