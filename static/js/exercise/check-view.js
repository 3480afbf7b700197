// The Checks region: the verdict (a live region) and one line per check, as text. A check
// result comes from the engine worker (engine.exercise.run_checks_json), which also ran the
// learner's code: every string in it is shown with textContent, never as markup.

const MAX_SHOWN = 50; // checks listed; a check block is a handful

/** A check result in the page's terms: {passed, total, failed, messages (of the failed
 * checks), located (the first failure the graph can show, or null), verdict (words)}. A result
 * with no checks (the worker restarted, or was stopped) is one failure: its error. */
export function summarize(result) {
  if (!Array.isArray(result?.checks)) {
    const why = result?.error?.message ?? "the checks gave no answer";
    return { passed: false, total: 0, failed: 0, messages: [why], located: null, verdict: `The checks could not run: ${why}` };
  }
  const checks = result.checks.filter((c) => c && typeof c === "object");
  const failures = checks.filter((c) => c.passed !== true);
  const messages = failures.map((c) => String(c.message ?? ""));
  const located = failures.find((c) => isLocated(c.located))?.located ?? null;
  const total = checks.length;
  const passed = result.passed === true && failures.length === 0 && total > 0;
  let verdict = `Ready: all ${total} checks pass.`;
  if (!passed) {
    verdict = `Not yet: ${failures.length} of ${total} checks fail.`;
    if (located?.step === null) verdict += " The graph shows the value that differs.";
    else if (located) verdict += " The graph shows the first wrong _backward() call.";
  }
  return { passed, total, failed: failures.length, messages, located, verdict };
}

/** Whether the graph can show a failure: at a `_backward()` call of its record (`step`), or, for
 * a value that differs before any call (`step` null: its data, its inputs), at that value. */
function isLocated(located) {
  const record = located?.record;
  if (!Array.isArray(record?.nodes) || !Array.isArray(record?.backward)) return false;
  if (located.step === null) return record.nodes.some((n) => n?.id === located.node);
  return Number.isSafeInteger(located.step) && located.step >= 0 && located.step < record.backward.length;
}

export class CheckView {
  /** verdict: the live <p>; list: the <ol> of checks; onShow(located): a failure's
   * "Show on the graph" button. */
  constructor({ verdict, list }, onShow) {
    this.verdict = verdict;
    this.list = list;
    this.onShow = onShow;
  }

  say(text, state) {
    this.verdict.textContent = text;
    this.verdict.dataset.state = state;
  }

  /** The result's checks, each with "Pass" or "Fail" in words (not colour alone). */
  show(result, summary) {
    this.say(summary.verdict, summary.passed ? "passed" : "failed");
    const checks = Array.isArray(result?.checks) ? result.checks : [];
    const items = checks.slice(0, MAX_SHOWN).map((check) => this.item(check));
    if (!checks.length) items.push(this.item({ passed: false, message: summary.messages[0] }));
    this.list.replaceChildren(...items);
  }

  item(check) {
    const li = document.createElement("li");
    const passed = check?.passed === true;
    li.className = passed ? "check-pass" : "check-fail";
    const mark = document.createElement("span");
    mark.className = "check-mark";
    mark.textContent = passed ? "Pass" : "Fail";
    const text = document.createElement("span");
    text.className = "check-message";
    text.textContent = String(check?.message ?? "");
    li.append(mark, " ", text);
    if (!passed && isLocated(check?.located)) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link-button";
      button.textContent = "Show on the graph";
      button.addEventListener("click", () => this.onShow(check.located));
      li.append(" ", button);
    }
    return li;
  }

  clear(text) {
    this.say(text, "unchecked");
    this.list.replaceChildren();
  }
}
