// The folded graph on screen: which groups are open (kept while the same program's groups
// come back, else chosen by folding.js firstOpen with the server's number), the fold view the
// layout drew, its boxes' texts rewritten as steps change grads, and the boxes' places, so
// that a group opens or folds where it was. GraphView owns one; the page asks it to open or
// fold through `onChange(open, keep)` (ResultView lays the graph out again, same step).
import { choiceOf } from "../shared/layout-choice.js";
import { pointPartText } from "./fold-texts.js";
import { drawnCount, firstOpen, foldView, groupsOf, groupValues } from "./folding.js";
import { setText } from "./value-texts.js";

export class FoldScreen {
  /** style: the page data's dot_style (its `fold`: {first_nodes, graphviz_max}). */
  constructor(style) {
    this.style = style?.fold ?? { first_nodes: Infinity, graphviz_max: 0 };
    this.open = new Set(); // the open groups of the graph on screen
    this.key = null; // its groups, in words: a new program with the same modules keeps them open
    this.view = null; // its FoldView, or null when nothing is folded
    this.record = null;
    this.texts = new Map(); // folded box id → {grad, params} <text>s
    this.onChange = null; // (open, keep) => Promise: lay the graph out with these groups open
  }

  /** The fold view to draw `trace` with: `open` if given, else the open groups kept. */
  viewFor(trace, open = null) {
    const key = groupsOf(trace).map((g) => g.name).join("\n");
    let groups = open;
    if (!groups) groups = key === this.key ? this.open : firstOpen(trace, this.style.first_nodes);
    return { key, open: new Set(groups), view: foldView(trace, groups) };
  }

  /** The layout for a fold view: a folded graph within graphviz_max nodes is Graphviz's. */
  choice(trace, { view, open }) {
    if (!view || drawnCount(trace, open) > this.style.graphviz_max) return choiceOf(trace);
    return { layout: "graphviz", note: "" };
  }

  /** The fold drawn: index its boxes' texts in `elements` (SVG id → <g>). */
  install(trace, { key, open, view }, elements) {
    Object.assign(this, { key, open, view, record: trace });
    this.texts = new Map();
    for (const id of view?.members.keys() ?? []) {
      const texts = elements.get(id)?.querySelectorAll("text");
      if (!texts) continue;
      const t = view.texts(id);
      this.texts.set(id, { grad: t.grad ? texts[2] : null, params: t.params ? texts[texts.length - 1] : null });
    }
  }

  get groups() {
    return this.record ? groupsOf(this.record) : [];
  }

  /** The drawn id of value `id`: its box's when it is folded away. */
  shown(id) {
    return this.view?.shownId(id) ?? id;
  }

  /** Rewrite the boxes' grads at the stepper's position (`dirty`: value ids, null for all). */
  write(stepper, dirty = null) {
    const { view } = this;
    if (!view) return;
    const touched = new Set();
    for (const id of dirty ?? view.boxOf.keys()) if (view.boxOf.has(id)) touched.add(view.boxOf.get(id));
    for (const box of touched) {
      const elements = this.texts.get(box);
      if (!elements) continue;
      const t = this.textsAt(box, stepper);
      if (elements.grad && t.grad) setText(elements.grad, t.grad);
      if (elements.params && t.params) setText(elements.params, t.params);
    }
  }

  /** Folded box `id`'s texts (fold-texts.js boxTexts) at the stepper's position. */
  textsAt(id, stepper) {
    return this.view.texts(id, (n) => stepper.grad(n), (i) => stepper.ran(i));
  }

  /** With one datapoint followed, its part of parameter `id`'s grad at the stepper's position
   * (fold-texts.js pointPartText), else null. */
  pointPartAt(id, stepper) {
    if (this.view?.point == null) return null;
    return pointPartText(this.view.pointPart(id), (i) => stepper.ran(i));
  }

  /** The values (drawn ids) that group `id` covers on screen: its box, or what it opened to. */
  coveredBy(id) {
    if (this.view?.isBox(id)) return [id];
    const ids = new Set(groupValues(this.record, id).map((n) => this.shown(n)));
    return [...ids];
  }

  /** Open group `id` (a folded box), keeping it where it was. */
  openGroup(id) {
    return this.onChange?.(this.opened(id), id);
  }

  /** Fold group `id` and everything inside it, keeping it where it was. */
  foldGroup(id) {
    return this.onChange?.(this.folded(id), id);
  }

  /** The groups open once group `id` opens. */
  opened(id) {
    return new Set([...this.open, id]);
  }

  /** The groups open once group `id` folds (with everything inside it). */
  folded(id) {
    const inside = new Set(this.view ? this.view.subtree(id) : subtreeOf(this.groups, id));
    return new Set([...this.open].filter((g) => !inside.has(g)));
  }

  /** The DOTs of the views one click away (nextViews, nearest first), each made when asked by
   * `dotOf(fold, id)` (fold: viewFor's, id: the group clicked; null: nothing to lay out). For
   * viz-layout.js makeAhead. */
  nextDots(trace, distance, dotOf) {
    return this.nextViews(distance).map(({ id, open }) => () => dotOf(this.viewFor(trace, open), id));
  }

  /** The views one click away — each folded box drawn opened, each open group folded — as
   * {id: the group clicked, open: the groups then open}, nearest first by `distance(id)`. */
  nextViews(distance) {
    const moves = [
      ...[...this.texts.keys()].map((id) => ({ id, open: this.opened(id) })),
      ...[...this.open].map((id) => ({ id, open: this.folded(id) })),
    ];
    return moves
      .map((move) => ({ move, far: distance(move.id) }))
      .sort((a, b) => a.far - b.far)
      .map(({ move }) => move);
  }

  openAll() {
    return this.onChange?.(new Set(this.groups.map((g) => g.id)), null);
  }

  foldAll() {
    return this.onChange?.(new Set(), null);
  }

  /** The ids drawn, in an order where each comes after what feeds it: the cursor's stops. */
  order() {
    return this.view ? this.view.drawn().items.map((i) => i.id) : null;
  }

  name(id) {
    return this.view?.groups.get(id)?.name ?? id;
  }

  /** Folded box `id` in words, for the live region: `Layer 1 · Neuron 3, folded: 8 values ·
   * 3 params; data 0.3838, grad -0.0423. Enter opens it.` */
  words(id, stepper) {
    const t = this.textsAt(id, stepper);
    const numbers = [t.data, t.grad, t.params].filter(Boolean).join(", ");
    return `${t.name}, folded: ${t.size}; ${numbers}. Enter opens it.`;
  }

  /** Folded box `id` for the inspector: [term, text] rows at the stepper's position. */
  summary(id, stepper) {
    const view = this.view;
    const { group, output, params } = view.box(id);
    const t = this.textsAt(id, stepper);
    const names = (ids) => ids.map((n) => view.nodes.get(n)?.name ?? n).join(", ");
    const made = view.members.get(id);
    return [
      ["Group", `${group.name} (a ${group.kind}), folded`],
      ["output", output ? `${output.name}: ${t.data}, ${t.grad}` : t.data],
      ["holds", t.size],
      ["params", params.length ? `${names(params)}; ${t.params}` : "none of its own drawn here"],
      ["values", names(made)],
      ["open it", "Enter, or a click on its box"],
    ];
  }

  /** The innermost open group around drawn value `id` (Escape folds it), or null: the group
   * that made it, or for a parameter the last group that lists it. */
  openAround(id) {
    const groups = this.groups;
    const owner = groups.findLast((g) => g.nodes.includes(id)) ?? groups.findLast((g) => g.params.includes(id));
    return owner && this.open.has(owner.id) ? owner.id : null;
  }
}

function subtreeOf(groups, id) {
  const all = [id];
  for (let i = 0; i < all.length; i++) all.push(...groups.filter((g) => g.parent === all[i]).map((g) => g.id));
  return all;
}
