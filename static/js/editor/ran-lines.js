// The program's lines that the step on screen ran (a step's `ran`: 1-based `line` to
// `end_line`, from a learner's closure), marked as a line background: CodeMirror's decorations,
// or marks in the textarea's layer, where an error's underline comes first. Never moves the
// cursor or the focus; CodeMirror's own box scrolls to them, never the page.
import { syncScroll } from "./textarea-marks.js";

/** The line numbers a step's `ran` covers, in its order. */
export function ranLineNumbers(ran) {
  const lines = [];
  for (const { line, end_line: end } of ran ?? []) {
    for (let n = line; n <= (end ?? line); n++) lines.push(n);
  }
  return lines;
}

/** CodeMirror's line backgrounds (class `ran-line`); code-view.js adds the field, markRan sets it. */
export function ranLinesField(cm, editor) {
  editor.setRan = cm.StateEffect.define();
  editor.ranMark = cm.Decoration.line({ class: "ran-line" });
  return cm.StateField.define({
    create: () => cm.Decoration.none,
    update(marks, tr) {
      for (const effect of tr.effects) if (effect.is(editor.setRan)) return effect.value;
      return tr.docChanged ? cm.Decoration.none : marks;
    },
    provide: (field) => cm.EditorView.decorations.from(field),
  });
}

/** Mark the lines `ran` covers in the editor's box; null clears. */
export function markRan(editor, ran) {
  const lines = ranLineNumbers(ran);
  const key = lines.join(",");
  if (key === (editor.ranKey ?? "")) return;
  editor.ranKey = key;
  if (editor.view) {
    const doc = editor.view.state.doc;
    const marks = lines
      .filter((n) => n >= 1 && n <= doc.lines)
      .map((n) => editor.ranMark.range(doc.line(n).from));
    editor.view.dispatch({ effects: editor.setRan.of(editor.cm.Decoration.set(marks, true)) });
    if (marks.length) reveal(editor.view, marks[0].from);
    return;
  }
  if (!editor.marks || editor.errorBox?.hidden === false) return; // an error's mark comes first
  const text = editor.source.split("\n");
  const shown = new Set(lines);
  editor.marks.replaceChildren(
    ...text.map((line, i) => {
      if (!shown.has(i + 1)) return `${line}\n`;
      const mark = document.createElement("mark");
      mark.className = "ran-line";
      mark.textContent = `${line}\n`;
      return mark;
    }),
  );
  syncScroll(editor.marks, editor.textarea);
}

/** Scroll CodeMirror's own box (never the page: on a phone the graph is above) so that the line
 * at `pos` is in it. */
function reveal(view, pos) {
  const scroller = view.scrollDOM;
  const block = view.lineBlockAt(pos);
  const top = block.top + view.documentPadding.top;
  const margin = block.height * 2;
  if (top < scroller.scrollTop || top + block.height > scroller.scrollTop + scroller.clientHeight) {
    scroller.scrollTop = Math.max(0, top - margin);
  }
}
