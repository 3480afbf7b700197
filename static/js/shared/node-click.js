// The values of the graph on screen: a click on one, and the `<g>` of one by its id.
//
// A click on a value of the graph. Pan-and-zoom captures the pointer on pointerdown, so the
// click event itself lands on the container: the value is taken from where the press began,
// and a press that moved (a drag to pan) is not a click.
const SLOP = 4; // CSS pixels a click may move

/** `selector`: what is clicked (a value; a folded group's box is "g.node.fold"). */
export function onNodeClick(graph, handler, selector = "g.node.value") {
  let pressed = null;
  graph?.addEventListener("pointerdown", (event) => {
    const group = event.target.closest?.(selector);
    pressed = group ? { id: group.id, x: event.clientX, y: event.clientY } : null;
  });
  graph?.addEventListener("click", (event) => {
    if (!pressed) return;
    const moved = Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y);
    const id = pressed.id;
    pressed = null;
    if (moved <= SLOP) handler(id);
  });
}

/** The `<g>` of value `id` in the graph on screen (null if it is not there). */
export function valueGroup(id) {
  const group = document.getElementById(id);
  return group?.closest("#graph") ? group : null;
}
