// The graph on screen: laid out once per program, then each step rewrites a few <text>
// elements (value-texts.js) and toggles highlight classes (step-marks.js), and pans to the
// step's values (node-boxes.js, pan-zoom.js). Never a re-layout while stepping.
import { tileSvg } from "./graph-tiles.js";
import { describeGraph, Notice } from "./graph-words.js";
import { FoldScreen } from "./fold-screen.js";
import { arrive, glide, glidesFrom, nodePlaces } from "./glide.js";
import { NodeBoxes, union } from "./node-boxes.js";
import { PanZoom, bindPanButtons } from "./pan-zoom.js";
import { InPlace } from "./in-place.js";
import { clearLocated, markLocated } from "./located-mark.js";
import { layeredGraph, recordDot } from "./record-dot.js";
import { StepMarks } from "./step-marks.js";
import { TileCuller } from "./tile-culler.js";
import { measureLast } from "../shared/timings.js";
import { onNodeClick } from "../shared/node-click.js";
import { indexValues, sameGraph, writeNumbers } from "./value-texts.js";

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
    this.notice = new Notice(notice);
    this.token = 0;
    this.panZoom = null;
    this.values = new Map(); // node id → {group, dataText, gradText}
    this.groups = new Map(); // SVG id → <g> of every node, op node and edge
    this.marks = null; // the step's highlight (StepMarks)
    this.boxes = new NodeBoxes(this.values, null); // where the values are: none yet
    this.folds = new FoldScreen(dotStyle); // the groups folded into boxes (folding.js)
    this.inPlace = new InPlace(dotStyle); // a group opened or folded where it is
  }

  /** The DOT of a record, written here from its fields (record-dot.js): the only DOT laid out. */
  dotOf(trace) {
    return recordDot(trace, this.dotStyle);
  }

  /**
   * Lay out the record `trace` and put it on screen. Resolves to true once shown, false if a
   * newer call superseded it; rejects if the record can't be drawn or Graphviz fails (the old
   * graph stays). `open`: the groups drawn open (else the fold's own choice); `keep`: a group
   * whose centre stays where it was on screen, at the same zoom (one that opens or folds).
   */
  async show(trace, { open = null, keep = null } = {}) {
    const fold = this.folds.viewFor(trace, open);
    const choice = this.folds.choice(trace, fold);
    const pinned = keep ? this.onScreen(keep) : null;
    let was = keep ? this.nodePlaces() : null; // where the graph's nodes were: they glide
    // Graphviz lays out DOT; the layered layout (chosen, or Graphviz's fallback) the record's
    // graph: written only when the graph is laid out whole (not for a group drawn in place).
    const source = () => ({
      dot: choice.layout === "graphviz" ? recordDot(trace, this.dotStyle, fold.view) : null,
      graph: layeredGraph(trace, this.dotStyle, fold.view),
    });
    const place = keep ? this.placeOf(trace, fold, keep) : null;
    const token = ++this.token;
    const count = trace.nodes.length;
    const progress = count > this.dotStyle?.progress_over ? this.notice.progress(count) : null;
    this.container.setAttribute("aria-busy", "true");
    const started = performance.now();
    let svg;
    try {
      const offMainThread = count > OFF_MAIN_THREAD;
      if (place) svg = await this.inPlace.draw(place, this.layout, offMainThread);
      if (!svg && token === this.token) svg = await this.layout.layout(source(), choice, { offMainThread });
    } finally {
      progress?.();
      if (token === this.token) {
        this.container.removeAttribute("aria-busy");
        this.say("");
      }
    }
    if (!svg || token !== this.token) return false;
    const laidOut = performance.now();
    const graphviz = svg.getAttribute("data-layout") === "graphviz";
    this.inPlace.drawn(svg, trace, fold.view, fold.open, graphviz, place?.pristine);
    was = glidesFrom(was) ? was : null;
    if (was) arrive(svg, was);
    this.install(svg, trace, fold);
    if (pinned) this.pin(keep, pinned);
    if (was) glide(svg, this.groups, was, this.nodePlaces(), this.panZoom.view.scale);
    // Which layout drew it, and why when it is not Graphviz (viz-layout.js says so on the SVG).
    this.container.dataset.layout = svg.getAttribute("data-layout") ?? "graphviz";
    if (svg.hasAttribute("data-note")) this.say(svg.getAttribute("data-note"));
    // Timings of the last graph, for benchmarks: the layout, then putting it on screen.
    measureLast("layout", started, laidOut);
    measureLast("install", laidOut);
    this.layoutAhead(trace, fold.view && choice.layout === "graphviz" && count > OFF_MAIN_THREAD);
    return true;
  }

  /** With a folded graph laid out by Graphviz off the main thread, the views a click on it
   * may ask for next are laid out ahead (viz-layout.js makeAhead): the groups nearest the
   * view's centre first. Else nothing is (`folded` false: the ones asked for before are dropped). */
  layoutAhead(trace, folded) {
    if (!folded) {
      this.layout.makeAhead?.([]);
      return;
    }
    const view = this.panZoom.visibleBox();
    const [cx, cy] = [view.x + view.width / 2, view.y + view.height / 2];
    const far = (id) => {
      const r = this.groupBox(id);
      return r ? Math.hypot(r.x + r.width / 2 - cx, r.y + r.height / 2 - cy) : Infinity;
    };
    const dotOf = (next, id) => {
      if (this.folds.choice(trace, next).layout !== "graphviz") return null;
      const place = this.placeOf(trace, next, id);
      return place ? (place.dot ?? null) : recordDot(trace, this.dotStyle, next.view);
    };
    this.layout.makeAhead?.(this.folds.nextDots(trace, far, dotOf));
    const planOf = ({ id, open }) => this.placeOf(trace, this.folds.viewFor(trace, open), id);
    if (this.layout.ahead) this.inPlace.composeAhead(this.folds.nextViews(far), planOf, this.layout.ahead);
  }

  /** How opening or folding group `id` to `fold` (FoldScreen.viewFor's) is drawn in place
   * (in-place.js plan), or null: laid out whole. */
  placeOf(trace, fold, id) {
    const graphviz = this.folds.choice(trace, fold).layout === "graphviz";
    return graphviz ? this.inPlace.plan(trace, id, fold.view, fold.open) : null;
  }

  /** Where every node drawn now is on screen (glide.js nodePlaces), or null before a graph. */
  nodePlaces() {
    const root = this.container.querySelector(":scope > svg g.graph");
    return this.panZoom ? nodePlaces(this.groups, root, this.panZoom) : null;
  }

  /** Use an SVG the server already laid out from the same DOT (the first paint). */
  adopt(svg, trace) {
    ++this.token; // a layout still running for an older graph must not replace this one
    this.layout.cancel();
    const started = performance.now();
    const fold = this.folds.viewFor(trace);
    this.inPlace.drawn(svg, trace, fold.view, fold.open, true);
    this.install(svg, trace, fold);
    this.container.dataset.layout = "graphviz";
    measureLast("layout", started, started); // the server laid it out
    measureLast("install", started);
    return true;
  }

  /** Say `text` in the notice above the graph ("" hides it). */
  say(text) {
    this.notice.say(text);
  }

  /**
   * The same graph with other numbers (a descent round): rewrite the data texts in place and
   * keep the layout, pan and zoom. False if `trace` is not the graph on screen.
   */
  relabel(trace) {
    if (!sameGraph(trace, this.values, this.groups)) return false;
    this.clearLocated(); // a failed check's mark is its own graph's
    this.inPlace.forget(); // the views kept hold the old numbers
    ++this.token; // a layout still running for an older graph must not replace this one
    const data = new Map(trace.nodes.map((n) => [n.id, n.data_text]));
    writeNumbers(this.values, data.keys(), "data", (id) => data.get(id));
    this.container.setAttribute("aria-label", describeGraph(trace));
    return true;
  }

  install(svg, trace, fold) {
    for (const title of svg.querySelectorAll("title")) title.remove(); // "n0": noise as a tooltip
    svg.setAttribute("focusable", "false");
    svg.setAttribute("aria-hidden", "true"); // #graph is the role="img"; it carries the label
    delete this.container.dataset.located; // a new graph: no failed check's mark on it yet
    // A big graph in tiles: a step repaints only the tiles it touched, those on screen.
    const culler = tileSvg(svg) ? new TileCuller(svg) : null;
    this.culler = culler;
    this.groups = new Map();
    for (const group of svg.querySelectorAll("g.node, g.edge")) this.groups.set(group.id, group);
    this.values = indexValues(trace, this.groups);
    this.folds.install(trace, fold, this.groups);
    this.marks = new StepMarks(trace, this.groups, (id) => this.folds.shown(id));
    this.located = { edges: trace.edges, opOf: new Map(trace.nodes.map((n) => [n.id, n.op_id ?? n.id])) };
    const boxes = [...this.folds.texts.keys()].map((id) => [id, { group: this.groups.get(id) }]);
    this.boxes = new NodeBoxes(new Map([...this.values, ...boxes]), svg.querySelector("g.graph"));
    const measured = this.panZoom?.measured ?? null; // the same container: its size is known
    this.panZoom?.destroy();
    this.container.replaceChildren(svg);
    const box = svg.viewBox.baseVal;
    const extent = { x: box.x, y: box.y, width: box.width, height: box.height };
    this.panZoom = new PanZoom(this.container, svg, extent, {
      onView: culler && ((view) => culler.show(view)),
      measured,
    });
    const natural = this.panZoom.naturalHeight();
    this.container.style.setProperty("--graph-natural-height", `${natural}px`);
    this.container.setAttribute("aria-label", describeGraph(trace));
    this.panZoom.edges = this.boxes.edges();
    this.panZoom.initial(this.boxes.boxOf(this.folds.shown(trace.output)));
    this.container.dataset.folded = String(this.folds.texts.size); // boxes drawn for groups
    for (const button of this.foldButtons ?? []) button.hidden = this.folds.groups.length === 0;
  }

  /** Show the stepper's position; `dirty`: ids whose grad text may have changed (null: all);
   * `follow`: pan to the step's node (not for the first view of a picture embed, which shows
   * the output: initial()). */
  update(stepper, dirty = null, { follow = true } = {}) {
    const ids = dirty ?? this.values.keys();
    writeNumbers(this.values, ids, "grad", (id) => stepper.grad(id).text);
    this.folds.write(stepper, dirty);
    if (stepper.hasForward) {
      writeNumbers(this.values, this.values.keys(), "data", (id) => stepper.dataText(id));
    }
    this.marks?.show(stepper);
    const step = stepper.step;
    if (step && follow) this.follow(step);
    // The views the next and the previous step will pan to: their tiles are drawn while idle.
    const near = [stepper.steps[stepper.position], stepper.steps[stepper.position - 2]];
    this.culler?.expect(
      near.filter(Boolean).map((s) => this.panZoom.revealed(this.followBox(s), this.boxes.edges())),
    );
  }

  /** A failed exercise check's place, marked until the next graph (located-mark.js). */
  markLocated(node, input = null) {
    markLocated(this, this.located, node, input);
  }

  clearLocated() {
    clearLocated(this.container);
  }

  /** Pan so the step's node is in view, with the inputs it wrote to if they fit too. */
  follow(step) {
    const box = this.followBox(step);
    if (box) this.panZoom.reveal(box, this.boxes.edges());
  }

  /** What following `step` brings into view: its node, with its inputs if they fit. */
  followBox(step) {
    const own = this.boxes.boxOf(this.folds.shown(step.node));
    if (!own) return null;
    const all = step.changes.map((c) => this.boxes.boxOf(this.folds.shown(c.node))).reduce(union, own);
    return this.panZoom.fits(all) ? all : own;
  }

  fit() {
    this.panZoom?.fit();
  }

  /** Where group `id` is on screen (container pixels of its centre) and the zoom, or null. */
  onScreen(id) {
    const r = this.groupBox(id);
    return r && this.panZoom ? this.panZoom.screenPoint(r) : null;
  }

  /** Pan so group `id`'s centre is at `at` (onScreen's), at its zoom. */
  pin(id, at) {
    const r = this.groupBox(id);
    if (r) this.panZoom.place(r, at);
  }

  /** The box around what group `id` covers on screen: its folded box, or its values'. */
  groupBox(id) {
    const boxes = this.folds.coveredBy(id).map((n) => this.boxes.boxOf(n)).filter(Boolean);
    return boxes.length ? boxes.reduce(union) : null;
  }

  zoomIn() {
    this.panZoom?.zoom(ZOOM_STEP);
  }

  zoomOut() {
    this.panZoom?.zoom(1 / ZOOM_STEP);
  }

  /** The view's buttons above the graph (`root`: the document): Fit, zoom, and the four pans. */
  bindButtons(root) {
    root.getElementById("fit")?.addEventListener("click", () => this.fit());
    root.getElementById("zoom-in")?.addEventListener("click", () => this.zoomIn());
    root.getElementById("zoom-out")?.addEventListener("click", () => this.zoomOut());
    bindPanButtons(root, () => this.panZoom);
    // A graph with modules: open and fold them all, a folded group by a click on it, and back.
    this.foldButtons = ["open-all", "fold-all"].map((id) => root.getElementById(id)).filter(Boolean);
    root.getElementById("open-all")?.addEventListener("click", () => this.folds.openAll());
    root.getElementById("fold-all")?.addEventListener("click", () => this.folds.foldAll());
    onNodeClick(this.container, (id) => this.folds.openGroup(id), "g.node.fold");
    // An open group's frame (record-dot.js, id `cluster_g3`): a click on its name folds it.
    onNodeClick(this.container, (id) => this.folds.foldGroup(id.slice("cluster_".length)), "g.cluster.group");
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
