// The Embed button's dialog: options as checkboxes and selects (named like /embed's URL
// options), the snippets for the state on screen, a live preview, and Copy buttons.
// The server writes the snippets (GET /embed-code?url=…); this module only builds the URL.

const REFRESH_AFTER_MS = 300; // a burst of option changes makes one request

export class EmbedDialog {
  /**
   * state: () => {source, mode, step, values, forward, practice, manual, …}, what is on screen
   * now (see main.js): the learning modes on screen start checked.
   */
  constructor({ button, dialog, state }) {
    this.button = button;
    this.dialog = dialog;
    this.form = dialog.querySelector("form");
    this.state = state;
    this.preview = dialog.querySelector("#embed-preview");
    this.status = dialog.querySelector("#embed-status");
    this.fields = {
      html: dialog.querySelector("#embed-html"),
      image: dialog.querySelector("#embed-image"),
      markdown: dialog.querySelector("#embed-markdown"),
    };
    this.timer = null;
    this.request = 0;
    button.addEventListener("click", () => this.open());
    this.form.addEventListener("change", () => this.schedule());
    // "Download the SVG": the Download menu's own, made in the page from what is on screen.
    dialog.querySelector("#embed-download-svg")?.addEventListener("click", () => {
      document.querySelector('#downloads [data-download="svg"]')?.click();
    });
    for (const copy of dialog.querySelectorAll("[data-copy]")) {
      copy.addEventListener("click", () => this.copy(dialog.querySelector(`#${copy.dataset.copy}`)));
    }
    dialog.addEventListener("close", () => {
      this.preview.removeAttribute("src"); // stop the preview's Python
      button.focus();
    });
  }

  open() {
    const state = this.state();
    for (const mode of ["forward", "practice", "manual"]) {
      const box = this.form.elements[mode];
      if (box) box.checked = Boolean(state[mode]);
    }
    this.dialog.showModal();
    this.refresh();
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), REFRESH_AFTER_MS);
  }

  /** The /embed URL (path and query) for the state on screen and the chosen options. */
  embedUrl() {
    const { source, mode, step, values = {}, graph = null, exercise = null } = this.state();
    // All of it: the server leaves out what is the default anyway. An exercise: its own page,
    // with its starter (each reader's code is their own).
    const program = exercise ? { exercise } : { src: source, mode, step: String(step) };
    const params = new URLSearchParams(program);
    // What-if values, as in the permalink (url-state.js): name → number.
    if (!exercise && Object.keys(values).length) params.set("values", JSON.stringify(values));
    if (!exercise && Number.isInteger(graph)) params.set("graph", String(graph)); // "Graph of"
    for (const field of this.form.elements) {
      if (!field.name || field.dataset.snippet) continue;
      if (field.type === "checkbox") params.set(field.name, field.checked ? "1" : "0");
      else if (field.tagName === "SELECT") params.set(field.name, field.value);
    }
    return `/embed?${params}`;
  }

  async refresh() {
    clearTimeout(this.timer);
    const request = ++this.request;
    const url = this.embedUrl();
    let code;
    try {
      const response = await fetch(`/embed-code?${new URLSearchParams({ url })}`);
      if (!response.ok) throw new Error(tooLong(response.status) ?? `HTTP ${response.status}`);
      code = await response.json();
    } catch (error) {
      if (request === this.request) this.say(`No embed code: ${error.message}`);
      return;
    }
    if (request !== this.request) return; // a newer change is on its way
    const withScript = this.form.elements["auto-height"].checked;
    this.fields.html.value = withScript ? `${code.iframe}\n${code.script}` : code.iframe;
    this.fields.image.value = code.image;
    this.fields.markdown.value = code.markdown;
    this.showImageNote(code.image_note ?? "");
    this.preview.height = String(code.height);
    // The preview loads from this page's own origin: the code's absolute URL names the public
    // origin the server was configured with (PLAYGROUND_PUBLIC_ORIGIN), which may not be this.
    const { pathname, search } = new URL(code.embed_url);
    const preview = `${pathname}${search}`;
    if (this.preview.getAttribute("src") !== preview) this.preview.src = preview;
    this.dialog.dataset.embedUrl = code.embed_url; // for tests and for reading it back
    this.say("");
  }

  /** A Python program has no image made on the server: the dialog says why and offers the
   * SVG made in this page instead of snippets (the server decides: code.image_note). */
  showImageNote(note) {
    for (const block of this.dialog.querySelectorAll("[data-server-image]")) block.hidden = Boolean(note);
    const box = this.dialog.querySelector("#embed-image-note");
    if (!box) return;
    box.hidden = !note;
    box.querySelector("p").textContent = note;
  }

  async copy(field) {
    try {
      await navigator.clipboard.writeText(field.value);
      this.say("Copied");
    } catch {
      field.focus();
      field.select();
      this.say("Selected: press Ctrl+C (or ⌘C) to copy it");
    }
  }

  say(text) {
    this.status.textContent = text;
  }
}

function tooLong(status) {
  return status === 414 ? "this program is too long for a link; shorten it to embed it" : null;
}
