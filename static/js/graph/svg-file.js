// The graph on screen as a standalone SVG file: the page's CSS (theme, highlights) copied onto
// each element as presentation attributes, so it looks the same opened on its own, and the
// pan/zoom sizing removed, so it shows the whole graph at Graphviz's size.

import { untile } from "./graph-tiles.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const STYLED = [
  "fill",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "opacity",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-decoration",
];

/** A detached copy of `svg` (an on-screen <svg>) that needs no stylesheet. */
export function standaloneSvg(svg, background) {
  const copy = svg.cloneNode(true);
  const originals = [svg, ...svg.querySelectorAll("*")];
  const copies = [copy, ...copy.querySelectorAll("*")];
  originals.forEach((element, i) => {
    const style = getComputedStyle(element);
    for (const name of STYLED) {
      const value = style.getPropertyValue(name);
      if (value) copies[i].setAttribute(name, value);
    }
    copies[i].removeAttribute("class");
    copies[i].removeAttribute("style");
  });
  const box = svg.viewBox.baseVal;
  copy.setAttribute("xmlns", SVG_NS);
  copy.setAttribute("width", String(box.width));
  copy.setAttribute("height", String(box.height));
  copy.setAttribute("preserveAspectRatio", "xMidYMid meet");
  for (const name of ["aria-hidden", "focusable"]) copy.removeAttribute(name);
  // The layered layout's off-screen tiles are hidden only while on screen (tile-culler.js).
  for (const tile of copy.querySelectorAll("[data-x0][display]")) tile.removeAttribute("display");
  untile(copy); // a big Graphviz graph's paint tiles (graph-tiles.js) back in one piece
  const rect = document.createElementNS(SVG_NS, "rect");
  const area = { x: box.x, y: box.y, width: box.width, height: box.height, fill: background };
  for (const [name, value] of Object.entries(area)) rect.setAttribute(name, String(value));
  copy.insertBefore(rect, copy.firstChild);
  return copy;
}

export function svgText(svg) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
}

const MAX_CANVAS_SIDE = 16_384; // px: browsers refuse bigger canvases

/** A PNG of a standalone SVG at `scale` (2: sharp on high-density screens). */
export async function pngBlob(svg, scale = 2) {
  const width = Number(svg.getAttribute("width"));
  const height = Number(svg.getAttribute("height"));
  const fit = Math.min(scale, MAX_CANVAS_SIDE / width, MAX_CANVAS_SIDE / height);
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * fit);
    canvas.height = Math.round(height * fit);
    canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}
