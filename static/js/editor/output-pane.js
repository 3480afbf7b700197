// The "Output" region: what a Python program printed, then its error with the learner's own
// traceback and a button that takes the editor to the line. Text only (textContent): the
// worker's messages are data, never markup.

export class OutputPane {
  /** elements: {panel, region, text, note, error}; `jump(line, col, endCol)` moves the
   * editor. */
  constructor({ panel, region, text, note, error }, jump) {
    this.panel = panel;
    this.region = region;
    this.text = text;
    this.note = note;
    this.error = error;
    this.jump = jump;
  }

  /** A new run is on its way: what is shown is from the previous one. */
  pending() {
    if (!this.region || this.panel?.hidden) return;
    this.region.classList.add("stale");
    this.region.dataset.state = "stale";
    this.region.setAttribute("aria-busy", "true");
  }

  /** Show a run's result; an expression-language result has no output and hides the pane. */
  show(result) {
    if (!this.region) return;
    this.region.classList.remove("stale");
    this.region.dataset.state = "current";
    this.region.removeAttribute("aria-busy");
    const python = result.language === "python" || Boolean(result.stopped);
    if (this.panel) this.panel.hidden = !python;
    if (!python) return;
    const output = result.output ?? "";
    this.text.textContent = output || (result.error ? "" : "(the program printed nothing)");
    // Why a program that made values has no graph (engine.worker.runner: the names its values use).
    const note = typeof result.note === "string" ? result.note : "";
    if (this.note) {
      this.note.textContent = note;
      this.note.hidden = !note;
    }
    this.showError(result.error);
  }

  showError(error) {
    const box = this.error;
    if (!box) return;
    box.hidden = !error;
    if (!error) {
      box.replaceChildren();
      return;
    }
    const parts = [];
    if (error.line) {
      const where = document.createElement("button");
      where.type = "button";
      where.className = "error-where";
      where.textContent = `Line ${error.line}${error.col ? `, column ${error.col}` : ""}`;
      where.title = "Show this line in the editor";
      where.addEventListener("click", () => this.jump(error.line, error.col ?? 1, error.end_col));
      parts.push(where, ": ");
    }
    parts.push(error.message);
    const message = document.createElement("p");
    message.className = "output-message";
    message.append(...parts);
    const children = [message];
    if (error.traceback && error.traceback !== error.message) {
      const trace = document.createElement("pre");
      trace.className = "output-traceback";
      trace.textContent = error.traceback;
      children.push(trace);
    }
    box.replaceChildren(...children);
  }
}
