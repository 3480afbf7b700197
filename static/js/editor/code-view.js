// The Expression box as CodeMirror 6 (static/vendor/editor, built from ./codemirror.js at setup):
// Python highlighting, line numbers, bracket matching, Tab to indent, error marks
// (error-marks.js), the lines a step ran (ran-lines.js). editor.js decides when; this module
// makes the view and keeps the textarea (the no-JS form's field) in step with it.
import { ranLinesField } from "./ran-lines.js";

// A change that inserts this much at once is a paste: it runs at once, not after a pause.
const PASTE_CHARS = 200;

/**
 * Replace `editor`'s textarea by CodeMirror, loaded from `moduleUrl`; false when it can't be
 * (no textarea, no module, or no style nonce: see Editor.upgrade). Sets editor.cm, .view and the
 * compartments the Editor reconfigures (readOnly, invalid).
 */
export async function upgradeToCodeMirror(editor, moduleUrl) {
  const nonce = editor.textarea?.dataset.styleNonce;
  if (!editor.textarea || !moduleUrl || !nonce || editor.view) return false;
  const cm = await import(moduleUrl);
  const hadFocus = document.activeElement === editor.textarea;
  const describedBy = ["editor-help", "editor-error"].filter((id) => document.getElementById(id));
  editor.cm = cm;
  editor.readOnly = new cm.Compartment();
  editor.invalid = new cm.Compartment(); // aria-invalid while the program has an error
  // The learner may be typing as it swaps: the cursor stays where they left it, so the next
  // keystroke lands after the last one (at 0, it scrambled their text).
  const { selectionStart, selectionEnd, selectionDirection } = editor.textarea;
  const backward = selectionDirection === "backward";
  editor.view = new cm.EditorView({
    state: cm.EditorState.create({
      doc: editor.textarea.value,
      selection: {
        anchor: backward ? selectionEnd : selectionStart,
        head: backward ? selectionStart : selectionEnd,
      },
      extensions: [
        cm.lineNumbers(),
        cm.highlightActiveLineGutter(),
        cm.history(),
        cm.drawSelection(),
        cm.indentOnInput(),
        cm.bracketMatching(),
        cm.syntaxHighlighting(cm.classHighlighter), // tok-* classes: editor/codemirror.css colours them
        cm.python(),
        cm.indentUnit.of("    "), // Python's four spaces
        cm.EditorView.editorAttributes.of({ class: "code-editor" }),
        cm.lintGutter(),
        cm.keymap.of([...cm.defaultKeymap, ...cm.historyKeymap, cm.indentWithTab]),
        cm.EditorView.cspNonce.of(nonce),
        cm.EditorView.contentAttributes.of({
          "aria-label": "Expression",
          "aria-describedby": describedBy.join(" "),
          spellcheck: "false",
          autocapitalize: "off",
        }),
        editor.readOnly.of([]),
        editor.invalid.of([]),
        ranLinesField(cm, editor),
        // Text typed over a selection is put in by CodeMirror itself: left to the browser,
        // replacing highlighted code re-creates its colours as inline styles, which the CSP
        // (rightly) refuses.
        cm.EditorView.domEventHandlers({
          beforeinput: (event, view) => {
            if (event.inputType !== "insertText" || event.data == null) return false;
            // The DOM's selection (CodeMirror's own may not have caught up with it yet).
            const selection = document.getSelection();
            const range =
              event.getTargetRanges()[0] ??
              (selection?.rangeCount ? selection.getRangeAt(0) : null);
            if (!range || range.collapsed) return false;
            const from = view.posAtDOM(range.startContainer, range.startOffset);
            const to = view.posAtDOM(range.endContainer, range.endOffset);
            event.preventDefault();
            view.dispatch({
              changes: { from, to, insert: event.data },
              selection: { anchor: from + event.data.length },
              scrollIntoView: true,
            });
            return true;
          },
        }),
        cm.EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          editor.textarea.value = update.state.doc.toString(); // the no-JS form's field
          if (editor.settingDiagnostics || editor.settingSource) return;
          let inserted = 0;
          update.changes.iterChanges((fromA, toA, fromB, toB) => (inserted += toB - fromB));
          editor.edited(inserted >= PASTE_CHARS);
        }),
      ],
    }),
  });
  const field = editor.marks?.parentElement; // the textarea's error layer: CodeMirror marks errors
  if (field) {
    field.before(editor.view.dom, editor.textarea);
    field.remove();
  } else {
    editor.textarea.before(editor.view.dom);
  }
  editor.marks = null;
  // The name "Expression" moves to the editor: the hidden textarea only carries the form field.
  document.querySelector(`label[for="${editor.textarea.id}"]`)?.removeAttribute("for");
  editor.textarea.removeAttribute("aria-label");
  editor.textarea.hidden = true;
  editor.textarea.setAttribute("aria-hidden", "true");
  if (hadFocus) editor.view.focus();
  return true;
}
