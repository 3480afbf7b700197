// Auto-height for playground iframes. Add once to a page that embeds the playground:
//   <script src="https://playground.example/embed.js" async></script>
// No dependencies. Each playground iframe posts its content height (see docs/embedding.md,
// "Auto-height"); this script sets that iframe's height to match. Messages are matched to the
// iframe that sent them (event.source), so other frames and other messages are left alone.
(() => {
  const HEIGHT = "autograd-playground:height";
  const HELLO = "autograd-playground:auto-height";
  const MAX_HEIGHT = 10000; // px: a message cannot make a frame absurdly tall

  function frameOf(source) {
    for (const frame of document.getElementsByTagName("iframe")) {
      if (frame.contentWindow === source) return frame;
    }
    return null;
  }

  window.addEventListener("message", (event) => {
    const message = event.data;
    if (!message || message.type !== HEIGHT) return;
    const height = Number(message.height);
    if (!Number.isFinite(height) || height <= 0) return;
    const frame = frameOf(event.source);
    if (!frame) return;
    frame.style.height = `${Math.min(Math.ceil(height), MAX_HEIGHT)}px`;
    // Tell the embed its height now follows its content, so it can stop filling the frame.
    if (!frame.dataset.autoHeight) {
      frame.dataset.autoHeight = "on";
      event.source.postMessage({ type: HELLO }, "*");
    }
  });
})();
