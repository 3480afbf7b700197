// Auto-height, the embed's side (docs/embedding.md, "Auto-height"). Inside an iframe, post the
// page's content height to the parent whenever it changes:
//   {type: "autograd-playground:height", height: <CSS pixels, an integer>}
// to any origin: a height is all it says. /embed.js on the host page sets the iframe's height
// and answers {type: "autograd-playground:auto-height"}; from then on the graph is sized by its
// own shape instead of by the frame (which now follows the content), so the two cannot chase
// each other. Without the host script nothing changes: the frame keeps its fixed height.

export const HEIGHT_MESSAGE = "autograd-playground:height";
export const AUTO_HEIGHT_MESSAGE = "autograd-playground:auto-height";

/** Start posting heights if this page is in a frame; returns whether it is. */
export function postHeights(win = window) {
  if (win.parent === win) return false;
  const root = win.document.documentElement;
  let last = 0;
  const post = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last || height <= 0) return;
    last = height;
    win.parent.postMessage({ type: HEIGHT_MESSAGE, height }, "*");
  };
  new ResizeObserver(post).observe(root);
  win.addEventListener("message", (event) => {
    if (event.source !== win.parent || event.data?.type !== AUTO_HEIGHT_MESSAGE) return;
    root.dataset.autoHeight = "on";
  });
  post();
  return true;
}
