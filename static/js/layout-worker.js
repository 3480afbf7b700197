// The layout worker: lays out big graphs off the main thread, so the page stays responsive.
// Graphviz (viz.js) where layout-choice.js expects it to be fast, else our layered layout; if
// Graphviz fails anyway (WASM out of memory, stack overflow), the layered layout draws it.
// Messages are defined in protocol.js.
import { parseDot } from "./dot-graph.js";
import { chooseLayout, layered, withStubs } from "./layout-choice.js";
import { layeredSVGOf } from "./layered-svg.js";
import { LAYOUT, layoutFailedMessage, svgMessage } from "./protocol.js";

let viz = null;

self.addEventListener("message", async (event) => {
  const { type, id, viz: vizUrl, dot } = event.data;
  if (type !== LAYOUT) return;
  try {
    const graph = parseDot(dot);
    let choice = chooseLayout(graph);
    if (choice.layout === "graphviz") {
      try {
        viz ??= await import(vizUrl).then((module) => module.instance());
        self.postMessage(svgMessage(id, viz.renderString(dot, { format: "svg" }), choice));
        return;
      } catch (error) {
        viz = null; // Graphviz WASM does not recover from running out of memory
        choice = layered(`Graphviz failed (${error?.message ?? error})`);
      }
    }
    const { svg, stubs } = layeredSVGOf(graph);
    self.postMessage(svgMessage(id, svg, { ...choice, note: withStubs(choice.note, stubs) }));
  } catch (error) {
    self.postMessage(layoutFailedMessage(id, String(error?.message ?? error)));
  }
});
