// Small SVG plots of numbers the engine computed: a line by step (loss, accuracy) and a
// decision boundary (a grid of the model's signs, with the data points on top). The numbers
// are also shown as text in a table beside each plot; a plot's aria-label says what it shows.

const SVG_NS = "http://www.w3.org/2000/svg";
const [WIDTH, HEIGHT, PAD] = [300, 120, 8]; // the line plots' viewBox

function element(name, attributes) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  return el;
}

/**
 * `values` by step as a polyline on a baseline, in `svg` (viewBox 0 0 300 120). `range`:
 * [bottom, top] to fix the scale (accuracy: [0, 1]); default from 0 (or below) to the highest.
 * `describe(first, last, n)`: the plot's aria-label.
 */
export function linePlot(svg, values, { range = null, describe, className = "loss-line" }) {
  const finite = values.map(Number).filter(Number.isFinite);
  if (!svg || finite.length === 0) return;
  const top = range ? range[1] : Math.max(...finite);
  const bottom = range ? range[0] : Math.min(0, ...finite);
  const x = (i) => PAD + (i * (WIDTH - 2 * PAD)) / Math.max(1, finite.length - 1);
  const y = (v) => HEIGHT - PAD - ((v - bottom) * (HEIGHT - 2 * PAD)) / (top - bottom || 1);
  const axis = element("line", { x1: PAD, y1: y(bottom), x2: WIDTH - PAD, y2: y(bottom) });
  axis.setAttribute("class", "loss-axis");
  const line = element("polyline", {
    points: finite.map((v, i) => `${x(i)},${y(v)}`).join(" "),
    class: className,
  });
  svg.replaceChildren(axis, line);
  svg.setAttribute("aria-label", describe(finite[0], finite.at(-1), finite.length));
  svg.toggleAttribute("hidden", false); // an <svg> has no `hidden` property
}

/**
 * A decision boundary in `svg`: `grid` is the engine's {x: [...], y: [...], sign: [[...]]}
 * (rows by y, columns by x, each +1 or -1), drawn as cells; `points` [[x, y], ...] with
 * `labels` (+1/-1) on top. The viewBox is the grid's own coordinates, y upwards.
 */
export function boundaryPlot(svg, grid, points, labels, label) {
  if (!svg || !grid) return;
  const { x: xs, y: ys, sign } = grid;
  const dx = xs.length > 1 ? xs[1] - xs[0] : 1;
  const dy = ys.length > 1 ? ys[1] - ys[0] : 1;
  const [left, right] = [xs[0] - dx / 2, xs.at(-1) + dx / 2];
  const [low, high] = [ys[0] - dy / 2, ys.at(-1) + dy / 2];
  svg.setAttribute("viewBox", `${left} ${-high} ${right - left} ${high - low}`);
  const cells = element("g", { class: "boundary-cells" });
  sign.forEach((row, j) =>
    row.forEach((s, i) => {
      const cell = element("rect", {
        x: xs[i] - dx / 2,
        y: -(ys[j] + dy / 2),
        width: dx,
        height: dy,
        class: s > 0 ? "cell-plus" : "cell-minus",
      });
      cells.append(cell);
    }),
  );
  const dots = element("g", { class: "boundary-points" });
  const r = Math.min(dx, dy) / 3;
  points.forEach(([px, py], k) => {
    const kind = labels[k] > 0 ? "point-plus" : "point-minus";
    dots.append(element("circle", { cx: px, cy: -py, r, class: kind }));
  });
  svg.replaceChildren(cells, dots);
  svg.setAttribute("aria-label", label);
  svg.toggleAttribute("hidden", false);
}
