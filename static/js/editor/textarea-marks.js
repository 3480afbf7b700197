// The Expression box before CodeMirror (or without it: a static copy whose CSP comes from a
// <meta>): a layer behind the textarea, with the same text, where an error's span is underlined
// and the lines a step ran are marked; and where an error's span is, as offsets.

/** Offsets into the source of the error's span (1-based line and columns, end exclusive). */
export function spanOf(source, line, col, endCol) {
  const lines = source.split("\n");
  const index = Math.min(Math.max(line, 1), lines.length) - 1;
  const start = lines.slice(0, index).reduce((sum, text) => sum + text.length + 1, 0);
  const length = lines[index].length;
  const from = Math.min(Math.max(col, 1) - 1, length);
  const to = Math.min(Math.max(endCol ?? col + 1, col + 1) - 1, length);
  return [start + from, start + Math.max(to, from)];
}

/**
 * A layer behind the textarea, with the same text, where the error's span is underlined. Moving
 * the textarea into its field blurs it: a learner typing as the page's script starts keeps the
 * focus and the cursor (without them the next keystrokes went nowhere).
 */
export function addMarks(textarea) {
  const field = document.createElement("div");
  field.className = "editor-field";
  const marks = document.createElement("div");
  marks.className = "editor-marks";
  marks.setAttribute("aria-hidden", "true");
  const hadFocus = document.activeElement === textarea;
  const { selectionStart, selectionEnd, selectionDirection, scrollTop } = textarea;
  textarea.before(field);
  field.append(marks, textarea);
  if (hadFocus) {
    textarea.focus({ preventScroll: true });
    textarea.setSelectionRange(selectionStart, selectionEnd, selectionDirection);
    textarea.scrollTop = scrollTop;
  }
  return marks;
}

/** The layer scrolled with the textarea, so each mark stays under its characters. */
export function syncScroll(marks, textarea) {
  if (!marks) return;
  marks.scrollTop = textarea.scrollTop;
  marks.scrollLeft = textarea.scrollLeft;
}
