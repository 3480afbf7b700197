// How pointers move a PanZoom (pan-zoom.js): the wheel zooms only with Ctrl or ⌘ (a trackpad's
// pinch arrives as Ctrl+wheel), so it never traps the page's scrolling; the mouse or a pen
// drags; on a touch screen one finger scrolls the page (CSS touch-action) and two fingers pan
// and zoom. Each gesture ends in the view's own pan() and zoom().

/** Listen on the view's container through `listen(type, handler, options)` (so that the view
 * removes them when destroyed), moving `view` (a PanZoom). */
export function bindGestures(view, listen) {
  const { container } = view;
  const pointers = new Map(); // pointerId → {x, y}: the mouse or a pen, while pressed
  let pinch = null; // the last two-finger {x, y, distance}

  listen(
    "wheel",
    (event) => {
      if (!event.ctrlKey && !event.metaKey) return; // the page scrolls
      event.preventDefault();
      const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      view.zoom(Math.exp((-event.deltaY * lines) / 500), event.clientX, event.clientY);
    },
    { passive: false },
  );

  listen("pointerdown", (event) => {
    if (event.pointerType === "touch") return; // fingers: the touch events below
    if (event.pointerType === "mouse" && event.button !== 0) return;
    container.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    container.classList.add("panning");
  });

  listen("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, now);
    view.pan(now.x - last.x, now.y - last.y);
  });

  const up = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size === 0) container.classList.remove("panning");
  };
  listen("pointerup", up);
  listen("pointercancel", up);

  // Fingers: one is the page's (it scrolls), two are ours (touch events: `touches` is always
  // the whole set of fingers, and preventing their default keeps the page from scrolling).
  // Two fingers pan with their midpoint and zoom by the change in their distance.
  const touch = (event) => {
    if (event.touches.length < 2) {
      pinch = null;
      return;
    }
    if (event.cancelable) event.preventDefault();
    const [a, b] = event.touches;
    const now = {
      x: (a.clientX + b.clientX) / 2,
      y: (a.clientY + b.clientY) / 2,
      distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
    };
    const last = pinch;
    pinch = now;
    if (!last || event.type !== "touchmove") return;
    view.pan(now.x - last.x, now.y - last.y);
    if (last.distance > 0) view.zoom(now.distance / last.distance, now.x, now.y);
  };
  for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"]) {
    listen(type, touch, { passive: false });
  }
}
