// The layout worker: runs Graphviz (viz.js) off the main thread for big graphs, so the page
// stays responsive while `dot` works. Messages are defined in protocol.js.
import { LAYOUT, layoutFailedMessage, svgMessage } from "./protocol.js";

let viz = null;

self.addEventListener("message", async (event) => {
  const { type, id, viz: vizUrl, dot } = event.data;
  if (type !== LAYOUT) return;
  try {
    viz ??= await import(vizUrl).then((module) => module.instance());
    self.postMessage(svgMessage(id, viz.renderString(dot, { format: "svg" })));
  } catch (error) {
    self.postMessage(layoutFailedMessage(id, String(error?.message ?? error)));
  }
});
