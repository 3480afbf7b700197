// A program's error in the Expression box: the message under the box (its "Line 2, column 5" a
// button that selects the span), aria-invalid on the box, and the span underlined, as
// CodeMirror's lint diagnostic or as a <mark> in the textarea's layer (textarea-marks.js).
// Functions of the Editor, as in code-view.js: which of the two boxes is there changes when
// CodeMirror loads, so each call looks at the editor as it is then.
import { spanOf, syncScroll } from "./textarea-marks.js";

/** Show run_json's error; the graph on screen stays as it was. */
export function markError(editor, { message, line, col, end_col: endCol }) {
  editor.textarea?.setAttribute("aria-invalid", "true");
  editor.view?.dispatch({
    effects: editor.invalid.reconfigure(
      editor.cm.EditorView.contentAttributes.of({ "aria-invalid": "true" }),
    ),
  });
  const box = editor.errorBox;
  if (box) {
    if (line) {
      const where = document.createElement("button");
      where.type = "button";
      where.className = "error-where";
      where.textContent = `Line ${line}, column ${col}`;
      where.title = "Select the error in the Expression box";
      where.addEventListener("click", () => selectSpan(editor, line, col, endCol));
      box.replaceChildren(where, `: ${message}`);
    } else {
      box.textContent = message;
    }
    box.hidden = false;
  }
  if (line) markSpan(editor, line, col, endCol);
}

/** No error: the message, aria-invalid and the underline go. */
export function unmarkError(editor) {
  editor.textarea?.removeAttribute("aria-invalid");
  editor.view?.dispatch({ effects: editor.invalid.reconfigure([]) });
  if (editor.errorBox) {
    editor.errorBox.replaceChildren();
    editor.errorBox.hidden = true;
  }
  clearMarks(editor);
}

/** Select the span (1-based line and columns) and put the keyboard there. */
export function selectSpan(editor, line, col, endCol) {
  const [from, to] = spanOf(editor.source, line, col, endCol);
  if (editor.view) {
    editor.view.focus();
    editor.view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
    return;
  }
  editor.textarea?.focus();
  editor.textarea?.setSelectionRange(from, to);
}

/** The underline goes (the message stays: the learner changed the text it was about). */
export function clearMarks(editor) {
  if (editor.view) setDiagnostics(editor, []);
  editor.marks?.replaceChildren();
}

function markSpan(editor, line, col, endCol) {
  const text = editor.source;
  const [from, to] = spanOf(text, line, col, endCol);
  if (editor.view) {
    const message = editor.errorBox?.textContent || "error";
    setDiagnostics(editor, [{ from, to: Math.max(to, from), severity: "error", message }]);
    return;
  }
  if (!editor.marks) return;
  editor.ranKey = ""; // the error's mark replaces the lines that ran (ran-lines.js)
  const mark = document.createElement("mark");
  // An empty span (error at the end of a line) still gets something to underline.
  mark.textContent = text.slice(from, to) || " ";
  editor.marks.replaceChildren(text.slice(0, from), mark, text.slice(to) + "\n");
  syncScroll(editor.marks, editor.textarea);
}

/** CodeMirror's lint diagnostics, flagged as the page's own change for code-view.js's listener. */
function setDiagnostics(editor, diagnostics) {
  editor.settingDiagnostics = true;
  try {
    editor.view.dispatch(editor.cm.setDiagnostics(editor.view.state, diagnostics));
  } finally {
    editor.settingDiagnostics = false;
  }
}
