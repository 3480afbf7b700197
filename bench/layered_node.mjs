// bench/layout_bench.py's Node part: for each graph record (JSON) given, the layered layout's time
// from the record to SVG text (its graph read and checked, layout, SVG), best and median.
//
//   node bench/layered_node.mjs REPEATS RECORD.json...   → JSON on stdout
import { readFileSync } from "node:fs";

import { layeredGraph } from "../static/js/graph/record-dot.js";
import { layeredSVG } from "../static/js/shared/layered-svg.js";

const [repeats, ...files] = process.argv.slice(2);
const results = {};
for (const file of files) {
  const record = JSON.parse(readFileSync(file, "utf8"));
  const style = { max_nodes: record.nodes.length };
  const times = [];
  let bytes = 0;
  for (let k = 0; k < Number(repeats); k++) {
    const started = performance.now();
    bytes = layeredSVG(layeredGraph(record, style)).svg.length;
    times.push(performance.now() - started);
  }
  results[file] = { ms: times, svg_bytes: bytes };
}
console.log(JSON.stringify(results));
