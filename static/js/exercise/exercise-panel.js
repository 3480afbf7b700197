// One exercise on its page (templates/partials/exercise.html): the learner's code kept and
// carried over, Run, Check and its verdict, hints one at a time, the solution behind a click,
// Reset to starter, Download my work; and, in an embed, what happens told to the host page.
import { CheckView, summarize } from "./check-view.js";
import { HostMessages } from "./host-messages.js";
import { browserStorage } from "../shared/browser-storage.js";
import { Progress } from "./progress.js";
import { WORK_FILE_NAME, download, workFile } from "./work-file.js";

export class ExercisePanel {
  /**
   * exercise: the page's exercise (app/exercise_pages.py exercise_data); editor: the Editor;
   * engine: the EngineClient (check); show(located): puts a failure's record on the graph at
   * its call (main.js); progress: where the learner's work is kept.
   */
  constructor({ exercise, editor, engine, show, progress = new Progress(browserStorage()) }) {
    const $ = (id) => document.getElementById(id);
    this.exercise = exercise;
    this.editor = editor;
    this.engine = engine;
    this.progress = progress;
    this.show = show;
    this.note = $("exercise-note");
    this.hints = Array.from(document.querySelectorAll("#exercise-hints > li"));
    this.hintButton = $("exercise-hint");
    this.hintCount = $("exercise-hint-count");
    this.solutionButton = $("exercise-solution");
    this.solution = $("exercise-solution-code");
    this.next = $("exercise-next");
    // "Show on the graph" beside a failure also brings the graph to the screen (one column).
    const showOnGraph = (located) => show(located, { reveal: true });
    this.checks = new CheckView({ verdict: $("exercise-verdict"), list: $("exercise-results") }, showOnGraph);
    this.host = HostMessages.forPage(exercise.id);
    this.checking = 0;
    $("exercise-run")?.addEventListener("click", () => editor.now());
    $("exercise-check")?.addEventListener("click", () => this.check());
    this.hintButton?.addEventListener("click", () => this.hint());
    this.solutionButton?.addEventListener("click", () => this.toggleSolution());
    $("exercise-reset")?.addEventListener("click", () => this.reset());
    $("exercise-download")?.addEventListener("click", () => this.download());
    // Not every "edit" is the learner's (the page runs the starter once Python is there), and
    // the editor reports one a moment after the last keystroke: a reload or a link followed
    // within it would lose that keystroke.
    editor.addEventListener("edit", () => this.keepChanged());
    window.addEventListener("pagehide", () => this.keepChanged());
  }

  /** The learner's code in the editor: theirs for this exercise, else carried over from the one
   * it builds on, else the starter (already there). Whether the editor's text changed. */
  restore() {
    const { id, after, starter, chapter } = this.exercise;
    const mine = this.progress.load(id);
    for (let i = 0; i < mine.hints; i++) this.revealHint(false);
    if (mine.checked) this.openSolution();
    if (mine.passed) this.checks.say("Ready: your code passed these checks before. Check again to be sure.", "passed");
    if (mine.code !== null) {
      this.editor.source = mine.code;
      return mine.code !== starter;
    }
    const before = after ? this.progress.load(after) : null;
    if (before?.code) {
      const title = chapter.find((e) => e.id === after)?.title ?? after;
      this.editor.source = before.code;
      this.say(`Your code of “${title}” carried over: build on it. “Reset to starter” gives this exercise’s own start.`);
      this.progress.save(id, { code: before.code });
      return true;
    }
    // Blocked storage holds no code, so its note is said here, where nothing else is.
    this.say(this.progress.kept ? "" : "This browser keeps nothing here (storage is blocked): use “Download my work” before you leave.");
    return false;
  }

  say(text) {
    if (this.note) this.note.textContent = text;
  }

  keep() {
    const kept = this.progress.save(this.exercise.id, { code: this.editor.source });
    if (kept === "too-big") this.say("Your code is too long to keep in this browser: download it to keep it.");
    if (kept === "full") this.say("This browser's storage is full: your latest code is not kept. Download it.");
  }

  /** Keep the editor's text if it is not what is kept already. An unchanged starter is no code
   * of the learner's: the exercise stays "Not started", and still takes the code of the one it
   * builds on once that is written. */
  keepChanged() {
    const kept = this.progress.load(this.exercise.id).code ?? this.exercise.starter;
    if (this.editor.source !== kept) this.keep();
  }

  /** Python is ready: an embed tells its host, and the worker imports the checks' engine now
   * (a request of its own, after the learner's first run), not at the first Check. */
  ready() {
    this.host.ready();
    this.engine.check("", "", "");
  }

  /** A run of the learner's code (main.js calls this with each result shown). */
  ran(result) {
    this.host.ran(result);
  }

  async check() {
    const { id, setup, check } = this.exercise;
    const code = this.editor.source;
    this.keep();
    const ticket = ++this.checking;
    const waiting = this.engine.state === "ready" ? "" : " (once Python has started)";
    this.checks.say(`Checking${waiting}…`, "checking");
    performance.mark("exercise:check");
    const result = await this.engine.check(code, setup, check);
    if (ticket !== this.checking) return; // a newer Check is on its way
    const summary = summarize(result);
    this.checks.show(result, summary);
    this.checks.verdict.scrollIntoView({ block: "nearest" }); // Check may sit at the screen's foot
    performance.mark("exercise:verdict"); // for bench/: Check → verdict painted
    const before = this.progress.load(id);
    this.progress.save(id, { checked: true, passed: before.passed || summary.passed });
    this.openSolution();
    this.host.checked(summary);
    if (summary.passed) {
      if (this.next) this.next.classList.add("ready");
      (this.next ?? this.checks.verdict).focus?.();
    } else if (summary.located) {
      await nextFrame(); // the verdict is painted first; the graph's layout follows
      if (ticket === this.checking) await this.show(summary.located);
    }
  }

  hint() {
    if (!this.revealHint(true)) return;
    this.progress.save(this.exercise.id, { hints: this.hints.filter((h) => !h.hidden).length });
  }

  /** Show the next hidden hint (and move focus to it when asked); false when none is left. */
  revealHint(focus) {
    const next = this.hints.find((h) => h.hidden);
    if (!next) return false;
    next.hidden = false;
    if (focus) next.focus();
    const shown = this.hints.filter((h) => !h.hidden).length;
    if (this.hintCount) this.hintCount.textContent = `(${shown} of ${this.hints.length} shown)`;
    if (shown === this.hints.length && this.hintButton) {
      this.hintButton.setAttribute("aria-disabled", "true");
      this.hintButton.textContent = "No more hints";
    }
    return true;
  }

  /** The solution may open (after a first check, by default). */
  openSolution() {
    this.solutionButton?.removeAttribute("aria-disabled");
  }

  toggleSolution() {
    const button = this.solutionButton;
    if (button.getAttribute("aria-disabled") === "true") {
      this.say("The solution opens after your first Check: try it yourself first.");
      return;
    }
    this.solution.hidden = !this.solution.hidden;
    button.textContent = this.solution.hidden ? "Show solution" : "Hide solution";
    button.setAttribute("aria-expanded", String(!this.solution.hidden));
    if (!this.solution.hidden) this.solution.querySelector("h3")?.focus();
  }

  reset() {
    this.editor.source = this.exercise.starter;
    this.editor.now();
    this.keep();
    this.checks.clear("Back to the starter. Press Check when your code is ready.");
    this.say("Back to the starter: Ctrl+Z (⌘Z) in the editor brings your code back.");
  }

  download() {
    this.keep();
    const text = workFile(this.progress.all(this.exercise.chapter), { from: window.location.href });
    download(text, WORK_FILE_NAME);
  }
}

function nextFrame() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
