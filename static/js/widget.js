// The Jupyter widget's view (anywidget; playground_widget/ is the Python side). The page's own
// Stepper, GraphView, RulePanel and StepControls step a Value's record; the kernel laid the
// graph out, so no Graphviz and no Python run in the notebook's browser.
import { StepControls } from "./steps/controls.js";
import { GraphView } from "./graph/graph-view.js";
import { RulePanel } from "./steps/rule-panel.js";
import { Stepper } from "./steps/stepper.js";

const NO_LAYOUT = { cancel() {}, layout: async () => null }; // the SVG comes laid out

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.textContent = text;
  return node;
}

function button(text) {
  return element("button", { type: "button" }, text);
}

function render({ model, el }) {
  const root = element("div", { class: "playground-widget" });
  const controls = element("div", { class: "controls", role: "group", "aria-label": "Backward pass" });
  const parts = {
    reset: button("Reset"),
    prev: button("Previous step"),
    play: button("Play"),
    next: button("Next step"),
    timeline: element("input", { type: "range", min: "0", "aria-label": "Step" }),
    stepCount: element("output"),
    status: element("p", { role: "status", "aria-live": "polite", class: "status" }),
  };
  controls.append(parts.reset, parts.prev, parts.play, parts.next, parts.timeline, parts.stepCount);
  const graph = element("div", { class: "graph", role: "img", "aria-label": "Computation graph" });
  const rule = element("div", { class: "rule", "aria-label": "Chain rule that ran" });
  root.append(controls, parts.status, graph, rule);
  el.replaceChildren(root);

  const record = model.get("record");
  const svg = new DOMParser().parseFromString(model.get("svg"), "image/svg+xml").documentElement;
  const view = new GraphView({ container: graph, layout: NO_LAYOUT, notice: null });
  const rules = new RulePanel(rule);
  const stepper = new Stepper(record, { speed: model.get("speed") });
  const stepControls = new StepControls({ ...parts, speed: null }, () => stepper);
  stepControls.speed = model.get("speed");
  view.adopt(document.importNode(svg, true), record);
  const show = (event) => {
    view.update(stepper, event?.detail.dirty ?? null);
    rules.show(stepper);
    stepControls.show(stepper, { announce: Boolean(event) });
    if (event) {
      model.set("step", stepper.position);
      model.save_changes();
    }
  };
  stepper.addEventListener("change", show);
  stepper.addEventListener("playing", (e) => stepControls.showPlaying(e.detail.playing));
  stepper.goTo(model.get("step"));
  show(null);
  return () => stepper.pause();
}

export default { render };
