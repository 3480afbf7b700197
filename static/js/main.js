// Wiring only: read the server's initial data, draw its graph at once (Graphviz, no Python),
// then boot the engine worker in the background and connect the modules.
import { postHeights } from "./auto-height.js";
import { BootStatus } from "./boot-status.js";
import { StepControls } from "./controls.js";
import { Descent } from "./descent.js";
import { Editor } from "./editor.js";
import { EngineClient } from "./engine-client.js";
import { GraphChoice } from "./graph-choice.js";
import { GraphView } from "./graph-view.js";
import { HelpDialog } from "./help-dialog.js";
import { Inspector } from "./inspector.js";
import { Learn } from "./learn.js";
import { Manual } from "./manual.js";
import { Moons } from "./moons.js";
import { NodeTable } from "./node-table.js";
import { bindKeys } from "./keys.js";
import { NodeCursor } from "./node-cursor.js";
import { bindPanButtons } from "./pan-zoom.js";
import { OutputPane } from "./output-pane.js";
import { Practice } from "./practice.js";
import { RulePanel } from "./rule-panel.js";
import { Stepper } from "./stepper.js";
import { bindTheme } from "./theme.js";
import { measureLast } from "./timings.js";
import { UrlState, copyLink } from "./url-state.js";
import { VizLayout } from "./viz-layout.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("initial-data").textContent);
const options = data.options ?? {};
const vendor = data.vendor ?? {};
const MISSING_VENDOR = "static/vendor is missing; run scripts/setup.sh";
if (data.embed) postHeights();
bindTheme($("theme")); // on / only: an embed's theme is its URL's

const view = new GraphView({
  container: $("graph"),
  notice: $("notice"),
  layout: new VizLayout({
    vizUrl: vendor.viz ?? "missing-viz.js",
    workerUrl: new URL("./layout-worker.js", import.meta.url),
  }),
});
const rules = new RulePanel($("rule"));
const nodeTable = new NodeTable({
  button: $("node-table-button"),
  panel: $("node-table-panel"),
  table: $("node-table"),
});
const bootStatus = new BootStatus($("boot-status"));
// An embed without controls is a picture of the end of the pass, whose Python loads only on
// demand: the server decides it (app/page_data.py, PageOptions.starts_at_end).
const picture = Boolean(data.python_on_demand);
const urlState = new UrlState({
  defaultSource: data.source,
  startsAtEnd: picture,
  descent: data.descent, // descent's defaults, left out of links
});
const editor = new Editor({
  textarea: $("expression"),
  error: $("editor-error"),
  inputs: $("inputs"),
  preset: $("preset"),
  presetLoad: $("preset-load"),
  mode: $("mode"),
  presets: data.presets,
});
const output = new OutputPane(
  { panel: $("output-panel"), region: $("output"), text: $("output-text"), error: $("output-error") },
  (line, col, endCol) => editor.select(line, col, endCol),
);
const graphChoice = new GraphChoice({
  group: $("graph-choice"),
  select: $("graph-of"),
  note: $("graph-note"),
});
let stepper = null; // the Stepper of the graph on screen
let shownResult = null; // the run_json result on screen: its record (trace) and DOT
const current = () => stepper;
const controls = new StepControls(
  {
    reset: $("reset"),
    prev: $("prev"),
    play: $("play"),
    next: $("next"),
    timeline: $("timeline"),
    stepCount: $("step-count"),
    speed: $("speed"),
    status: $("status"),
  },
  current,
);
controls.speed = data.speed;

/** The program, mode and step on screen: what links, embeds and downloads reproduce. */
function onScreen() {
  return {
    source: editor.source,
    mode: editor.mode,
    step: stepper?.position ?? 0,
    values: editor.inputs, // what-if values the learner set
  };
}

/** The graph on screen, for downloads: the one place that knows where the record and DOT are. */
function onScreenGraph() {
  return {
    ...onScreen(),
    record: shownResult?.trace ?? null,
    dot: shownResult?.dot ?? "",
    svg: $("graph").querySelector("svg"),
    background: getComputedStyle($("graph")).backgroundColor,
  };
}

function remember() {
  urlState.update({ ...onScreen(), ...learningOnScreen() });
}

/** The learning modes and descent's fields on screen, as a permalink keeps them. */
function learningOnScreen() {
  return {
    forward: forwardOn,
    practice: practice.active,
    manual: manual.active,
    rate: $("learning-rate")?.value ?? "",
    steps: $("descent-steps")?.value ?? "",
    params: descent.checkedNames(),
  };
}

function showStep(event) {
  // A picture's first view shows its output (initial()), not the last step's far end.
  view.update(stepper, event?.detail.dirty ?? null, { follow: Boolean(event) || !picture });
  inspector.refresh();
  rules.show(stepper);
  nodeTable.show(stepper, event?.detail ?? null);
  controls.show(stepper, { announce: Boolean(event) });
  remember();
}

let forwardOn = Boolean(options.forward); // the forward pass is on the timeline too

/** The record's timeline, with one step per value of the forward pass first if asked. */
function timeline(trace) {
  if (!forwardOn || trace.backward[0]?.kind === "forward") return trace;
  const forward = trace.forward.map((f) => ({
    kind: "forward",
    node: f.node,
    changes: [],
    say: f.explain,
  }));
  return { ...trace, backward: [...forward, ...trace.backward] };
}

/**
 * Lay out a run_json result (or use `laidOut`, the server's SVG of it) and show it at
 * `position`; false if a newer one took over.
 */
async function showResult(result, position, laidOut = null, keepLayout = false) {
  const next = new Stepper(timeline(result.trace), { speed: controls.speed });
  next.goTo(position);
  try {
    const shown = laidOut
      ? view.adopt(laidOut, result.trace)
      : (keepLayout && view.relabel(result.trace)) || (await view.show(result.dot, result.trace));
    if (!shown) return false;
  } catch (error) {
    const reason = vendor.viz ? error.message : MISSING_VENDOR;
    const why = `The new graph could not be drawn (${reason}): showing the last program that ran.`;
    if (stepper) markStale(true, why);
    else view.say(why.replace(": showing the last program that ran", ""));
    return false;
  }
  const replacing = Boolean(stepper); // then the live region still tells of the old graph
  stepper?.pause();
  stepper = next;
  shownResult = result;
  stepper.addEventListener("change", showStep);
  stepper.addEventListener("playing", (e) => controls.showPlaying(e.detail.playing));
  editor.showInputs(namedLeaves(result.trace));
  const started = performance.now();
  showStep(null);
  measureLast("first-step", started);
  if (replacing) controls.show(stepper); // the status line tells of the graph on screen
  return true;
}

/** name → data of every leaf the learner named: what the What-if fields offer. */
function namedLeaves(trace) {
  const leaves = trace.nodes.filter((n) => n.leaf && /^[A-Za-z_][A-Za-z0-9_]*$/.test(n.label));
  return Object.fromEntries(leaves.map((n) => [n.label, n.data]));
}

/** Does `result` draw the same graph as the one on screen (so the step can stay)? */
function sameShape(result) {
  const a = stepper?.trace;
  const b = timeline(result.trace);
  return Boolean(a) && a.nodes.length === b.nodes.length && a.backward.length === b.backward.length;
}

const engine = new EngineClient({
  workerUrl: new URL("./worker.js", import.meta.url),
  vendor,
  runLimitMs: data.run_limit_ms,
});
let waitingPython = Boolean(data.result?.pending); // a Python program waits for the worker
engine.addEventListener("progress", (e) => {
  bootStatus.progress(e.detail);
  if (waitingPython) {
    const { stage, of, text } = e.detail;
    view.say(`This program is Python: it runs once Python has started (${stage + 1}/${of}: ${text})`);
  }
});
engine.addEventListener("ready", (e) => bootStatus.ready(e.detail.ms));
engine.addEventListener("restarting", (e) => bootStatus.restarting(e.detail));
engine.addEventListener("failed", (e) => bootStatus.failed(e.detail.message));
bootStatus.onRetry(() => engine.retry());

/** The graph on screen no longer belongs to the program in the editor (or does again). */
function markStale(stale, why = "") {
  $("graph").classList.toggle("stale", stale);
  if (stale) view.say(why);
  else if ($("graph").dataset.stale === "true") view.say("");
  $("graph").dataset.stale = String(stale);
}

/** A run's result: its output, its error, its graphs; the graph on screen stays otherwise. */
async function showRun(result) {
  waitingPython = false;
  output.show(result);
  graphChoice.show(result);
  if (result.error) editor.showError(result.error);
  else editor.clearError();
  if (!result.trace) {
    const why = result.stopped
      ? "The program was stopped: showing the last program that ran."
      : "The program has an error: showing the last program that ran.";
    if (stepper) markStale(true, why);
    remember();
    return;
  }
  markStale(false);
  newGraph(result.chosen ?? 0);
  await showResult(result, sameShape(result) && !practice.active ? stepper.position : 0);
  practice.ask();
}

editor.addEventListener("edit", async () => {
  startEngine(); // if it waited for the reader
  const { source, mode } = editor;
  if (engine.state !== "ready") bootStatus.editWaiting();
  output.pending();
  const result = await engine.run(source, mode, editor.inputs);
  if (result) await showRun(result); // else a newer edit superseded this one
});

let graphIndex = 0; // which graph of the last run is on screen (the worker keeps them all)

/**
 * Put a record (and its DOT) on screen at `position`, as the learning modes need; with
 * `keepLayout`, a record of the same graph (a descent round) only rewrites the numbers.
 */
async function showRecord(trace, dot, position = 0, keepLayout = false) {
  await showResult({ trace, dot, inputs: shownResult?.inputs ?? {} }, position, null, keepLayout);
}

const learning = {
  // The worker holds the live graphs of the last program it ran. The first graph comes from
  // the server, and a restart forgets them: then the program runs again, quietly, first.
  engine: {
    async act(graph, action, args) {
      const result = await engine.act(graph, action, args);
      if (result.ok || !result.error?.gone) return result;
      await engine.run(editor.source, editor.mode, editor.inputs);
      return engine.act(graph, action, args);
    },
  },
  graph: () => graphIndex,
  say: (text) => controls.say(text),
};
const learn = new Learn(
  { check: $("check-gradients"), checkSay: $("check-say"), checkTable: $("check-table") },
  learning,
);
const descent = new Descent(
  {
    rate: $("learning-rate"),
    steps: $("descent-steps"),
    run: $("run-descent"),
    step: $("descent-step"),
    params: $("descent-params"),
    paramList: $("descent-param-list"),
    say: $("descent-say"),
    plot: $("loss-plot"),
    history: $("loss-history"),
  },
  // Each round is shown at its end (its grads filled in), on the layout already on screen.
  {
    ...learning,
    show: (trace, dot) => showRecord(trace, dot, Infinity, true),
    chosen: options.params ?? [],
  },
);
for (const field of ["learning-rate", "descent-steps", "descent-param-list"]) {
  $(field)?.addEventListener("change", () => remember()); // a permalink keeps them
}
new Moons(
  {
    train: $("moons-train"),
    step: $("moons-step"),
    restart: $("moons-restart"),
    say: $("moons-say"),
    boundary: $("moons-boundary"),
    loss: $("moons-loss"),
    accuracy: $("moons-accuracy"),
    table: $("moons-table"),
    history: $("moons-history"),
  },
  { engine, say: (text) => controls.say(text) },
);
const manual = new Manual(
  {
    toggle: $("manual-toggle"),
    panel: $("manual"),
    node: $("manual-node"),
    call: $("manual-call"),
    undo: $("manual-undo"),
    note: $("manual-note"),
  },
  { ...learning, onScreen: () => shownResult, show: showRecord, current },
);
const help = new HelpDialog({ button: $("help-button"), dialog: $("help-dialog") });

const inspector = new Inspector(
  { panel: $("inspector"), body: $("inspector-body"), close: $("inspector-close") },
  { current, active: () => !manual.active },
);
const cursor = new NodeCursor({
  current,
  inspector,
  say: (text) => controls.say(text),
  reveal: (id) => view.follow({ node: id, changes: [] }),
});
bindKeys({ graph: $("graph"), current, view, manual, cursor, help: () => help.open() });

const practice = new Practice(
  {
    toggle: $("practice-toggle"),
    panel: $("practice"),
    form: $("practice-form"),
    fields: $("practice-fields"),
    hint: $("practice-hint"),
    hintText: $("practice-hint-text"),
    score: $("practice-score"),
  },
  { current, tolerance: data.practice_tolerance, say: (text) => controls.say(text) },
);
// A learning mode turned on or off (its toggle's aria-pressed): the permalink follows.
const modeToggles = new MutationObserver(() => remember());
for (const id of ["forward-toggle", "practice-toggle", "manual-toggle"]) {
  const toggle = $(id);
  if (toggle) modeToggles.observe(toggle, { attributeFilter: ["aria-pressed"] });
}

/** A new program, or another of its graphs: the learning modes start over. */
function newGraph(index) {
  inspector.hide();
  graphIndex = index;
  learn.clear();
  descent.clear();
  manual.end();
}

graphChoice.addEventListener("choose", async (e) => {
  const graph = graphChoice.graph(e.detail.index);
  if (!graph) return;
  newGraph(e.detail.index);
  await showResult(graph, 0);
});

$("copy-link")?.addEventListener("click", async (event) => {
  const link = urlState.link();
  if (urlState.tooLong) {
    controls.say("This program is too long for a link; copy its text from the Expression box.");
    return;
  }
  controls.say(await copyLink(link, event.currentTarget));
});
// Sharing: loaded only on pages that have it (an embed fetches neither module).
if ($("embed-button")) {
  import("./embed-dialog.js").then(({ EmbedDialog }) => {
    // The learning modes on screen start checked in the dialog.
    const state = () => ({ ...onScreen(), ...learningOnScreen() });
    new EmbedDialog({ button: $("embed-button"), dialog: $("embed-dialog"), state });
  });
}
if ($("downloads")) {
  import("./downloads.js").then(({ Downloads }) => {
    new Downloads({ menu: $("downloads"), graph: onScreenGraph, say: (t) => controls.say(t) });
  });
}
$("fit")?.addEventListener("click", () => view.fit());
$("zoom-in")?.addEventListener("click", () => view.zoomIn());
$("zoom-out")?.addEventListener("click", () => view.zoomOut());
bindPanButtons(document, () => view.panZoom);

// First paint: the server's result (or, if the source has an error, the default program's).
editor.source = data.source;
editor.setValues(data.values);
editor.mode = data.mode ?? "correct";
const first = data.result?.ok ? data.result : data.fallback;
if (!data.result?.ok && data.result?.error) editor.showError(data.result.error);
function startEngine() {
  if (engine.state !== "stopped") return;
  bootStatus.starting();
  if (vendor.pyodide && vendor.engine_zip) engine.start();
  else engine.fail(MISSING_VENDOR);
  if (waitingPython) editor.now(); // sent as soon as the worker is ready
}
/** Run `fn` once Python is ready (now, if it is). */
function afterPython(fn) {
  if (engine.state === "ready") fn();
  else engine.addEventListener("ready", () => fn(), { once: true });
}

/** Start Python now, or (an embed that is a picture) once the reader turns to the editor. */
function startEngineSoon() {
  if (!picture) {
    startEngine();
    return;
  }
  bootStatus.onDemand();
  const panel = document.querySelector(".editor-panel");
  for (const type of ["focusin", "pointerdown"]) {
    panel?.addEventListener(type, startEngine, { once: true });
  }
}

// The server usually sends the first graph already laid out, inside #graph: then Python can
// start booting at once. Otherwise Graphviz lays the graph out first, and Python waits for it
// (on two cores, booting beside the layout delayed the first graph more than it sped Python).
const serverSvg = $("graph").querySelector(":scope > svg");
if (serverSvg || waitingPython) startEngineSoon();
$("forward-toggle")?.setAttribute("aria-pressed", String(forwardOn));
$("forward-toggle")?.addEventListener("click", async (event) => {
  forwardOn = !forwardOn;
  event.currentTarget.setAttribute("aria-pressed", String(forwardOn));
  if (shownResult) await showResult(shownResult, 0);
  controls.say(forwardOn ? "The timeline starts with the forward pass." : "Backward pass only.");
});

const firstStep = forwardOn ? 0 : (data.step ?? 0);
(first ? showResult(first, firstStep, serverSvg) : Promise.resolve(false))
  .then((shown) => {
    performance.mark("first-graph"); // for tests and benchmarks (timings.js)
    if (shown && options.autoplay) stepper.play();
    if (shown && options.practice) practice.start();
    if (shown && options.manual) afterPython(() => manual.start());
    // The code editor after the first graph: its ~135 KB never delay the picture.
    editor.upgrade(vendor.editor).catch((error) => console.warn("The code editor did not load:", error));
  })
  .finally(() => {
    if (!serverSvg && !waitingPython) startEngineSoon();
    // A result too big to inline: the server left it out, and Python computes it here.
    if (data.deferred) {
      view.say(data.deferred);
      startEngine();
      editor.now();
    }
  });
