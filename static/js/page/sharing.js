// Sharing what is on screen: "Copy link" (the permalink), and on pages that have them the
// Embed dialog and the Downloads menu, loaded only there (an embed fetches neither module).
import { copyLink } from "./url-state.js";

/** urlState: the UrlState; onScreen: the OnScreen; say: the status line's words; downloads():
 * loads the Downloads menu's module (graph/downloads.js, wired by main.js); exercise: the id of
 * the page's exercise, which the Embed dialog embeds (its starter, not the code on screen). */
export function bindSharing({ urlState, onScreen, say, downloads, exercise = null }) {
  const $ = (id) => document.getElementById(id);
  $("copy-link")?.addEventListener("click", async (event) => {
    const link = urlState.link();
    if (urlState.tooLong) {
      // One line here; the note beside the Expression box says the rest (draft-keeper.js).
      say("This program is too long for a link: see the note under the program.");
      return;
    }
    say(await copyLink(link, event.currentTarget));
  });
  if ($("embed-button")) {
    import("./embed-dialog.js").then(({ EmbedDialog }) => {
      // The learning modes on screen start checked in the dialog.
      const state = () => ({ ...onScreen.withLearning(), exercise });
      new EmbedDialog({ button: $("embed-button"), dialog: $("embed-dialog"), state });
    });
  }
  if ($("downloads")) {
    downloads().then(({ Downloads }) => {
      new Downloads({ menu: $("downloads"), graph: () => onScreen.drawing(), say });
    });
  }
}
