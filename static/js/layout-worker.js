// The layout worker: lays out big graphs off the main thread, so the page stays responsive.
// Graphviz (viz.js) where the record chose it (engine/layout_choice.py), else our layered
// layout; if Graphviz fails anyway (WASM out of memory, stack overflow), the layered layout
// draws it. Messages are defined in protocol.js; Graphviz's SVG is text, the layered one
// UTF-8 bytes.
import { parseDot } from "./dot-graph.js";
import { graphvizFailed, withStubs } from "./layout-choice.js";
import { layeredBytesOf } from "./layered-svg.js";
import { LAYOUT, layoutFailedMessage, svgMessage } from "./protocol.js";

let viz = null;

self.addEventListener("message", async (event) => {
  const { type, id, viz: vizUrl, dot } = event.data;
  if (type !== LAYOUT) return;
  let { choice } = event.data; // the record's, until Graphviz fails on it
  try {
    if (choice.layout === "graphviz") {
      try {
        viz ??= await import(vizUrl).then((module) => module.instance());
        self.postMessage(svgMessage(id, viz.renderString(dot, { format: "svg" }), choice));
        return;
      } catch (error) {
        viz = null; // Graphviz WASM does not recover from running out of memory
        choice = graphvizFailed(error);
      }
    }
    // The layered SVG as UTF-8 bytes, handed over to the page (transferred: not copied).
    const { bytes, stubs } = layeredBytesOf(parseDot(dot));
    const note = withStubs(choice.note, stubs);
    self.postMessage(svgMessage(id, bytes, { ...choice, note }), [bytes.buffer]);
  } catch (error) {
    self.postMessage(layoutFailedMessage(id, String(error?.message ?? error)));
  }
});
