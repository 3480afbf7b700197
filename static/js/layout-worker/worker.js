// The layout worker: lays out big graphs off the main thread, so the page stays responsive.
// Graphviz (viz.js) lays out DOT where the record chose it (engine/record/layout_choice.py), else
// our layered layout lays out the record's graph (its nodes, edges and ranks, not DOT); if
// Graphviz fails anyway (WASM out of memory, stack overflow), the layered layout draws it.
// Messages are defined in protocol.js: Graphviz's SVG comes as text; the layered layout's in
// parts, as UTF-8 bytes each transferred (not copied) as soon as it is written, so that the
// page parses one part while the next is written.
import { unpackGraph } from "../shared/layered-graph.js";
import { graphvizFailed, withStubs } from "../shared/layout-choice.js";
import { layeredChunksOf } from "../shared/layered-svg.js";
import { LAYOUT, layoutFailedMessage, svgMessage, svgPartMessage } from "../shared/protocol.js";

let viz = null;

self.addEventListener("message", async (event) => {
  const { type, id, viz: vizUrl, dot, notes, graph } = event.data;
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
        choice = graphvizFailed(error, notes);
      }
    }
    const send = (bytes) => self.postMessage(svgPartMessage(id, bytes), [bytes.buffer]);
    const stubs = layeredChunksOf(unpackGraph(graph), send);
    self.postMessage(svgMessage(id, null, { ...choice, note: withStubs(choice.note, stubs, notes) }));
  } catch (error) {
    self.postMessage(layoutFailedMessage(id, String(error?.message ?? error)));
  }
});
