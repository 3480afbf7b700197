// The Download menu: the graph at this step as SVG and PNG, its DOT and record, made here from
// what is on screen; the program as .py / .ipynb and the page as a website, from the server.
import { pngBlob, standaloneSvg, svgText } from "./svg-file.js";

export class Downloads {
  /**
   * graph: () => {svg, dot, record, source, mode, step, background} for what is on screen
   * (main.js's onScreenGraph, the one place that knows); say: (text) => announce it.
   */
  constructor({ menu, graph, say }) {
    this.graph = graph;
    this.say = say;
    for (const button of menu.querySelectorAll("[data-download]")) {
      button.addEventListener("click", () => this.run(() => this.local(button.dataset.download)));
    }
    for (const button of menu.querySelectorAll("[data-download-server]")) {
      const { downloadServer, variant } = button.dataset;
      button.addEventListener("click", () => this.run(() => this.server(downloadServer, variant)));
    }
  }

  async run(make) {
    try {
      const [blob, name] = await make();
      save(blob, name);
      this.say(`Downloaded ${name}`);
    } catch (error) {
      this.say(`Could not download: ${error.message}`);
    }
  }

  async local(kind) {
    const { svg, dot, record, step, background } = this.graph();
    if (!record) throw new Error("there is no graph on screen yet");
    if (kind === "dot") return [new Blob([dot], { type: "text/vnd.graphviz" }), "graph.dot"];
    if (kind === "record") {
      const json = `${JSON.stringify(record, null, 1)}\n`;
      return [new Blob([json], { type: "application/json" }), "record.json"];
    }
    const file = standaloneSvg(svg, background);
    if (kind === "png") return [await pngBlob(file, 2), `graph-step-${step}.png`];
    return [new Blob([svgText(file)], { type: "image/svg+xml" }), `graph-step-${step}.svg`];
  }

  async server(file, variant) {
    const { source, mode, step } = this.graph();
    const params = new URLSearchParams({ src: source, mode, step: String(step) });
    if (variant) params.set("variant", variant);
    const response = await fetch(`/download/${file}?${params}`);
    if (!response.ok) throw new Error(await response.text());
    const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
    return [await response.blob(), name?.[1] ?? file];
  }
}

function save(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
