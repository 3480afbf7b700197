// The CodeMirror 6 pieces the Expression editor uses, bundled into one ES module by
// scripts/build_editor.mjs (static/vendor/editor/<hash>/codemirror.js). Nothing else here.
export { EditorState, Compartment, StateEffect, StateField } from "@codemirror/state";
export {
  EditorView,
  Decoration,
  keymap,
  lineNumbers,
  highlightActiveLine,
  highlightActiveLineGutter,
  drawSelection,
} from "@codemirror/view";
export {
  defaultKeymap,
  history,
  historyKeymap,
  indentWithTab,
  isolateHistory,
} from "@codemirror/commands";
export {
  bracketMatching,
  indentOnInput,
  syntaxHighlighting,
  defaultHighlightStyle,
  indentUnit,
} from "@codemirror/language";
export { python } from "@codemirror/lang-python";
// Highlighting as classes (tok-keyword, …), coloured by the page's palette in both themes.
export { classHighlighter } from "@lezer/highlight";
export { lintGutter, setDiagnostics } from "@codemirror/lint";
