// Wiring only: read the server's initial data, draw its graph at once (Graphviz, no Python),
// then boot the engine worker in the background and connect the modules.
import { postHeights } from "./page/auto-height.js";
import { BootStatus } from "./python/boot-status.js";
import { StepControls } from "./steps/controls.js";
import { Descent } from "./learn/descent.js";
import { keepDrafts } from "./editor/draft-keeper.js";
import { Editor } from "./editor/editor.js";
import { DatapointField } from "./graph/datapoint-field.js";
import { ExercisePanel } from "./exercise/exercise-panel.js";
import { earlyWorkerRunning } from "./python/early-worker.js";
import { EngineClient } from "./python/engine-client.js";
import { GraphChoice } from "./editor/graph-choice.js";
import { GraphView } from "./graph/graph-view.js";
import { HelpDialog } from "./steps/help-dialog.js";
import { Inspector } from "./steps/inspector.js";
import { bindKeys } from "./steps/keys.js";
import { Learn } from "./learn/check.js";
import { LinkStart } from "./page/link-start.js";
import { LiveGraphs } from "./learn/live-graphs.js";
import { Manual } from "./learn/manual.js";
import { Moons } from "./learn/moons.js";
import { NodeCursor } from "./steps/node-cursor.js";
import { NodeTable } from "./steps/node-table.js";
import { OnScreen } from "./page/on-screen.js";
import { OutputPane } from "./editor/output-pane.js";
import { elements } from "./page/page-elements.js";
import { firstFrame } from "./page/first-frame.js";
import { Practice } from "./learn/practice.js";
import { PageTitle } from "./page/page-title.js";
import { PythonStart } from "./python/python-start.js";
import { ResultView } from "./steps/result-view.js";
import { bindRunLimit } from "./editor/run-limit.js";
import { RulePanel } from "./steps/rule-panel.js";
import { runEdits } from "./python/edit-runs.js";
import { bindSharing } from "./page/sharing.js";
import { bindTheme } from "./page/theme.js";
import { UrlState } from "./page/url-state.js";
import { VizLayout } from "./graph/viz-layout.js";

// The first frame is painted, and on a repeat visit Python's worker has started, before the
// page's own work.
const painted = firstFrame();
await Promise.all([painted, earlyWorkerRunning()]);
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
  dotStyle: data.dot_style,
  layout: new VizLayout({
    vizUrl: vendor.viz ?? "missing-viz.js",
    workerUrl: new URL("./layout-worker/worker.js", import.meta.url),
    notes: data.layout_notes, // the engine's words for the layered layout's notes
  }),
});
// An embed without controls is a picture of the end of the pass, whose Python loads only on
// demand: the server decides it (app/page_data.py, PageOptions.starts_at_end).
const picture = Boolean(data.python_on_demand);
const urlState = new UrlState({
  defaultSource: data.source,
  startsAtEnd: picture,
  descent: data.descent, // descent's defaults, left out of links
  maxUrlBytes: data.max_url_bytes, // the server's limit (414 past it)
  defaultMode: data.default_mode, // the server's (engine.record.tracing.DEFAULT_MODE)
});
const editor = new Editor({
  ...elements("editor"),
  presets: data.presets,
  defaultMode: data.default_mode,
});
const output = new OutputPane(elements("output"), (line, col, endCol) =>
  editor.select(line, col, endCol),
);
const graphChoice = new GraphChoice(elements("graphChoice"));
const current = () => results.stepper;
const controls = new StepControls(elements("controls"), current);
controls.speed = data.speed;
const say = (text) => controls.say(text);
const results = new ResultView({
  view,
  controls,
  rules: new RulePanel($("rule")),
  nodeTable: new NodeTable({ ...elements("nodeTable"), folds: view.folds }),
  editor,
  picture,
  missingLayout: vendor.viz ? "" : MISSING_VENDOR,
});
results.forward = Boolean(options.forward);
const modes = () => ({ practice, manual, descent });
const onScreen = new OnScreen({ editor, results, modes, graphChoice });
const remember = () => data.exercise || urlState.update(onScreen.withLearning()); // exercise: its own store
onScreen.onChange(remember); // a permalink keeps the learning modes and descent's fields
const pageTitle = new PageTitle(data.embed ? null : data.title_format);
results.addEventListener("step", () => {
  pageTitle.show(results.stepper?.trace);
  editor.showRan(results.stepper?.step?.ran); // the learner's lines that step ran
  inspector.refresh();
  remember();
});

// What the page's first script left (templates/partials/early-python.js): the worker's source,
// whether Python starts at load, the worker started already on a repeat visit.
const early = globalThis.earlyPython;
const engine = new EngineClient({
  source: early?.source,
  vendor,
  runLimitMs: data.run_limit_ms,
  heapLimit: data.worker_heap_limit,
});
bindRunLimit($("run-limit"), engine, data.run_limit_choices ?? [], data.run_limit_ms);
const python = new PythonStart({
  engine,
  status: new BootStatus($("boot-status")),
  say: (text) => view.say(text),
  editor,
  picture,
  missing: vendor.pyodide && vendor.engine_zip ? "" : MISSING_VENDOR,
  waiting: Boolean(data.result?.pending), // a Python program waits for the worker
  bytes: data.python_bytes, // Python's download in bytes, for its progress
});

/** A run's result: its output, its error, its graphs; the graph on screen stays otherwise.
 * `laidOut`: the server's SVG of it, adopted rather than laid out here; `start`: a link's
 * position for it (link-start.js). */
async function showRun(result, laidOut = null, start = null) {
  python.ran();
  exercise?.ran(result);
  editor.showLanguage(result.language);
  output.show(result);
  graphChoice.show(result);
  if (result.error) editor.showError(result.error);
  else editor.clearError();
  if (!result.trace) {
    await results.showRun(result); // dims the graph on screen
    remember();
    return;
  }
  const linkGraph = start?.graph ?? null; // a link's "Graph of", if the run has that graph
  const chosen = linkGraph !== null && graphChoice.graph(linkGraph) ? linkGraph : null;
  newGraph(chosen ?? result.chosen ?? 0);
  if (chosen !== null) graphChoice.choose(chosen);
  if (start) await results.show(chosen === null ? result : graphChoice.graph(chosen), start.step);
  else await results.showRun(result, { keepStep: !practice.active, laidOut });
  practice.ask();
}

// A link's own program (?src=) is not the reader's: the worker that ran it, if it was Python, is
// not the one that runs the reader's edits (docs/security.md).
const linkSource = new URLSearchParams(window.location.search).has("src") ? data.source : null;
const linkStart = new LinkStart(data, linkSource); // a Python link's step, once it has run
// While Python downloads, an edit in the expression language is drawn from the server's run
// too (python/edit-runs.js).
runEdits({ data, editor, engine, python, output, graphChoice, show: showRun, linkSource, linkStart });

const live = new LiveGraphs({
  engine,
  editor,
  waiting: () => {
    python.start(); // a picture embed's Python starts when asked for
    return python.waitingText();
  },
});
const learning = { engine: live, graph: () => live.index, say };
const showRecord = (...args) => results.showRecord(...args);
const learn = new Learn(elements("learn"), learning);
const descent = new Descent(elements("descent"), {
  ...learning,
  // Each round is shown at its end (its grads filled in), on the layout already on screen.
  show: (trace) => showRecord(trace, Infinity, true),
  chosen: options.params ?? [],
});
new Moons(elements("moons"), { engine, say });
const manual = new Manual(elements("manual"), {
  ...learning,
  onScreen: () => results.result,
  show: showRecord,
  current,
});
const help = new HelpDialog(elements("help"));
const folds = view.folds; // a graph folded by its modules (graph/fold-screen.js)
const point = { wrap: $("datapoint-choice"), field: $("datapoint"), hint: $("datapoint-hint"), picture: $("datapoint-picture") };
new DatapointField(point, { folds, graph: $("graph") }); // a batch: the point it follows
const inspector = new Inspector(elements("inspector"), { current, active: () => !manual.active, folds });
const cursor = new NodeCursor({
  current,
  inspector,
  say,
  reveal: (id) => view.follow({ node: id, changes: [] }),
  folds,
});
bindKeys({ graph: $("graph"), current, view, manual, cursor, help: () => help.open() });
const practice = new Practice(elements("practice"), {
  current,
  tolerance: data.practice_tolerance,
  say,
});

/** A new program, or another of its graphs: the learning modes start over. */
function newGraph(index) {
  inspector.hide();
  live.index = index;
  learn.clear();
  descent.clear();
  manual.end();
}

graphChoice.addEventListener("choose", async (e) => {
  const graph = graphChoice.graph(e.detail.index);
  if (!graph) return;
  newGraph(e.detail.index);
  await results.show(graph, 0);
});

// An exercise (exercise/): a failed check's record is shown at the wrong call (or before any, at
// a value that differs), marked.
const showLocated = async ({ record, step, node, input }, { reveal = false } = {}) => {
  newGraph(live.index);
  if (!(await results.showRecord(record, step === null ? 0 : step + 1))) return;
  view.markLocated(node, input);
  if (reveal) $("graph").scrollIntoView({ block: "center" });
};
const exercise = data.exercise ? new ExercisePanel({ ...data, editor, engine, show: showLocated }) : null;
if (exercise) python.whenReady(() => exercise.ready());

const downloads = () => import("./graph/downloads.js");
bindSharing({ urlState, onScreen, say, downloads, exercise: data.exercise?.id });
view.bindButtons(document);
results.bindForwardToggle($("forward-toggle"), say);

// First paint: the server's result (or, if the source has an error, the default program's).
// A learner who typed before this script ran keeps their text, and it runs.
const typedFirst = editor.changedEarly;
if (!typedFirst) editor.source = data.source;
// The learner's draft of this page and link, if any, replaces the link's program (and runs).
const restored = exercise ? exercise.restore() : keepDrafts({ editor, urlState, link: data.source });
editor.setValues(data.values, data.source); // a link's values: its own program only
editor.mode = data.mode ?? data.default_mode;
editor.showLanguage(data.result?.language);
const first = data.result?.ok ? data.result : data.fallback;
if (!data.result?.ok && data.result?.error) editor.showError(data.result.error);
// The server decides when Python starts (app/early_python.py): at once when it sent the first
// graph laid out or the program waits for Python (on a repeat visit the page's first script
// started it: adopted here); else after Graphviz's layout (on two cores, booting beside the
// layout delayed the first graph more than it sped Python).
const serverSvg = $("graph").querySelector(":scope > svg");
const editorPanel = document.querySelector(".editor-panel");
const startsAtLoad = Boolean(early?.starts);
const restoring = Boolean(early?.worker); // started already: a repeat visit
if (startsAtLoad || python.waiting) python.soon(editorPanel);
if (typedFirst || restored) editor.now();
const firstStep = data.step ?? 0; // the server counts the forward pass's steps when shown
(first ? results.show(first, firstStep, { laidOut: serverSvg }) : painted.then(() => false))
  .then((shown) => {
    performance.mark("first-graph"); // for tests and benchmarks (timings.js)
    if (shown && options.autoplay) results.stepper.play();
    if (shown && options.practice) practice.start();
    if (shown && options.manual) python.whenReady(() => manual.start());
    // The code editor after the first graph (its ~135 KB never delay it); on a repeat visit
    // after Python's boot (its setup slowed the restore by 40 ms). The textarea takes typing.
    const upgrade = () =>
      editor.upgrade(vendor.editor).catch((error) => console.warn("The code editor did not load:", error));
    if (restoring) python.afterBoot(upgrade);
    else upgrade();
  })
  .finally(() => {
    if (!startsAtLoad && !python.waiting) python.soon(editorPanel);
    // A result too big to inline: the server left it out, and Python computes it here.
    if (data.deferred) {
      view.say(data.deferred);
      python.start();
      editor.now();
    }
  });
