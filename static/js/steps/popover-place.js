// Where a popover goes beside the box it describes, as plain maths (no DOM;
// tests/js/steps/popover-place.test.mjs). Rectangles are {left, top, width, height} in CSS pixels of
// the viewport. The popover never covers its anchor when there is room beside, below or above
// it, and never leaves the viewport.

export const GAP = 8; // between the anchor and the popover, and from the viewport's edges

/** Top-left corner for a popover of `size` next to `anchor`, inside `viewport`: to the right,
 * else the left, else below, else above; clamped into the viewport (a phone whose screen is
 * narrower than the popover gets it below or above its node). */
export function place(anchor, size, viewport) {
  const right = anchor.left + anchor.width;
  const bottom = anchor.top + anchor.height;
  const maxLeft = viewport.width - size.width - GAP;
  const maxTop = viewport.height - size.height - GAP;
  const besideTop = clamp(anchor.top, GAP, maxTop);
  const middle = clamp(anchor.left + anchor.width / 2 - size.width / 2, GAP, maxLeft);
  if (right + GAP + size.width + GAP <= viewport.width) {
    return { left: right + GAP, top: besideTop };
  }
  if (anchor.left - GAP - size.width >= GAP) {
    return { left: anchor.left - GAP - size.width, top: besideTop };
  }
  if (bottom + GAP + size.height + GAP <= viewport.height) {
    return { left: middle, top: bottom + GAP };
  }
  if (anchor.top - GAP - size.height >= GAP) {
    return { left: middle, top: anchor.top - GAP - size.height };
  }
  return { left: middle, top: clamp(bottom + GAP, GAP, maxTop) };
}

function clamp(value, lo, hi) {
  return Math.max(lo, Math.min(value, Math.max(lo, hi)));
}
