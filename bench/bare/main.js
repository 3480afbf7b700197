// Start the worker and record, like the playground's #boot-status, when Python is ready
// (milliseconds since navigation): data-worker-ready-ms and the worker's own data-worker-boot-ms.
const status = document.getElementById("status");
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.addEventListener("message", (event) => {
  if (event.data.ready) {
    status.dataset.workerReadyMs = String(Math.round(performance.now()));
    status.dataset.workerBootMs = String(Math.round(event.data.ms));
    status.textContent = "Python ready";
  } else {
    status.dataset.workerFailedMs = String(Math.round(performance.now()));
    status.textContent = `Python failed: ${event.data.error}`;
  }
});
