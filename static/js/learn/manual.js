// Manual backward: the learner chooses whose `_backward()` runs next — from the Node list, or
// by clicking a node — in any order. Each call is a real call on the live graph in the worker
// (engine.worker.session); its step goes on this graph's timeline, so Previous/Next replay the calls.
// Nodes whose consumers have all run are marked "ready"; at the end, grads that differ from
// the correct pass are marked, with the correct value given in words.
import { onNodeClick, valueGroup } from "../shared/node-click.js";

export class Manual {
  /**
   * elements: {toggle, panel, node, call, undo, note};
   * engine: the EngineClient; graph(): the graph's index under "Graph of";
   * onScreen(): {trace} on screen; show(trace, position) puts a trace on screen;
   * current(): the Stepper on screen; say(text): the live region.
   */
  constructor(elements, { engine, graph, onScreen, show, current, say }) {
    Object.assign(this, { el: elements, engine, graph, onScreen, show, current, say });
    this.active = false;
    this.trace = null; // the manual timeline: the record's nodes, and the calls made so far
    elements.toggle?.addEventListener("click", () => (this.active ? this.stop() : this.start()));
    elements.call?.addEventListener("click", () => this.call(elements.node.value));
    elements.undo?.addEventListener("click", () => this.undo());
    elements.node?.addEventListener("change", () => this.showChosen());
    onNodeClick(document.getElementById("graph"), (id) => {
      if (this.active) this.call(id);
    });
  }

  async start() {
    const shown = this.onScreen();
    if (!shown?.trace) return;
    const state = await this.engine.act(this.graph(), "manual_start", {}, (t) => this.tell(t));
    if (!state.ok) {
      this.tell(state.error.message);
      return;
    }
    this.original = shown;
    this.options = null; // the Node list is made again for this graph
    this.clearVerdict();
    this.trace = {
      ...shown.trace,
      mode: "manual",
      nodes: shown.trace.nodes.map((n) => ({
        ...n,
        grad: state.grads[n.id],
        grad_text: state.grad_texts[n.id],
      })),
      backward: [],
    };
    await this.show(this.trace, 0);
    this.active = true;
    this.el.panel.hidden = false;
    this.el.toggle.setAttribute("aria-pressed", "true");
    this.el.toggle.textContent = "Stop calling _backward() yourself";
    this.fillNodes(state);
    this.tell(
      "Every grad is 0 and the output's is 1. Choose a node and call its _backward(): " +
        "any order is allowed; ready nodes have had all their consumers run.",
    );
  }

  async stop() {
    this.active = false;
    this.el.panel.hidden = true;
    this.el.toggle.setAttribute("aria-pressed", "false");
    this.el.toggle.textContent = "Call _backward() yourself";
    await this.engine.act(this.graph(), "reset");
    this.mark({ ready: [], wrong: {} });
    if (this.original) await this.show(this.original.trace, 0);
    this.tell("Back to the program's own pass.");
  }

  /** A new program: manual mode ends without touching the worker (its graphs are new). */
  end() {
    this.active = false;
    this.clearVerdict(); // it was about the old program
    if (this.el.panel) this.el.panel.hidden = true;
    this.el.toggle?.setAttribute("aria-pressed", "false");
    if (this.el.toggle) this.el.toggle.textContent = "Call _backward() yourself";
  }

  async call(nodeId) {
    if (!this.active || !nodeId) return;
    const result = await this.engine.act(this.graph(), "call", { node: nodeId });
    if (!result.ok) {
      this.tell(result.error.message);
      return;
    }
    const stepper = this.current();
    this.trace.backward.push({ ...result.step, index: this.trace.backward.length });
    stepper.goTo(this.trace.backward.length);
    this.fillNodes(result);
    const early = result.step.early ? ` ${result.step.early}` : "";
    this.tell(`${result.step.say}${early}${this.verdict(result)}`);
  }

  async undo() {
    if (!this.active || this.trace.backward.length === 0) return;
    const state = await this.engine.act(this.graph(), "undo");
    if (!state.ok) return;
    const stepper = this.current();
    stepper.goTo(this.trace.backward.length - 1);
    this.trace.backward.pop();
    stepper.goTo(this.trace.backward.length);
    this.clearVerdict(); // not every node has run any more
    this.fillNodes(state);
    this.tell("Undid the last call: every grad is as it was before it.");
  }

  /**
   * Keys on the graph while calling by hand: ↓ or → chooses the next node of the Node list,
   * ↑ or ← the one before, Enter calls the chosen node's `_backward()`. True if the key was ours.
   */
  handleKey(event) {
    if (!this.active || event.shiftKey || !event.target.closest?.("#graph")) return false;
    const moves = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
    if (event.key === "Enter") {
      this.call(this.el.node.value);
      return true;
    }
    if (!(event.key in moves)) return false;
    const select = this.el.node;
    const n = select.options.length;
    if (n === 0) return true;
    select.selectedIndex = (select.selectedIndex + moves[event.key] + n) % n;
    this.showChosen();
    this.tell(`Chosen: ${select.selectedOptions[0].text}. Enter calls its _backward().`);
    return true;
  }

  /** Outline the node chosen in the Node list on the graph. */
  showChosen() {
    const id = this.active ? this.el.node.value : null;
    if (this.chosen && this.chosen !== id) valueGroup(this.chosen)?.classList.remove("chosen");
    if (id) valueGroup(id)?.classList.add("chosen");
    this.chosen = id;
  }

  /**
   * The Node list: every computed node, ready ones first and said so. Only the options whose
   * tag changed are rewritten (a call on a 1,000-value graph changes a few).
   */
  fillNodes(state) {
    const ready = new Set(state.ready);
    const called = new Set(state.called);
    const select = this.el.node;
    if (!this.options) {
      const computed = this.trace.nodes.filter((n) => !n.leaf).reverse();
      const entry = (n) => ({ option: new Option("", n.id), name: n.name, tag: null });
      this.options = new Map(computed.map((n) => [n.id, entry(n)]));
      select.replaceChildren(...[...this.options.values()].map((o) => o.option));
    }
    for (const [id, entry] of this.options) {
      const tags = [ready.has(id) ? "ready" : "", called.has(id) ? "called" : ""];
      const tag = tags.filter(Boolean).join(", ");
      if (tag === entry.tag) continue;
      entry.tag = tag;
      entry.option.text = `${entry.name}${tag ? ` (${tag})` : ""}`;
    }
    const keep = select.value;
    const next = state.ready.find((id) => !called.has(id));
    select.value = this.options.has(keep) && !called.has(keep) ? keep : (next ?? keep);
    this.mark({ ready: state.ready, wrong: state.remaining.length ? {} : state.wrong });
    this.showChosen();
  }

  /** At the end (every computed node called): which grads differ from the correct pass. */
  verdict(state) {
    if (state.remaining.length) return "";
    const names = new Map(this.trace.nodes.map((n) => [n.id, n.name]));
    const wrong = Object.entries(state.wrong);
    const text = wrong.length
      ? ` Every node has run; ${wrong.length} grad${wrong.length === 1 ? "" : "s"} differ from ` +
        `the correct pass: ${wrong
          .map(([id, w]) => `${names.get(id)} is ${w.text}, correct ${w.correct_text}`)
          .join("; ")}.`
      : " Every node has run, and every grad equals the correct pass.";
    this.el.note.textContent = text.trim();
    return text;
  }

  /** The verdict on a finished manual pass is about that pass only. */
  clearVerdict() {
    if (this.el.note) this.el.note.textContent = "";
  }

  /** Classes `ready` and `wrong` on the graph's nodes: only those that change are touched. */
  mark({ ready, wrong }) {
    const svg = document.querySelector("#graph svg");
    const want = {
      ready: new Set(this.active ? ready : []),
      wrong: new Set(this.active ? Object.keys(wrong ?? {}) : []),
    };
    if (svg !== this.marked?.svg) {
      // A new picture: start from what it has (nothing of ours, unless it is one we marked).
      this.marked = { svg, ready: new Set(), wrong: new Set() };
      for (const g of svg?.querySelectorAll("g.node.value.ready, g.node.value.wrong") ?? []) {
        for (const name of ["ready", "wrong"]) {
          if (g.classList.contains(name)) this.marked[name].add(g.id);
        }
      }
    }
    for (const name of ["ready", "wrong"]) {
      const had = this.marked[name];
      for (const id of had) if (!want[name].has(id)) valueGroup(id)?.classList.remove(name);
      for (const id of want[name]) if (!had.has(id)) valueGroup(id)?.classList.add(name);
      this.marked[name] = want[name];
    }
    if (!this.active) this.showChosen();
  }

  tell(text) {
    this.say(text);
  }
}
