// Output's "Run limit": how long the reader lets a program run before it is stopped. The
// choices and the starting value come from the server (app/page_data.py); a link may only
// lower the limit, so raising it is the reader's own choice, here, and never written to a link.

/** select: select#run-limit; engine: the EngineClient whose runLimitMs it sets. */
export function bindRunLimit(select, engine, choicesS, currentMs) {
  if (!select) return;
  const seconds = [...new Set([...choicesS, currentMs / 1000])].sort((a, b) => a - b);
  select.replaceChildren(
    ...seconds.map((s) => {
      const option = document.createElement("option");
      option.value = String(s * 1000);
      option.textContent = `${s} s`;
      option.selected = s * 1000 === currentMs;
      return option;
    }),
  );
  select.addEventListener("change", () => {
    engine.runLimitMs = Number(select.value);
  });
}
