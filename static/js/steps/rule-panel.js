// The chain-rule panel: what the step just shown did, as the lines that ran with their numbers.
// User text (labels) only ever goes in through textContent. A step whose panel has the same
// shape as the last one's (most steps: a title and one or two lines) only rewrites the
// characters of its text nodes: new elements cost that step's frame their style and layout.

export class RulePanel {
  constructor(element) {
    this.element = element;
  }

  show(stepper) {
    if (!this.element) return;
    const { trace, step, position, length } = stepper;
    const nodes = new Map(trace.nodes.map((n) => [n.id, n]));
    const name = (id) => nodes.get(id)?.name ?? "the output"; // never an id: ids are keys
    const title = el("p", "rule-title");
    if (!step) {
      if (trace.mode === "program") {
        title.append(
          length
            ? "Before the program's first _backward() call. “Next step” makes it."
            : "The program made no _backward() calls on this graph.",
        );
      } else {
        title.append("Nothing has run yet. “Next step” seeds the output: ");
        title.append(code(`${name(trace.output)}.grad = 1`));
      }
      update(this.element, [title]);
      return;
    }
    title.append(`Step ${position} of ${length}: `);
    if (step.kind === "forward") {
      title.append("forward: ", code(step.say));
      update(this.element, [title]);
      return;
    }
    if (step.kind === "seed") {
      title.append("seed the output ", code(name(step.node)));
    } else {
      const op = step.op ? ` (${step.op} node)` : "";
      title.append(code(name(step.node)), `${op} ran `, code("_backward()"));
    }
    const parts = [title];
    if (step.ran?.length) {
      // A learner's own closure, quoted: each statement it ran, names and numbers put in
      // (the engine made the text: engine/record/closure_lines.py). The editor marks the same lines.
      parts.push(el("p", "rule-where", `Your code, ${lineRange(step.ran)}, with its numbers:`));
      const ran = el("ul", "rule-lines rule-ran");
      const lastOf = new Map(step.ran.map((line, i) => [line.child, i]));
      step.ran.forEach((line, i) => {
        const item = el("li");
        item.append(code(line.text));
        const change = step.changes.find((c) => c.node === line.child);
        const note = lastOf.get(line.child) === i && change && contributionNote(change, trace.mode);
        if (note) item.append(el("span", "rule-note", note));
        ran.append(item);
      });
      parts.push(ran);
      update(this.element, parts);
      return;
    }
    const list = el("ul", "rule-lines");
    for (const change of step.changes) {
      const item = el("li");
      item.append(code(change.explain));
      const note = contributionNote(change, trace.mode);
      if (note) item.append(el("span", "rule-note", note));
      list.append(item);
    }
    if (step.code) {
      // A learner's own closure: the lines of their program that just ran.
      parts.push(el("p", "rule-where", `Your code, line ${step.code.line}:`));
      parts.push(el("pre", "rule-code", step.code.text));
    }
    parts.push(list);
    update(this.element, parts);
  }
}

/** Make `element`'s children look like `children` (new, detached nodes), keeping the nodes
 * already there wherever the shape is the same. */
function update(element, children) {
  if (!sameShape(element.childNodes, children)) {
    element.replaceChildren(...children);
    return;
  }
  children.forEach((child, i) => copyText(element.childNodes[i], child));
}

function sameShape(nodes, others) {
  if (nodes.length !== others.length) return false;
  for (let i = 0; i < nodes.length; i++) {
    const [a, b] = [nodes[i], others[i]];
    if (a.nodeName !== b.nodeName || a.className !== b.className) return false;
    if (a.nodeType === Node.ELEMENT_NODE && !sameShape(a.childNodes, [...b.childNodes])) {
      return false;
    }
  }
  return true;
}

function copyText(node, from) {
  if (node.nodeType === Node.TEXT_NODE) {
    if (node.data !== from.data) node.data = from.data;
    return;
  }
  from.childNodes.forEach((child, i) => copyText(node.childNodes[i], child));
}

/** "line 14" or "lines 14–15", over the statements a step ran. */
function lineRange(ran) {
  const first = Math.min(...ran.map((r) => r.line));
  const last = Math.max(...ran.map((r) => r.end_line ?? r.line));
  return first === last ? `line ${first}` : `lines ${first}–${last}`;
}

function contributionNote(change, mode) {
  if (!(change.contributions >= 2)) return "";
  const nth = ordinal(change.contributions);
  if (mode === "overwrite") return `${nth} contribution: it replaced the earlier ones (the = bug)`;
  return `${nth} contribution: += adds it to the earlier ones`;
}

function ordinal(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th";
  return `${n}${suffix}`;
}

function el(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text) element.textContent = text;
  return element;
}

function code(text) {
  return el("code", "", text);
}
