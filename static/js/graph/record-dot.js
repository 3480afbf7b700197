// The DOT the page lays out, written here from a graph record's fields (docs/trace-format.md),
// never taken from the engine worker: a learner's program runs there and could send DOT of its
// own (a node with `URL=… target=_top` made a real link on the graph). What this writes is the
// text engine/record/dot.py's dot_source writes for the same record (tests/js/graph/record-dot.test.mjs
// compares them): ids are checked (`n0`, `n1`, …, each input before its result), every text is
// escaped as record-label text, and no attribute but the layout's own is ever written. The
// attributes come from the server (engine.record.dot.page_style, in the page's data), decided there.
// A graph folded by its modules (folding.js) is written here too: the values drawn on their own
// as above, and each folded group as one record node `g3` of class "fold", its texts the fold
// view's; an edge standing for several is labelled with how many (`×16`); each open group a
// cluster around what it holds (fold-clusters.js), its id checked and its name escaped here.
import { clustered } from "./fold-clusters.js";

const ID = /^n[0-9]{1,9}$/;
const OP_ID = /^n[0-9]{1,9}_op$/;
const EDGE_ID = /^e-n[0-9]{1,9}(?:_op)?-n[0-9]{1,9}(?:-[0-9]{1,9})?$/;
const GROUP_ID = /^g[0-9]{1,9}$/;
const FOLD_EDGE_ID = /^e-(?:g[0-9]{1,9}|n[0-9]{1,9}(?:_op)?)-(?:g[0-9]{1,9}|n[0-9]{1,9}(?:_op)?)$/;
const PLAIN = /^(?:[A-Za-z_][A-Za-z0-9_]*|-?[0-9]*\.?[0-9]+)$/;
const MAX_TEXT = 200; // characters of one field; the engine's longest is a 48-character name
// A code point XML, UTF-8 or DOT cannot carry: C0 controls but tab and line breaks, DEL and C1
// controls, noncharacters (U+FDD0–U+FDEF, U+xFFFE/U+xFFFF); lone surrogates go by toWellFormed.
const UNCARRIED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufdd0-\ufdef\ufffe\uffff]/gu;

export class RecordError extends Error {}

const CHECKED = new WeakMap(); // record → {style, checked}: a record is checked once per style

/** User text as literal record-label text (engine.record.dot.escape_record): a line break as a space,
 * a backslash before `{ } | < > " \` and space. */
export function escapeRecord(text) {
  return text.replace(/[\n\r{}|<>"\\ ]/g, (ch) => (ch === "\n" || ch === "\r" ? " " : `\\${ch}`));
}

/**
 * The digraph for `record`, as engine.record.dot.dot_source(record) writes it, or a RecordError that
 * says what in the record can't be drawn. style: engine.record.dot.page_style() and max_nodes.
 */
export function recordDot(record, style, fold = null) {
  if (fold) return foldedDot(record, style, fold);
  const { values, drawn } = checkedValues(record, style);
  const body = [];
  for (const { id, kind, fields, op, opId, inputs, out } of values) {
    body.push(`\t${id} [label="${stacked(fields, style.rankdir)}" class="${kind}" id=${id} shape=record]\n`);
    if (!opId) continue;
    body.push(`\t${opId} [label="${escapeRecord(op)}" class=op id=${opId}]\n`);
    body.push(`\t${opId} -> ${id} [id="${out.id}"]\n`);
    for (const edge of inputs) body.push(`\t${edge.from} -> ${opId} [id="${edge.id}"]\n`);
  }
  const graph = { rankdir: style.rankdir, ...style.graph, ...sizeAttributes(drawn, style.sizes) };
  return [
    "digraph {\n",
    `\tgraph [${attributes(graph)}]\n`,
    `\tnode [${attributes(style.node)}]\n`,
    `\tedge [${attributes(style.edge)}]\n`,
    ...body,
    "}\n",
  ].join("");
}

/**
 * The same graph for the layered layout (static/js/shared/layered-layout.js), read from the
 * record rather than from DOT: {nodes: [{id, shape, cls, fields, rank}], edges: [{id, from,
 * to}]}, each value followed by its op node (on the rank before it), with the texts the DOT's
 * fields hold. Checked as recordDot checks it; a RecordError otherwise.
 */
export function layeredGraph(record, style, fold = null) {
  if (fold) return foldedGraph(record, style, fold);
  const { values } = checkedValues(record, style);
  const nodes = [];
  const edges = [];
  for (const { id, kind, fields, rank, op, opId, inputs, out } of values) {
    nodes.push({ id, shape: "record", cls: kind, fields: fields.map(oneLine), rank });
    if (!opId) continue;
    nodes.push({ id: opId, shape: "ellipse", cls: "op", fields: [oneLine(op)], rank: rank - 1 });
    edges.push(out, ...inputs);
  }
  return { nodes, edges };
}

/** The DOT of `record` folded as `fold` (folding.js FoldView) says: recordDot's text for the
 * values drawn on their own, a record node of class "fold" for each folded group, and each
 * open group around what is drawn as a cluster (`cluster_g3`, class "group") labelled with its
 * name: a click on it folds the group (graph-view.js). */
function foldedDot(record, style, fold, part = null) {
  const all = foldedItems(record, style, fold);
  const drawn = all.items.length + all.items.filter((i) => i.opId).length;
  const { items, edges } = part ? partOf(all, part.only) : all;
  const body = [];
  const node = ({ id, kind, fields, op, opId }, tabs) => {
    body.push(`${tabs}${id} [label="${stacked(fields, style.rankdir)}" class="${kind}" id=${id} shape=record]\n`);
    if (opId) body.push(`${tabs}${opId} [label="${escapeRecord(op)}" class=op id=${opId}]\n`);
  };
  const { top, clusters } = clustered(items, part ? within(fold, part.root) : fold);
  const font = Object.entries(style.node).filter(([key]) => key === "fontname" || key === "fontsize");
  const labelFont = font.length ? ` ${attributes(Object.fromEntries(font))}` : "";
  const write = (list, tabs) => {
    for (const item of list) {
      const cluster = clusters.get(item.id);
      if (!cluster) {
        node(item, tabs);
        continue;
      }
      if (!GROUP_ID.test(item.id)) throw new RecordError("a group's id is not one the engine makes");
      const label = escapeRecord(text(fold.groups.get(item.id).name));
      body.push(`${tabs}subgraph cluster_${item.id} {\n`);
      body.push(`${tabs}\tgraph [label="${label}" class=group id=cluster_${item.id}${labelFont}]\n`);
      write(cluster, `${tabs}\t`);
      body.push(`${tabs}}\n`);
    }
  };
  write(top, "\t");
  for (const { id, from, to, count } of edges) {
    const label = count > 1 ? ` label="×${count}"` : "";
    body.push(`\t${from} -> ${to} [id="${id}"${label}]\n`);
  }
  const graph = { rankdir: style.rankdir, ...style.graph, ...sizeAttributes(drawn, style.sizes) };
  return [
    "digraph {\n",
    `\tgraph [${attributes(graph)}]\n`,
    `\tnode [${attributes(style.node)}]\n`,
    `\tedge [${attributes(style.edge)}]\n`,
    ...body,
    "}\n",
  ].join("");
}

/**
 * The DOT of a part of `record` folded as `fold`: the items in `only` (item ids: values and
 * boxes) and the edges between them, framed by the open groups from `root` in (a group id) —
 * what a group opened in place holds, or its box alone when it folds (in-place.js). Written
 * with the whole view's graph attributes, so the part is laid out as it would be in it.
 */
export function partDot(record, style, fold, only, root) {
  return foldedDot(record, style, fold, { only, root });
}

/** The items in `only` and the edges between them. */
function partOf({ items, edges }, only) {
  const kept = items.filter((i) => only.has(i.id));
  const ids = new Set(kept.flatMap((i) => (i.opId ? [i.id, i.opId] : [i.id])));
  return { items: kept, edges: edges.filter((e) => ids.has(e.from) && ids.has(e.to)) };
}

/** `fold` seen with only group `root` and the groups inside it open: the clusters of a part. */
function within(fold, root) {
  const inside = new Set(fold.children.has(root) ? fold.subtree(root) : [root]);
  return Object.create(fold, { open: { value: new Set([...fold.open].filter((g) => inside.has(g))) } });
}

/** layeredGraph's graph of `record` folded as `fold`; the fold view's ranks, and each edge's
 * count (how many real edges it stands for: layered-shapes.js writes `×N` beside it). */
function foldedGraph(record, style, fold) {
  const { items, edges } = foldedItems(record, style, fold);
  const nodes = [];
  for (const { id, kind, fields, rank, op, opId } of items) {
    nodes.push({ id, shape: "record", cls: kind, fields: fields.map(oneLine), rank });
    if (opId) nodes.push({ id: opId, shape: "ellipse", cls: "op", fields: [oneLine(op)], rank: rank - 1 });
  }
  return { nodes, edges: edges.map(({ id, from, to, count }) => ({ id, from, to, count })) };
}

/** The record checked as recordDot checks it, then the fold view's items: {items: [{id, kind,
 * fields, rank, op, opId}], edges: [{id, from, to, count}]}, every id checked again. */
function foldedItems(record, style, fold) {
  const { values } = checkedValues(record, style);
  const byId = new Map(values.map((v) => [v.id, v]));
  const { items, edges } = fold.drawn();
  const drawnIds = new Set();
  const out = items.map(({ id, kind, rank }) => {
    if (!Number.isInteger(rank) || rank < 0) throw new RecordError(`${id} has no rank`);
    if (kind === "value") {
      const value = byId.get(id);
      if (!value) throw new RecordError("a folded graph names a value the record does not have");
      drawnIds.add(id);
      if (value.opId) drawnIds.add(value.opId);
      return { ...value, rank };
    }
    if (!GROUP_ID.test(id)) throw new RecordError("a group's id is not one the engine makes");
    drawnIds.add(id);
    return { id, kind: "fold", fields: fold.fields(id).map(text), rank };
  });
  for (const edge of edges) {
    const ok = edge.count === 1 && EDGE_ID.test(edge.id) ? true : FOLD_EDGE_ID.test(edge.id);
    if (!ok || !drawnIds.has(edge.from) || !drawnIds.has(edge.to) || !Number.isInteger(edge.count)) {
      throw new RecordError("a folded graph's edge joins what is not drawn");
    }
  }
  return { items: out, edges };
}

/** A field as the DOT's record label shows it: a line break is a space (escapeRecord). */
function oneLine(text) {
  return text.replace(/[\n\r]/g, " ");
}

/**
 * The record's values, checked: ids the engine makes, each input drawn before its result, texts
 * that are strings, ranks that run forwards, and the record's own op node and edge ids, each
 * joining what the value's inputs say it joins. {values: [{id, kind, fields, rank, op, opId,
 * inputs, out}], drawn}: the texts cleaned (text), the edges as {id, from, to}.
 */
function checkedValues(record, style) {
  const known = CHECKED.get(record);
  if (known?.style === style) return known.checked;
  const checked = checkValues(record, style);
  CHECKED.set(record, { style, checked });
  return checked;
}

/** checkedValues, read from the record: ~8 ms at 7,040 values, and every view one click away
 * of a folded graph writes a DOT (layout-ahead.js, in-place.js). */
function checkValues(record, style) {
  const nodes = record?.nodes;
  if (!Array.isArray(nodes) || nodes.length === 0) throw new RecordError("the graph has no values");
  if (nodes.length > style.max_nodes) {
    throw new RecordError(`the graph has more than ${style.max_nodes.toLocaleString("en")} values`);
  }
  const edges = Array.isArray(record.edges) ? record.edges : [];
  let next = 0; // the record's edges: per computed value, one from each input, then op -> value
  const edge = (from, to) => {
    const found = edges[next++];
    if (found?.from !== from || found?.to !== to || typeof found.id !== "string" || !EDGE_ID.test(found.id)) {
      throw new RecordError(`the record's edges do not join value ${to}'s inputs`);
    }
    return { id: found.id, from, to };
  };
  const rankOf = new Map();
  const most = 2 * nodes.length; // no path is longer: a value and its op node per value
  const values = [];
  let drawn = nodes.length;
  for (const node of nodes) {
    const id = checkedId(node?.id, rankOf.has(node?.id));
    const children = Array.isArray(node.children) ? node.children : [];
    const rank = node.rank;
    if (!Number.isInteger(rank) || rank < 0 || rank > most) throw new RecordError(`value ${id} has no rank`);
    for (const child of children) {
      if (!rankOf.has(child)) throw new RecordError(`value ${id} names an input it does not come after`);
      if (rankOf.get(child) >= rank - 1) throw new RecordError(`value ${id} is not ranked after its inputs`);
    }
    rankOf.set(id, rank);
    const leaf = children.length === 0;
    let fields;
    let kind;
    if (node.constant === true) {
      fields = [text(node.shown)];
      kind = "value leaf constant";
    } else {
      fields = [text(node.shown), `data ${text(node.data_text)}`, `grad ${text(node.grad_widest)}`];
      kind = leaf ? "value leaf" : "value";
    }
    if (leaf) {
      values.push({ id, kind, fields, rank });
      continue;
    }
    drawn += 1;
    const opId = node.op_id;
    if (typeof opId !== "string" || !OP_ID.test(opId) || rankOf.has(opId)) {
      throw new RecordError(`value ${id}'s op node has no id the engine makes`);
    }
    rankOf.set(opId, rank - 1);
    const inputs = children.map((child) => edge(child, opId));
    const out = edge(opId, id);
    values.push({ id, kind, fields, rank, op: text(node.op), opId, inputs, out });
  }
  return { values, drawn };
}

function checkedId(id, duplicate) {
  if (typeof id !== "string" || !ID.test(id) || duplicate) {
    throw new RecordError(`a value's id is not one the engine makes (${JSON.stringify(String(id)).slice(0, 40)})`);
  }
  return id;
}

/** A field's text: a string, without what DOT can't carry, at most MAX_TEXT characters. */
function text(value) {
  if (typeof value !== "string") throw new RecordError("a value's text is missing");
  const clean = value.toWellFormed().replace(UNCARRIED, "\ufffd");
  return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT - 1)}…` : clean;
}

/** engine.record.dot.stacked: fields one above the other (grouped in `{ }` top to bottom). */
function stacked(fields, rankdir) {
  const label = fields.map(escapeRecord).join("|");
  return rankdir === "TB" || rankdir === "BT" ? `{${label}}` : label;
}

function sizeAttributes(drawn, sizes) {
  for (const [above, attrs] of sizes) if (drawn > above) return attrs;
  return {};
}

/** engine.record.dot._attrs: `k=v …`, a value that is not a plain DOT id in quotes. */
function attributes(attrs) {
  return Object.entries(attrs)
    .map(([key, value]) => (PLAIN.test(value) ? `${key}=${value}` : `${key}="${value}"`))
    .join(" ");
}
