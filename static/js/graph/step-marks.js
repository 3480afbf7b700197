// A step's highlight on the graph on screen: classes on the <g> of nodes and edges. "current":
// the step's value, with its op node and the edges into either (a value folded into a group's
// box: that box); "changed": the values whose
// grad the step wrote; "accumulates" and "nonfinite": marks that last from step to step. Only
// what differs from the last step is written (a class removed and added again would still
// restyle that node: on the MLP graph, hundreds of them on every step).

export class StepMarks {
  /** `groups`: SVG id → <g> of every node, op node and edge of the record `trace`; `shown(id)`:
   * the drawn id of a value (its folded group's box, folding.js), its own by default. */
  constructor(trace, groups, shown = (id) => id) {
    this.groups = groups;
    this.shown = shown;
    // A value's op node and the edges into either: marked with it while its step runs.
    this.intoNode = new Map(trace.nodes.map((n) => [n.id, n.op_id ? [n.op_id] : []]));
    const valueOf = new Map(trace.nodes.filter((n) => n.op_id).map((n) => [n.op_id, n.id]));
    for (const edge of trace.edges) this.intoNode.get(valueOf.get(edge.to) ?? edge.to)?.push(edge.id);
    this.marked = new Map(); // element → Set of the step classes the last show set on it
  }

  /** Mark the stepper's position. */
  show(stepper) {
    const marks = new Map();
    const mark = (id, name) => {
      const element = this.groups.get(id) ?? this.groups.get(this.shown(id));
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
    // These persist between steps: toggled in place, so an unchanged one is no DOM write.
    for (const id of stepper.trace.accumulates) {
      this.groups.get(id)?.classList.toggle("accumulates", stepper.accumulated(id));
    }
    for (const id of stepper.trace.nonfinite) {
      this.groups.get(id)?.classList.toggle("nonfinite", stepper.nonfinite(id));
    }
  }
}
