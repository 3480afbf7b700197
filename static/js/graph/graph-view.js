// The graph on screen: laid out once per program, then each step rewrites a few <text>
// elements and toggles highlight classes. Never a re-layout while stepping.
import { UNCUT_MAX } from "./fit.js";
import { tileSvg } from "./graph-tiles.js";
import { choiceOf } from "../shared/layout-choice.js";
import { PanZoom } from "./pan-zoom.js";
import { layeredGraph, recordDot } from "./record-dot.js";
import { TileCuller } from "./tile-culler.js";
import { measureLast } from "../shared/timings.js";

const OFF_MAIN_THREAD = 150; // values: bigger graphs are laid out in the layout worker
const PAN_STEP = 80; // CSS pixels per Shift+arrow
const ZOOM_STEP = 1.25;

export class GraphView {
  /** container: div#graph; layout: a VizLayout; notice: p#notice (may be null); dotStyle: how
   * to write a record's DOT (the server's engine.record.dot.page_style). */
  constructor({ container, layout, notice, dotStyle }) {
    this.container = container;
    this.dotStyle = dotStyle;
    this.layout = layout;
    this.notice = notice;
    this.token = 0;
    this.panZoom = null;
    this.values = new Map(); // node id → {group, dataText, gradText}
    this.groups = new Map(); // SVG id → <g> of every node, op node and edge
    this.intoNode = new Map(); // node id → ids of its op node and the edges into it
    this.marked = new Map(); // element → Set of the step classes the last update set on it
  }

  /** The DOT of a record, written here from its fields (record-dot.js): the only DOT laid out. */
  dotOf(trace) {
    return recordDot(trace, this.dotStyle);
  }

  /**
   * Lay out the record `trace` and put it on screen. Resolves to true once shown, false if a
   * newer call superseded it; rejects if the record can't be drawn or Graphviz fails (the old
   * graph stays).
   */
  async show(trace) {
    const choice = choiceOf(trace);
    // Graphviz lays out DOT; the layered layout (chosen, or Graphviz's fallback) the record's graph.
    const source = {
      dot: choice.layout === "graphviz" ? this.dotOf(trace) : null,
      graph: layeredGraph(trace, this.dotStyle),
    };
    const token = ++this.token;
    const count = trace.nodes.length;
    const progress = count > this.dotStyle?.progress_over ? this.showProgress(count) : null;
    this.container.setAttribute("aria-busy", "true");
    const started = performance.now();
    let svg;
    try {
      const offMainThread = count > OFF_MAIN_THREAD;
      svg = await this.layout.layout(source, choice, { offMainThread });
    } finally {
      if (progress) clearInterval(progress);
      if (token === this.token) {
        this.container.removeAttribute("aria-busy");
        this.say("");
      }
    }
    if (!svg || token !== this.token) return false;
    const laidOut = performance.now();
    this.install(svg, trace);
    // Which layout drew it, and why when it is not Graphviz (viz-layout.js says so on the SVG).
    this.container.dataset.layout = svg.getAttribute("data-layout") ?? "graphviz";
    if (svg.hasAttribute("data-note")) this.say(svg.getAttribute("data-note"));
    // Timings of the last graph, for benchmarks: the layout, then putting it on screen.
    measureLast("layout", started, laidOut);
    measureLast("install", laidOut);
    return true;
  }

  /** Use an SVG the server already laid out from the same DOT (the first paint). */
  adopt(svg, trace) {
    ++this.token; // a layout still running for an older graph must not replace this one
    this.layout.cancel();
    const started = performance.now();
    this.install(svg, trace);
    this.container.dataset.layout = "graphviz";
    measureLast("layout", started, started); // the server laid it out
    measureLast("install", started);
    return true;
  }

  showProgress(count) {
    const started = performance.now();
    const text = `Large graph (${count.toLocaleString("en")} values): layout may take a few seconds`;
    this.say(`${text}…`);
    return setInterval(() => {
      const seconds = Math.round((performance.now() - started) / 1000);
      this.say(`${text}… ${seconds} s`);
    }, 1000);
  }

  say(text) {
    if (!this.notice) return;
    this.notice.textContent = text;
    this.notice.hidden = !text;
  }

  /**
   * The same graph with other numbers (a descent round): rewrite the data texts in place and
   * keep the layout, pan and zoom. False if `trace` is not the graph on screen.
   */
  relabel(trace) {
    const same =
      trace.nodes.length === this.values.size &&
      trace.nodes.every((n) => this.values.has(n.id)) &&
      trace.edges.every((e) => this.groups.has(e.id));
    if (!same) return false;
    ++this.token; // a layout still running for an older graph must not replace this one
    for (const node of trace.nodes) {
      const { dataText } = this.values.get(node.id);
      if (dataText) setText(dataText, `data ${node.data_text}`);
    }
    const output = trace.nodes.find((n) => n.id === trace.output);
    this.container.setAttribute("aria-label", describe(trace, output));
    return true;
  }

  install(svg, trace) {
    for (const title of svg.querySelectorAll("title")) title.remove(); // "n0": noise as a tooltip
    svg.setAttribute("focusable", "false");
    svg.setAttribute("aria-hidden", "true"); // #graph is the role="img"; it carries the label
    // A big graph in tiles: a step repaints only the tiles it touched, those on screen.
    const culler = tileSvg(svg) ? new TileCuller(svg) : null;
    this.culler = culler;
    this.groups = new Map();
    for (const group of svg.querySelectorAll("g.node, g.edge")) this.groups.set(group.id, group);
    this.values = new Map();
    for (const node of trace.nodes) {
      const group = this.groups.get(node.id);
      if (!group) continue;
      // label, data, grad: the last two are ours (a constant is drawn as its number alone)
      const texts = node.constant ? [] : group.querySelectorAll("text");
      this.values.set(node.id, {
        group,
        dataText: texts[texts.length - 2],
        gradText: texts[texts.length - 1],
      });
    }
    // A value's op node and the edges into either: marked with it while its step runs.
    this.intoNode = new Map(trace.nodes.map((n) => [n.id, n.op_id ? [n.op_id] : []]));
    const valueOf = new Map(trace.nodes.filter((n) => n.op_id).map((n) => [n.op_id, n.id]));
    for (const edge of trace.edges) this.intoNode.get(valueOf.get(edge.to) ?? edge.to)?.push(edge.id);
    this.marked = new Map();
    this.boxes = new Map();
    this.root = svg.querySelector("g.graph");
    this.panZoom?.destroy();
    this.container.replaceChildren(svg);
    const box = svg.viewBox.baseVal;
    const extent = { x: box.x, y: box.y, width: box.width, height: box.height };
    this.panZoom = new PanZoom(this.container, svg, extent, {
      onView: culler && ((view) => culler.show(view)),
    });
    const natural = this.panZoom.naturalHeight();
    this.container.style.setProperty("--graph-natural-height", `${natural}px`);
    const output = trace.nodes.find((n) => n.id === trace.output);
    this.container.setAttribute("aria-label", describe(trace, output));
    this.panZoom.edges = this.edges();
    this.panZoom.initial(this.boxOf(trace.output));
    // The tiles away from the view stop rendering once all have been drawn (after a frame).
    if (culler) requestAnimationFrame(() => setTimeout(() => culler.start(), 0));
  }

  /** Show the stepper's position; `dirty`: ids whose grad text may have changed (null: all);
   * `follow`: pan to the step's node (not for the first view of a picture embed, which shows
   * the output: initial()). */
  update(stepper, dirty = null, { follow = true } = {}) {
    for (const id of dirty ?? this.values.keys()) {
      const value = this.values.get(id);
      if (value?.gradText) setText(value.gradText, `grad ${stepper.grad(id).text}`);
    }
    if (stepper.hasForward) {
      for (const [id, value] of this.values) {
        if (value.dataText) setText(value.dataText, `data ${stepper.dataText(id)}`);
      }
    }
    // The step's marks: only what differs from the last step is written (a class removed and
    // added again would still restyle that node).
    const marks = new Map();
    const mark = (id, name) => {
      const element = this.groups.get(id);
      if (!element) return;
      if (!marks.has(element)) marks.set(element, new Set());
      marks.get(element).add(name);
    };
    const step = stepper.step;
    if (step) {
      const own = step.kind === "seed" ? [] : this.intoNode.get(step.node);
      for (const id of [step.node, ...own]) mark(id, "current");
      for (const id of stepper.changed()) mark(id, "changed");
    }
    for (const [element, names] of this.marked) {
      for (const name of names) {
        if (!marks.get(element)?.has(name)) element.classList.remove(name);
      }
    }
    for (const [element, names] of marks) {
      for (const name of names) {
        if (!this.marked.get(element)?.has(name)) element.classList.add(name);
      }
    }
    this.marked = marks;
    // These marks persist between steps: toggle in place, so an unchanged one is no DOM write
    // (removing and re-adding hundreds of them restyled the MLP graph on every step).
    for (const id of stepper.trace.accumulates) {
      this.groups.get(id)?.classList.toggle("accumulates", stepper.accumulated(id));
    }
    for (const id of stepper.trace.nonfinite) {
      this.groups.get(id)?.classList.toggle("nonfinite", stepper.nonfinite(id));
    }
    if (step && follow) this.follow(step);
    // The views the next and the previous step will pan to: their tiles are drawn while idle.
    const near = [stepper.steps[stepper.position], stepper.steps[stepper.position - 2]];
    this.culler?.expect(
      near.filter(Boolean).map((s) => this.panZoom.revealed(this.followBox(s), this.edges())),
    );
  }

  /** A node's box in the SVG's viewBox units; the layout never changes, so it is cached. */
  boxOf(id) {
    if (!this.boxes.has(id)) this.boxes.set(id, this.measureBox(id));
    return this.boxes.get(id);
  }

  measureBox(id) {
    const group = this.values.get(id)?.group;
    if (!group || !this.root) return null;
    const b = outline(group) ?? group.getBBox();
    const m = this.root.transform.baseVal.consolidate()?.matrix;
    if (!m) return { x: b.x, y: b.y, width: b.width, height: b.height };
    return { x: m.a * b.x + m.e, y: m.d * b.y + m.f, width: m.a * b.width, height: m.d * b.height };
  }

  /** Pan so the step's node is in view, with the inputs it wrote to if they fit too. */
  follow(step) {
    const box = this.followBox(step);
    if (box) this.panZoom.reveal(box, this.edges());
  }

  /** Every value's box as spans on each axis (the layout never changes: made once a graph), so
   * a pan never leaves a value's label half on screen (fit.js uncut). */
  edges() {
    if (this.values.size > UNCUT_MAX) return null; // too many to look for uncut edges (fit.js)
    if (this.spans?.root !== this.root) {
      const boxes = [...this.values.keys()].map((id) => this.boxOf(id)).filter(Boolean);
      const pad = 4; // the outline's stroke
      this.spans = {
        root: this.root,
        x: boxes.map((b) => [b.x - pad, b.x + b.width + pad]),
        // a record's label is its top row of three: the bottom edge may cut below it
        y: boxes.map((b) => [b.y - pad, b.y + b.height + pad, b.y + b.height / 3 + pad]),
      };
    }
    return this.spans;
  }

  /** What following `step` brings into view: its node, with its inputs if they fit. */
  followBox(step) {
    const own = this.boxOf(step.node);
    if (!own) return null;
    const all = step.changes.map((c) => this.boxOf(c.node)).reduce(union, own);
    return this.panZoom.fits(all) ? all : own;
  }

  fit() {
    this.panZoom?.fit();
  }

  zoomIn() {
    this.panZoom?.zoom(ZOOM_STEP);
  }

  zoomOut() {
    this.panZoom?.zoom(1 / ZOOM_STEP);
  }

  /** + − 0 zoom and fit; Shift+arrows pan. True if the key was ours. */
  handleKey(event) {
    if (!this.panZoom || event.ctrlKey || event.metaKey || event.altKey) return false;
    const pans = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (event.shiftKey && event.key in pans) {
      const [dx, dy] = pans[event.key];
      this.panZoom.pan(dx * PAN_STEP, dy * PAN_STEP);
    } else if (event.key === "+" || event.key === "=") this.zoomIn();
    else if (event.key === "-" || event.key === "_") this.zoomOut();
    else if (event.key === "0") this.fit();
    else return false;
    return true;
  }
}

/** Rewrite a <text>'s characters in place: replacing its Text node (textContent) made
 * Chromium rebuild that text's layout objects, 1-5 ms each on the MLP graph; changing the
 * node's data costs microseconds. An unchanged text is not written at all. */
function setText(element, text) {
  const node = element.firstChild;
  if (node?.nodeType === Node.TEXT_NODE && !node.nextSibling) {
    if (node.data !== text) node.data = text;
  } else element.textContent = text;
}

/** The box of a record's outline polygon, read from its points: no layout needed. */
function outline(group) {
  const numbers = group.querySelector("polygon")?.getAttribute("points")?.trim().split(/[\s,]+/);
  const xs = [];
  const ys = [];
  for (let i = 0; i + 1 < (numbers?.length ?? 0); i += 2) {
    xs.push(Number(numbers[i]));
    ys.push(Number(numbers[i + 1]));
  }
  if (!xs.length || xs.some(Number.isNaN) || ys.some(Number.isNaN)) return null;
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function union(a, b) {
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const right = Math.max(a.x + a.width, b.x + b.width);
  const bottom = Math.max(a.y + a.height, b.y + b.height);
  return { x, y, width: right - x, height: bottom - y };
}

function describe(trace, output) {
  const count = trace.nodes.length;
  const what = output ? ` The output ${output.shown ?? output.name} = ${output.data_text}.` : "";
  return `Computation graph of ${count} value${count === 1 ? "" : "s"}.${what}`;
}
