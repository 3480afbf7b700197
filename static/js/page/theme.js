// The Theme menu on / (light, dark, or auto: the system's choice). The choice is kept in
// localStorage and applied as data-theme on <html>, which the palette's `color-scheme` rules
// read (static/css/page/palette.css). Embeds take their theme from the URL instead (the server
// writes data-theme), so they have no menu and this never runs there.

const KEY = "autograd-playground.theme";

/** select: select#theme, whose options are the themes. */
export function bindTheme(select) {
  if (!select) return;
  const themes = new Set([...select.options].map((o) => o.value));
  const saved = load();
  if (themes.has(saved)) apply(saved);
  select.value = document.documentElement.dataset.theme ?? "auto";
  select.addEventListener("change", () => {
    if (!themes.has(select.value)) return;
    apply(select.value);
    save(select.value);
  });
}

function apply(theme) {
  document.documentElement.dataset.theme = theme;
  const meta = document.querySelector('meta[name="color-scheme"]');
  meta?.setAttribute("content", theme === "auto" ? "light dark" : theme);
}

// Storage may be off (privacy settings, a sandboxed frame): then the choice lasts the visit.
function load() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function save(theme) {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // kept for this visit only
  }
}
