// Keyboard shortcuts, all of them on the graph (#graph takes focus: Tab to it or click it).
// Keys typed anywhere else belong to the page, the browser and assistive technology: no
// single-key shortcut acts while focus is on a button, a field or the page (WCAG 2.1.4).
// While the learner calls _backward() by hand, arrows on the graph choose a node and Enter
// calls it (Manual); Enter on a node opens the inspector (Inspector, its own listener).

/** Every shortcut, in the order the help dialog lists them: [keys as shown, what they do]. */
export const SHORTCUTS = [
  ["→", "next step"],
  ["←", "previous step"],
  ["↑ ↓", "move between the values (said, and shown in the inspector)"],
  ["Enter", "into the inspector of that value (Esc: back to the graph); on a folded group, open it"],
  ["Esc", "fold the open group around that value"],
  ["Home", "back to the start"],
  ["End", "the last step"],
  ["Space", "play or pause"],
  ["+", "zoom in"],
  ["−", "zoom out"],
  ["0", "fit the graph"],
  ["Shift + arrows", "pan"],
  ["?", "this list"],
];

const MOVES = {
  ArrowRight: (s) => s.next(),
  ArrowLeft: (s) => s.prev(),
  Home: (s) => s.reset(),
  End: (s) => s.end(),
};

/**
 * graph: div#graph; current(): the Stepper on screen; view: the GraphView (zoom, pan, fit);
 * manual: Manual (may be null); cursor: NodeCursor (may be null); help(): open the shortcut
 * list (may be null).
 */
export function bindKeys({ graph, current, view, manual = null, cursor = null, help = null }) {
  if (!graph) return; // its description (#graph-keys) tells of the keys
  // Escape folds the group around the cursor before the inspector's own Escape closes it.
  graph.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "Escape" && !event.defaultPrevented && cursor?.escape()) event.preventDefault();
    },
    { capture: true },
  );
  graph.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "?" && help) {
      help();
    } else if (view.handleKey(event) || manual?.handleKey(event) || cursor?.handleKey(event)) {
      // zoom, pan or fit; a node chosen or called by hand; or the next value
    } else if (!stepOrPlay(event, current())) {
      return;
    }
    event.preventDefault();
  });
}

/** The stepping keys: true if `event` was one of them. */
function stepOrPlay(event, stepper) {
  if (!stepper || event.shiftKey) return false;
  if (event.key in MOVES) {
    stepper.pause();
    MOVES[event.key](stepper);
  } else if (event.key === " ") {
    stepper.toggle();
  } else {
    return false;
  }
  return true;
}
