// The page's elements each module works with, by id (templates/index.html, embed.html): one
// table, so main.js connects modules without spelling ids. Any element may be missing (an
// embed's options leave out controls, the editor, the learning modes): its entry is null.

const IDS = {
  controls: {
    reset: "reset",
    prev: "prev",
    play: "play",
    next: "next",
    timeline: "timeline",
    stepCount: "step-count",
    speed: "speed",
    status: "status",
  },
  nodeTable: { button: "node-table-button", panel: "node-table-panel", table: "node-table" },
  editor: {
    textarea: "expression",
    error: "editor-error",
    inputs: "inputs",
    whatIfNote: "what-if-note",
    whatIfReset: "what-if-reset",
    preset: "preset",
    presetLoad: "preset-load",
    mode: "mode",
  },
  output: {
    panel: "output-panel",
    region: "output",
    text: "output-text",
    note: "output-note",
    error: "output-error",
  },
  graphChoice: { group: "graph-choice", select: "graph-of", note: "graph-note" },
  learn: { check: "check-gradients", checkSay: "check-say", checkTable: "check-table" },
  descent: {
    rate: "learning-rate",
    steps: "descent-steps",
    run: "run-descent",
    step: "descent-step",
    params: "descent-params",
    paramList: "descent-param-list",
    say: "descent-say",
    plot: "loss-plot",
    history: "loss-history",
  },
  moons: {
    train: "moons-train",
    step: "moons-step",
    restart: "moons-restart",
    say: "moons-say",
    boundary: "moons-boundary",
    loss: "moons-loss",
    accuracy: "moons-accuracy",
    table: "moons-table",
    history: "moons-history",
  },
  manual: {
    toggle: "manual-toggle",
    panel: "manual",
    node: "manual-node",
    call: "manual-call",
    undo: "manual-undo",
    note: "manual-note",
  },
  help: { button: "help-button", dialog: "help-dialog" },
  inspector: { panel: "inspector", body: "inspector-body", close: "inspector-close" },
  practice: {
    toggle: "practice-toggle",
    panel: "practice",
    form: "practice-form",
    fields: "practice-fields",
    hint: "practice-hint",
    hintText: "practice-hint-text",
    score: "practice-score",
  },
};

/** name → element (or null) of the group `group` of the table above. */
export function elements(group, root = document) {
  return Object.fromEntries(
    Object.entries(IDS[group]).map(([name, id]) => [name, root.getElementById(id)]),
  );
}
