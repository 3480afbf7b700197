// bench/layout_bench.py's Node part: for each DOT file given, the layered layout's time from
// DOT text to SVG text (parse, layout, SVG), best and median.
//
//   node bench/layered_node.mjs REPEATS FILE.dot...   → JSON on stdout
import { readFileSync } from "node:fs";

import { layeredSVG } from "../static/js/shared/layered-svg.js";

const [repeats, ...files] = process.argv.slice(2);
const results = {};
for (const file of files) {
  const dot = readFileSync(file, "utf8");
  const times = [];
  let bytes = 0;
  for (let k = 0; k < Number(repeats); k++) {
    const started = performance.now();
    bytes = layeredSVG(dot).svg.length;
    times.push(performance.now() - started);
  }
  results[file] = { ms: times, svg_bytes: bytes };
}
console.log(JSON.stringify(results));
