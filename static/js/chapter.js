// The chapter's page (/learn, templates/learn.html): each exercise's state in this browser
// (exercise/progress.js), and "Download my work".
import { Progress, stateOf } from "./exercise/progress.js";
import { browserStorage } from "./shared/browser-storage.js";
import { WORK_FILE_NAME, download, workFile } from "./exercise/work-file.js";

const $ = (id) => document.getElementById(id);
const { chapter = [] } = JSON.parse($("chapter-data")?.textContent ?? "{}");
const progress = new Progress(browserStorage());
for (const item of document.querySelectorAll("[data-exercise]")) {
  const label = item.querySelector(".exercise-state");
  const { state, text } = stateOf(progress.load(item.dataset.exercise));
  label.dataset.state = state;
  label.textContent = text;
}
const ready = progress.all(chapter).filter((e) => e.passed).length;
if ($("chapter-say")) {
  $("chapter-say").textContent = progress.kept
    ? `${ready} of ${chapter.length} ready.`
    : "This browser keeps nothing here (storage is blocked).";
}
$("exercise-download")?.addEventListener("click", () => {
  download(workFile(progress.all(chapter), { from: window.location.href }), WORK_FILE_NAME);
});
