// The graph in our own DOT (engine/record/dot.py writes it: one node or edge per line), read back
// into nodes and edges for the layered layout. Only that subset of DOT: one statement per
// line, attributes as key=value or key="quoted". What to draw (fields, classes, ids) stays the
// engine's decision; this only reads it.

const NAME = String.raw`("(?:[^"\\]|\\.)*"|[A-Za-z0-9_]+)`; // quoted, or a bare id
const NODE = new RegExp(String.raw`^\s*${NAME}\s*\[(.*)\]\s*;?\s*$`);
const EDGE = new RegExp(String.raw`^\s*${NAME}\s*->\s*${NAME}\s*(?:\[(.*)\])?\s*;?\s*$`);
const ATTR = /([A-Za-z_]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,\]]+)/g;
const KEYWORDS = new Set(["graph", "node", "edge"]);
// engine/record/dot.py's own lines, read in one match each (at 20,000 values the general reading,
// attribute by attribute, took twice as long); any other line takes the general path.
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
