// document.title names the graph on screen ("Backward pass of L, …"), as the server's <title>
// and og:title do for the first one (app/titles.py): after a Graph-of choice or a new program
// it follows. The words are the server's (initial data "title_format").

export class PageTitle {
  /** format: "… {name} …", or nothing (an embed keeps its own title). */
  constructor(format) {
    this.format = format ?? null;
  }

  /** trace: the record on screen; its title is the name of its graph. */
  show(trace) {
    if (!this.format || !trace?.title) return;
    const title = this.format.replace("{name}", trace.title);
    if (document.title !== title) document.title = title;
  }
}
