// "Download my work": one Markdown file with the code of every exercise and which passed, so a
// learner can hand it in, keep it, or move to another browser by copying their code back.

/** The file's text for `entries` (Progress.all: [{id, title, code, passed, checked}]). */
export function workFile(entries, { when = new Date(), from = "" } = {}) {
  const lines = ["# Build your own autograd: my work", ""];
  const passed = entries.filter((e) => e.passed).length;
  lines.push(`${passed} of ${entries.length} exercises ready. Saved ${when.toISOString()}${from ? ` from ${from}` : ""}.`);
  entries.forEach((entry, index) => {
    lines.push("", `## ${index + 1}. ${entry.title} (${entry.id}): ${verdict(entry)}`, "");
    if (entry.code === null) {
      lines.push("No code written yet.");
    } else {
      const marks = fence(entry.code);
      lines.push(`${marks}python`, entry.code.replace(/\n$/, ""), marks);
    }
  });
  return `${lines.join("\n")}\n`;
}

function verdict(entry) {
  if (entry.passed) return "passed";
  if (entry.checked) return "not passed yet";
  return entry.code === null ? "not started" : "not checked yet";
}

/** A code fence longer than any run of backticks in `code`, so the code cannot close it. */
function fence(code) {
  const longest = Math.max(2, ...Array.from(code.matchAll(/`+/g), (m) => m[0].length));
  return "`".repeat(longest + 1);
}

/** Save `text` as a file named `name` (a download; nothing leaves the browser). */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/markdown;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const WORK_FILE_NAME = "autograd-exercises.md";
