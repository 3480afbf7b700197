// The "Keyboard shortcuts" dialog: the list keys.js acts on, opened by its button or by `?`
// on the graph. A modal <dialog>: Esc closes it, and focus goes back where it was.
import { SHORTCUTS } from "./keys.js";

export class HelpDialog {
  /** button: the "Keyboard shortcuts" button (may be null); dialog: dialog#help-dialog. */
  constructor({ button, dialog }) {
    this.dialog = dialog;
    this.list = dialog?.querySelector("dl");
    this.returnTo = null;
    button?.addEventListener("click", () => this.open());
    dialog?.addEventListener("close", () => {
      this.returnTo?.focus();
      this.returnTo = null;
    });
  }

  open() {
    if (!this.dialog || this.dialog.open) return;
    if (this.list && !this.list.childElementCount) {
      for (const [keys, what] of SHORTCUTS) {
        const dt = document.createElement("dt");
        const kbd = document.createElement("kbd");
        kbd.textContent = keys;
        dt.append(kbd);
        const dd = document.createElement("dd");
        dd.textContent = what;
        this.list.append(dt, dd);
      }
    }
    this.returnTo = document.activeElement;
    this.dialog.showModal();
  }
}
