// Keyboard shortcuts for the whole page, except while the learner types or uses a control
// that has its own keys: → next step, ← previous, Home start, End last step, Space play/pause;
// + − 0 zoom and fit the graph, Shift+arrows pan it (GraphView.handleKey); while the learner
// calls _backward() by hand, arrows on the graph choose a node and Enter calls it (Manual).

const OWN_KEYS = new Set(["TEXTAREA", "SELECT"]);
const CLICKS_ON_SPACE = new Set(["BUTTON", "SUMMARY", "A"]);

const SHORTCUTS = {
  next: "ArrowRight",
  prev: "ArrowLeft",
  reset: "Home",
  play: "Space",
  "zoom-in": "+",
  "zoom-out": "-",
  fit: "0",
};

export function bindKeys({ current, view, manual = null }) {
  for (const [id, keys] of Object.entries(SHORTCUTS)) {
    document.getElementById(id)?.setAttribute("aria-keyshortcuts", keys);
  }
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (OWN_KEYS.has(target.tagName) || target.tagName === "INPUT" || target.isContentEditable) {
      return;
    }
    if (view.handleKey(event) || manual?.handleKey(event)) {
      event.preventDefault();
      return;
    }
    const stepper = current();
    if (!stepper || event.shiftKey) return;
    const moves = {
      ArrowRight: (s) => s.next(),
      ArrowLeft: (s) => s.prev(),
      Home: (s) => s.reset(),
      End: (s) => s.end(),
    };
    if (event.key in moves) {
      stepper.pause();
      moves[event.key](stepper);
    } else if (event.key === " " && !CLICKS_ON_SPACE.has(target.tagName)) {
      stepper.toggle();
    } else {
      return;
    }
    event.preventDefault();
  });
}
