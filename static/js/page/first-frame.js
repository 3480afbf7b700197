// The page's first frame comes before its modules wire it: the server's HTML is the whole first
// view (the prompt, the program, on / the graph drawn by `dot`), and the ~30 ms of wiring that
// ran before the first frame delayed first contentful paint (bench/exercise_bench.py).

/**
 * Resolves once the browser has painted a frame, or after `capMs`: a hidden tab, and an embed
 * scrolled off its host's screen, get no animation frames, and must still start.
 */
export function firstFrame(capMs = 100) {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0)); // after the frame's paint
    setTimeout(resolve, capMs);
  });
}
