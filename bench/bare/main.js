// Start the worker and record, like the playground (static/js/python/boot-status.js), when Python is
// ready: the mark "worker-ready", the worker's own figure as the measure "worker-boot" (or the
// mark "worker-failed"), and #status's data-state.
const status = document.getElementById("status");
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.addEventListener("message", (event) => {
  const now = performance.now();
  if (event.data.ready) {
    performance.mark("worker-ready", { startTime: now });
    performance.measure("worker-boot", { start: Math.max(0, now - event.data.ms), end: now });
    status.dataset.state = "ready";
    status.textContent = "Python ready";
  } else {
    performance.mark("worker-failed", { startTime: now });
    status.dataset.state = "failed";
    status.textContent = `Python failed: ${event.data.error}`;
  }
});
