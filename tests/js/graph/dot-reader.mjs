// A reader of our own DOT (engine/record/dot.py writes it: one node or edge per line), for tests
// only: the page read its graph back from DOT like this before the record carried its structure
// (record version 4), and the tests check that what the page now reads from the record is what
// the DOT draws. Only that subset of DOT: one statement per line, attributes as key=value or
// key="quoted".

const NAME = String.raw`("(?:[^"\\]|\\.)*"|[A-Za-z0-9_]+)`; // quoted, or a bare id
const NODE = new RegExp(String.raw`^\s*${NAME}\s*\[(.*)\]\s*;?\s*$`);
const EDGE = new RegExp(String.raw`^\s*${NAME}\s*->\s*${NAME}\s*(?:\[(.*)\])?\s*;?\s*$`);
const ATTR = /([A-Za-z_]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,\]]+)/g;
const KEYWORDS = new Set(["graph", "node", "edge"]);
// engine/record/dot.py's own lines, read in one match each; any other line takes the general path.
const ID = "[A-Za-z0-9_]+";
const OWN_NODE = new RegExp(
  String.raw`^\t(${ID}) \[label="((?:[^"\\]|\\.)*)" class=(?:"([^"\\]*)"|(${ID})) id=\1( shape=record)?\]$`,
);
const OWN_EDGE = new RegExp(String.raw`^\t(${ID}) -> (${ID}) \[id="([^"\\]*)"\]$`);

/** {rankdir, nodes: [{id, shape, cls, fields}], edges: [{id, from, to}]}; nodes in DOT order. */
export function parseDot(dot) {
  const nodes = [];
  const edges = [];
  let rankdir = "LR";
  for (const line of String(dot).split("\n")) {
    const own = ownLine(line);
    if (own) {
      (own.from === undefined ? nodes : edges).push(own);
      continue;
    }
    const edge = EDGE.exec(line);
    if (edge) {
      const attrs = attributes(edge[3] ?? "");
      const from = unquote(edge[1]);
      const to = unquote(edge[2]);
      edges.push({ id: attrs.id ?? `${from}->${to}`, from, to });
      continue;
    }
    const node = NODE.exec(line);
    if (!node) continue;
    const name = unquote(node[1]);
    const attrs = attributes(node[2]);
    if (name === "graph") rankdir = attrs.rankdir ?? rankdir;
    if (KEYWORDS.has(name)) continue;
    const shape = attrs.shape ?? "ellipse";
    const label = attrs.label ?? name;
    nodes.push({
      id: attrs.id ?? name,
      shape,
      cls: attrs.class ?? "",
      fields: shape === "record" ? recordFields(label) : [literal(label)],
    });
  }
  return { rankdir, nodes, edges };
}

/** A node or edge line as engine/record/dot.py writes it, read as the general path would; else null. */
function ownLine(line) {
  const edge = OWN_EDGE.exec(line);
  if (edge) return { id: edge[3], from: edge[1], to: edge[2] };
  const node = OWN_NODE.exec(line);
  if (!node || KEYWORDS.has(node[1])) return null;
  const [, id, label, quoted, bare, record] = node;
  const shape = record ? "record" : "ellipse";
  return { id, shape, cls: quoted ?? bare, fields: record ? recordFields(label) : [literal(label)] };
}

function attributes(text) {
  const attrs = {};
  for (const [, key, value] of text.matchAll(ATTR)) attrs[key] = unquote(value);
  return attrs;
}

/** A quoted DOT string's raw text (escapes kept: record labels need them). */
function unquote(text) {
  return text.startsWith('"') ? text.slice(1, -1) : text;
}

/** `{a|data\ 2.0|grad\ 0.0}` → ["a", "data 2.0", "grad 0.0"]: a backslash makes the next
 * character literal; an unescaped `|` separates fields, `{ }` only group them. */
export function recordFields(label) {
  const fields = [];
  let field = "";
  for (let i = 0; i < label.length; i++) {
    const ch = label[i];
    if (ch === "\\" && i + 1 < label.length) field += label[++i];
    else if (ch === "|") {
      fields.push(field);
      field = "";
    } else if (ch !== "{" && ch !== "}") field += ch;
  }
  fields.push(field);
  return fields;
}

/** A plain label's text: `\"` and `\\` unescaped. */
function literal(label) {
  return label.replace(/\\(.)/g, "$1");
}

/** Each node's rank as the page worked it out from the DOT before the record carried it: the
 * longest path in Kahn's order (inputs first, in DOT order), then each leaf just before its
 * first use. id → rank. */
export function dotRanks({ nodes, edges }) {
  const ins = new Map(nodes.map((n) => [n.id, []]));
  const outs = new Map(nodes.map((n) => [n.id, []]));
  for (const { from, to } of edges) {
    outs.get(from).push(to);
    ins.get(to).push(from);
  }
  const waiting = new Map(nodes.map((n) => [n.id, ins.get(n.id).length]));
  const order = nodes.filter((n) => waiting.get(n.id) === 0).map((n) => n.id);
  for (let head = 0; head < order.length; head++) {
    for (const next of outs.get(order[head])) {
      waiting.set(next, waiting.get(next) - 1);
      if (waiting.get(next) === 0) order.push(next);
    }
  }
  const rank = new Map();
  for (const id of order) rank.set(id, Math.max(0, ...ins.get(id).map((i) => rank.get(i) + 1)));
  for (const id of order) {
    if (ins.get(id).length || !outs.get(id).length) continue;
    rank.set(id, Math.max(0, Math.min(...outs.get(id).map((o) => rank.get(o))) - 1));
  }
  return rank;
}
