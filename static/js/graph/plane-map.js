// The plane of a Graphviz drawing stretched (or shrunk) across one region, so that a group can
// open or fold where it is (in-place.js): on each axis, what is before the region stays, what
// is after it moves by the region's change of size, and what is across it is spread evenly.
// A node moves whole with its centre (its text is not stretched); an edge's middle follows the
// plane and its ends follow the nodes they join. Graphviz writes every coordinate as an
// absolute `x,y` pair (polygon points, a path's `M…C…`), so a drawing is moved by rewriting
// those pairs. Pure: strings and numbers (tests/js/graph/plane-map.test.mjs).

const PAIR = /(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?),(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)/gi;

/** One axis: [start, end] becomes [start, start + length]; before it nothing moves, after it
 * everything moves by the change, across it the axis is scaled. */
export function bandMap(start, end, length) {
  const size = end - start;
  const change = length - size;
  const scale = size > 0 ? length / size : 1;
  return (v) => (v <= start ? v : v >= end ? v + change : start + (v - start) * scale);
}

/** The plane map of region `r` ({x, y, width, height}) grown or shrunk to `width` × `height`:
 * a point {x, y} → its place. */
export function planeMap(r, width, height) {
  const fx = bandMap(r.x, r.x + r.width, width);
  const fy = bandMap(r.y, r.y + r.height, height);
  return (x, y) => [fx(x), fy(y)];
}

/** `text`'s `x,y` pairs rewritten by `move(x, y, index, count)` → [x, y]; the rest kept. */
export function mapPairs(text, move) {
  const count = (text.match(PAIR) ?? []).length;
  let index = 0;
  return text.replace(PAIR, (_, x, y) => {
    const [nx, ny] = move(Number(x), Number(y), index++, count);
    return `${round(nx)},${round(ny)}`;
  });
}

/** A path's pairs: its first two (the start and the control point leaving it) by `tail`, its
 * last two by `head`, the others by `middle`; each a (x, y) → [x, y]. */
export function edgeMove(tail, head, middle) {
  return (x, y, index, count) => {
    if (index < 2 && index < count - 2) return tail(x, y);
    if (index >= count - 2) return head(x, y);
    return middle(x, y);
  };
}

/** (x, y) → (x + dx, y + dy). */
export function shift(dx, dy) {
  return (x, y) => [x + dx, y + dy];
}

/** An SVG coordinate as written: to a hundredth of a unit. */
export function round(v) {
  return Math.round(v * 100) / 100;
}
