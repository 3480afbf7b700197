// Small SVG plots of numbers the engine computed: a line by step (loss, accuracy) and a
// decision boundary (a grid of the model's signs, with the data points on top), each with a
// title and two axes (ticks, numbers, what they measure). The numbers are also shown as text
// in a table beside each plot; a plot's aria-label says what it shows. Built with DOM calls
// only; colours come from the page's palette (static/css/page/palette.css), so both themes read.

const SVG_NS = "http://www.w3.org/2000/svg";
// The line plots' viewBox, and the room around the plotting area for the title and axes.
const [WIDTH, HEIGHT] = [320, 190];
const MARGIN = { top: 24, right: 12, bottom: 36, left: 48 };
const BOX = 260; // the decision boundary's viewBox is BOX × BOX
const BOX_MARGIN = { top: 24, right: 10, bottom: 36, left: 40 };

function element(name, attributes = {}, text = "") {
  const el = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  if (text) el.textContent = text;
  return el;
}

/**
 * About `count` round numbers from `low` to `high` (1, 2 or 5 times a power of ten apart),
 * all inside the range. Pure: tests/js/learn/plot.test.mjs.
 */
export function niceTicks(low, high, count = 4) {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [];
  if (high < low) [low, high] = [high, low];
  if (high === low) return [low];
  // The step nearest (high - low) / count among 1, 2, 5 × 10^k (d3's rule, by its error).
  const raw = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  const step = power * (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1);
  const ticks = [];
  for (let v = Math.ceil(low / step - 1e-9) * step; v <= high + step * 1e-9; v += step) {
    ticks.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
  }
  return ticks;
}

/** A tick's number as text: no more digits than the ticks' spacing needs. */
export function tickText(value, ticks) {
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : Math.abs(value) || 1;
  const digits = Math.max(0, Math.min(6, -Math.floor(Math.log10(step) + 1e-9)));
  if (Math.abs(value) >= 1e5 || (value !== 0 && Math.abs(value) < 1e-4)) {
    return value.toExponential(1);
  }
  return value.toFixed(digits);
}

/**
 * The axes of a plotting area: `x` and `y` are {scale, ticks, text, label}; `area` its
 * {left, top, right, bottom}. Returns a <g class="plot-axes">.
 */
function axes(area, x, y, title, width) {
  const g = element("g", { class: "plot-axes" });
  const grid = element("g", { class: "plot-grid" });
  for (const v of y.ticks) {
    const py = y.scale(v);
    grid.append(element("line", { x1: area.left, x2: area.right, y1: py, y2: py }));
    g.append(
      element("text", { x: area.left - 5, y: py, class: "plot-tick y-tick" }, y.text(v)),
    );
  }
  for (const v of x.ticks) {
    const px = x.scale(v);
    g.append(element("line", { x1: px, x2: px, y1: area.bottom, y2: area.bottom + 4 }));
    g.append(
      element("text", { x: px, y: area.bottom + 6, class: "plot-tick x-tick" }, x.text(v)),
    );
  }
  g.prepend(grid);
  g.append(
    element("line", {
      class: "plot-axis x-axis",
      x1: area.left,
      x2: area.right,
      y1: area.bottom,
      y2: area.bottom,
    }),
    element("line", {
      class: "plot-axis y-axis",
      x1: area.left,
      x2: area.left,
      y1: area.top,
      y2: area.bottom,
    }),
    element(
      "text",
      { x: (area.left + area.right) / 2, y: area.bottom + 30, class: "plot-label x-label" },
      x.label,
    ),
    element(
      "text",
      {
        x: 0,
        y: 0,
        class: "plot-label y-label",
        transform: `translate(11 ${(area.top + area.bottom) / 2}) rotate(-90)`,
      },
      y.label,
    ),
    element("text", { x: width / 2, y: 15, class: "plot-title" }, title),
  );
  return g;
}

/**
 * `values` by step as a polyline with axes, in `svg` (viewBox 0 0 320 190). `range`:
 * [bottom, top] to fix the scale (accuracy: [0, 1]); default from 0 (or below) to the highest.
 * `title`, `yLabel` name the plot and its y axis (x is "step"); `percent` shows y as 0–100.
 * `describe(first, last, n)`: the plot's aria-label.
 */
export function linePlot(
  svg,
  values,
  { range = null, describe, className = "loss-line", title = "", yLabel = "", percent = false },
) {
  const finite = values.map(Number).filter(Number.isFinite);
  if (!svg || finite.length === 0) return;
  const top = range ? range[1] : Math.max(...finite);
  const bottom = range ? range[0] : Math.min(0, ...finite);
  const area = {
    left: MARGIN.left,
    top: MARGIN.top,
    right: WIDTH - MARGIN.right,
    bottom: HEIGHT - MARGIN.bottom,
  };
  const last = Math.max(1, finite.length - 1);
  const xScale = (i) => area.left + (i * (area.right - area.left)) / last;
  const yScale = (v) => area.bottom - ((v - bottom) * (area.bottom - area.top)) / (top - bottom || 1);
  const xTicks = niceTicks(0, last, 5).filter((t) => Number.isInteger(t));
  const yTicks = niceTicks(bottom, top, 4);
  const shown = percent ? yTicks.map((t) => t * 100) : yTicks;
  const line = element("polyline", {
    points: finite.map((v, i) => `${xScale(i)},${yScale(v)}`).join(" "),
    class: className,
  });
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  svg.replaceChildren(
    axes(
      area,
      { scale: xScale, ticks: xTicks, text: (v) => String(v), label: "step" },
      {
        scale: yScale,
        ticks: yTicks,
        text: (v) => tickText(percent ? v * 100 : v, shown),
        label: yLabel,
      },
      title,
      WIDTH,
    ),
    line,
  );
  svg.setAttribute("aria-label", describe(finite[0], finite.at(-1), finite.length));
  svg.toggleAttribute("hidden", false); // an <svg> has no `hidden` property
}

/**
 * A decision boundary in `svg`: `grid` is the engine's {x: [...], y: [...], sign: [[...]]}
 * (rows by y, columns by x, each +1 or -1), drawn as cells; `points` [[x, y], ...] with
 * `labels` (+1/-1) on top; axes in the grid's own coordinates, y upwards; `title` above.
 */
export function boundaryPlot(svg, grid, points, labels, label, title = "") {
  if (!svg || !grid) return;
  const { x: xs, y: ys, sign } = grid;
  const dx = xs.length > 1 ? xs[1] - xs[0] : 1;
  const dy = ys.length > 1 ? ys[1] - ys[0] : 1;
  const [left, right] = [xs[0] - dx / 2, xs.at(-1) + dx / 2];
  const [low, high] = [ys[0] - dy / 2, ys.at(-1) + dy / 2];
  const area = {
    left: BOX_MARGIN.left,
    top: BOX_MARGIN.top,
    right: BOX - BOX_MARGIN.right,
    bottom: BOX - BOX_MARGIN.bottom,
  };
  const sx = (area.right - area.left) / (right - left);
  const sy = (area.bottom - area.top) / (high - low);
  const px = (x) => area.left + (x - left) * sx;
  const py = (y) => area.bottom - (y - low) * sy;
  svg.setAttribute("viewBox", `0 0 ${BOX} ${BOX}`);
  const cells = element("g", { class: "boundary-cells" });
  sign.forEach((row, j) =>
    row.forEach((s, i) => {
      const cell = element("rect", {
        x: px(xs[i] - dx / 2),
        y: py(ys[j] + dy / 2),
        width: dx * sx,
        height: dy * sy,
        class: s > 0 ? "cell-plus" : "cell-minus",
      });
      cells.append(cell);
    }),
  );
  const dots = element("g", { class: "boundary-points" });
  const r = (Math.min(dx * sx, dy * sy) / 3).toFixed(2);
  points.forEach(([x, y], k) => {
    const kind = labels[k] > 0 ? "point-plus" : "point-minus";
    dots.append(element("circle", { cx: px(x), cy: py(y), r, class: kind }));
  });
  const xTicks = niceTicks(left, right, 4);
  const yTicks = niceTicks(low, high, 4);
  svg.replaceChildren(
    cells,
    dots,
    axes(
      area,
      { scale: px, ticks: xTicks, text: (v) => tickText(v, xTicks), label: "x" },
      { scale: py, ticks: yTicks, text: (v) => tickText(v, yTicks), label: "y" },
      title,
      BOX,
    ),
  );
  svg.setAttribute("aria-label", label);
  svg.toggleAttribute("hidden", false);
}
