// Wiring only: read the server's initial data, draw its graph at once (Graphviz, no Python),
// then boot the engine worker in the background and connect the modules.
import { BootStatus } from "./boot-status.js";
import { StepControls } from "./controls.js";
import { Editor } from "./editor.js";
import { EngineClient } from "./engine-client.js";
import { GraphView } from "./graph-view.js";
import { bindKeys } from "./keys.js";
import { RulePanel } from "./rule-panel.js";
import { Stepper } from "./stepper.js";
import { UrlState, copyLink } from "./url-state.js";
import { VizLayout } from "./viz-layout.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("initial-data").textContent);
const options = data.options ?? {};
const vendor = data.vendor ?? {};
const MISSING_VENDOR = "static/vendor is missing; run scripts/setup.sh";

const view = new GraphView({
  container: $("graph"),
  notice: $("notice"),
  layout: new VizLayout({
    vizUrl: vendor.viz ?? "missing-viz.js",
    workerUrl: new URL("./layout-worker.js", import.meta.url),
  }),
});
const rules = new RulePanel($("rule"));
const bootStatus = new BootStatus($("boot-status"));
const urlState = new UrlState({
  defaultSource: data.source,
  startsAtEnd: Boolean(data.embed && options.controls === false),
});
const editor = new Editor({
  textarea: $("expression"),
  error: $("editor-error"),
  inputs: $("inputs"),
  preset: $("preset"),
  mode: $("mode"),
  presets: data.presets,
});
let stepper = null; // the Stepper of the graph on screen
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
if (Number.isFinite(options.speed)) controls.speed = options.speed;
bindKeys({ current, view });

function remember() {
  urlState.update({ source: editor.source, mode: editor.mode, step: stepper?.position ?? 0 });
}

function showStep(event) {
  view.update(stepper, event?.detail.dirty ?? null);
  rules.show(stepper);
  controls.show(stepper, { announce: Boolean(event) });
  remember();
}

/**
 * Lay out a run_json result (or use `laidOut`, the server's SVG of it) and show it at
 * `position`; false if a newer one took over.
 */
async function showResult(result, position, laidOut = null) {
  const next = new Stepper(result.trace, { speed: controls.speed });
  next.goTo(position);
  try {
    const shown = laidOut
      ? view.adopt(laidOut, result.trace)
      : await view.show(result.dot, result.trace);
    if (!shown) return false;
  } catch (error) {
    const reason = vendor.viz ? error.message : MISSING_VENDOR;
    view.say(`Graphviz could not lay out this graph (${reason}); the last one stays.`);
    return false;
  }
  stepper?.pause();
  stepper = next;
  stepper.addEventListener("change", showStep);
  stepper.addEventListener("playing", (e) => controls.showPlaying(e.detail.playing));
  editor.showInputs(result.inputs);
  const started = performance.now();
  showStep(null);
  $("graph").dataset.firstStepMs = String(Math.round(performance.now() - started));
  return true;
}

/** Does `result` draw the same graph as the one on screen (so the step can stay)? */
function sameShape(result) {
  const a = stepper?.trace;
  const b = result.trace;
  return Boolean(a) && a.nodes.length === b.nodes.length && a.backward.length === b.backward.length;
}

const engine = new EngineClient({
  workerUrl: new URL("./worker.js", import.meta.url),
  vendor,
});
engine.addEventListener("progress", (e) => bootStatus.progress(e.detail));
engine.addEventListener("ready", (e) => bootStatus.ready(e.detail.ms));
engine.addEventListener("failed", (e) => {
  bootStatus.failed(e.detail.message);
  editor.disable();
});

async function runEditor() {
  const { source, mode } = editor;
  if (engine.state === "booting") bootStatus.editWaiting();
  const result = await engine.run(source, mode, editor.inputs);
  if (!result) return; // a newer edit superseded this one
  if (!result.ok) {
    editor.showError(result.error);
    remember();
    return;
  }
  editor.clearError();
  await showResult(result, sameShape(result) ? stepper.position : 0);
}
editor.addEventListener("edit", runEditor);

$("copy-link")?.addEventListener("click", async (event) => {
  const link = urlState.link();
  if (urlState.tooLong) {
    controls.say("This program is too long for a link; copy its text from the Expression box.");
    return;
  }
  controls.say(await copyLink(link, event.currentTarget));
});
$("fit")?.addEventListener("click", () => view.fit());
$("zoom-in")?.addEventListener("click", () => view.zoomIn());
$("zoom-out")?.addEventListener("click", () => view.zoomOut());

// First paint: the server's result (or, if the source has an error, the default program's).
editor.source = data.source;
editor.mode = data.mode ?? "correct";
const first = data.result?.ok ? data.result : data.fallback;
if (!data.result?.ok && data.result?.error) editor.showError(data.result.error);
bootStatus.starting();
function startEngine() {
  if (vendor.pyodide && vendor.engine_zip && vendor.graphviz_wheel) engine.start();
  else engine.fail(MISSING_VENDOR);
}

// The server usually sends the first graph already laid out, inside #graph: then Python can
// start booting at once. Otherwise Graphviz lays the graph out first, and Python waits for it
// (on two cores, booting beside the layout delayed the first graph more than it sped Python).
const serverSvg = $("graph").querySelector(":scope > svg");
if (serverSvg) startEngine();
(first ? showResult(first, data.step ?? 0, serverSvg) : Promise.resolve(false))
  .then((shown) => {
    $("graph").dataset.firstGraphMs = String(Math.round(performance.now()));
    if (shown && options.autoplay) stepper.play();
  })
  .finally(() => {
    if (!serverSvg) startEngine();
    // A result too big to inline: the server left it out, and Python computes it here.
    if (data.deferred) {
      view.say(data.deferred);
      runEditor();
    }
  });
