// The permalink: ?src=…&step=…&mode=…&values=…&graph=… and the learning modes and descent's fields
// (forward, practice, manual, rate, steps, params) kept up to date with history.replaceState, and
// the "Copy link" button. Other query parameters (the embed's options) are left alone.
//
// The URL is written once the state has stopped changing for QUIET_MS, not during a run of
// steps: a replaceState took ~9 ms on the MLP preset's page (Chromium's same-document
// navigation, Document::SetURL and around it, in a trace), and landed between the steps of a
// run of clicks. A page being left or hidden writes it at once.

export const QUIET_MS = 300; // also keeps clear of browsers' throttling of rapid replaceState calls

export class UrlState {
  /**
   * defaultSource: the program the page shows without ?src (left out of links);
   * startsAtEnd: without ?step the page starts after the last step (an embed without controls);
   * maxUrlBytes: the longest URL the server accepts (it answers 414 past it: app/settings.py);
   * defaultMode: the mode a link without ?mode runs (the server's: left out of links).
   */
  constructor({ defaultSource, startsAtEnd = false, descent = {}, maxUrlBytes, defaultMode }) {
    this.descent = descent; // {rate, steps}: the server's defaults
    this.defaultMode = defaultMode;
    this.maxUrlBytes = maxUrlBytes;
    const params = new URLSearchParams(window.location.search);
    this.defaultSource = params.has("src") ? null : defaultSource;
    this.startsAtEnd = startsAtEnd;
    this.state = null;
    this.timer = null;
    this.tooLong = false; // the program does not fit in a URL the server accepts
    this.written = true; // the URL shows this.state
    const flush = () => {
      if (!this.written) this.link();
    };
    window.addEventListener?.("pagehide", flush);
    globalThis.document?.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") flush();
    });
  }

  /** Record the state; the URL follows once the state has not changed for QUIET_MS. */
  update({ source, step, mode, values = {}, graph = null, ...learning }) {
    this.state = { source, step, mode, values, graph, learning };
    this.written = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.write(), QUIET_MS);
  }

  write() {
    this.timer = null;
    this.written = true;
    if (!this.state) return;
    const url = new URL(window.location.href);
    const { source, step, mode, values, graph, learning } = this.state;
    setOrDelete(url.searchParams, "src", source === this.defaultSource ? null : source);
    setOrDelete(url.searchParams, "mode", mode === this.defaultMode ? null : mode);
    setOrDelete(url.searchParams, "step", step > 0 || this.startsAtEnd ? String(step) : null);
    const changed = Object.keys(values ?? {}).length ? JSON.stringify(values) : null;
    setOrDelete(url.searchParams, "values", changed); // what-if values: name → number
    // A Python program's "Graph of" (by index), when it has a choice of graphs.
    setOrDelete(url.searchParams, "graph", Number.isInteger(graph) ? String(graph) : null);
    this.writeLearning(url.searchParams, learning);
    this.tooLong = this.tooLongUrl(url);
    if (this.tooLong) {
      url.searchParams.delete("src");
      url.searchParams.delete("step");
      url.searchParams.delete("graph");
    }
    // The history entry's state (the draft's key: drafts.js) stays with it.
    const { history } = window;
    if (url.href !== window.location.href) history.replaceState(history.state, "", url);
  }

  /** Whether a link can carry this program (the rest of the state barely counts). */
  fits(source) {
    const url = new URL(window.location.href);
    url.searchParams.set("src", source);
    return !this.tooLongUrl(url);
  }

  tooLongUrl(url) {
    return new TextEncoder().encode(url.pathname + url.search).length > this.maxUrlBytes;
  }

  /** The learning modes on screen and descent's fields, each left out when it is the default. */
  writeLearning(params, { forward, practice, manual, rate, steps, params: names } = {}) {
    if (forward === undefined) return; // a caller that does not know them leaves them alone
    for (const [key, on] of [["forward", forward], ["practice", practice], ["manual", manual]]) {
      setOrDelete(params, key, on ? "1" : null);
    }
    const number = (text) => (String(text ?? "").trim() === "" ? NaN : Number(text));
    const ownRate = number(rate) !== this.descent.rate && Number.isFinite(number(rate));
    setOrDelete(params, "rate", ownRate ? String(number(rate)) : null);
    const ownSteps = Number.isInteger(number(steps)) && number(steps) !== this.descent.steps;
    setOrDelete(params, "steps", ownSteps ? String(number(steps)) : null);
    setOrDelete(params, "params", names?.length ? names.join(",") : null);
  }

  /** The link to this exact state, written out now. */
  link() {
    clearTimeout(this.timer);
    this.write();
    return window.location.href;
  }
}

function setOrDelete(params, key, value) {
  if (value === null) params.delete(key);
  else params.set(key, value);
}

/**
 * Copy `text` to the clipboard; if the browser refuses, put it in a selected text field next
 * to `button` so the learner can copy it by hand. Resolves to the words to announce.
 */
export async function copyLink(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    return "Link copied";
  } catch {
    let field = document.getElementById("link-text");
    if (!field) {
      field = document.createElement("input");
      field.id = "link-text";
      field.type = "text";
      field.readOnly = true;
      field.className = "link-text";
      field.setAttribute("aria-label", "Link to this step");
      button.after(field);
    }
    field.value = text;
    field.focus();
    field.select();
    return "Link selected: press Ctrl+C (or ⌘C) to copy it";
  }
}
