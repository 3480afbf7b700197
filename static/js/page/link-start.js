// Where a link to a Python program starts: its step and its "Graph of" choice. The server does
// not run Python (docs/security.md), so the page's first graph is the worker's run; the link's
// position applies once, to that run of the link's own program (an edit made before it arrived
// starts at the beginning, as any new program does).

export class LinkStart {
  /** data: the page's initial data (its result pending for a Python program, its step, its
   * options.graph); source: the program the link carries, or null without ?src. */
  constructor(data, source) {
    const pending = Boolean(data.result?.pending);
    this.start = pending ? { source, step: data.step ?? 0, graph: data.options?.graph ?? null } : null;
  }

  /** The position to show the run of `source` at, {step, graph} (graph: an index or null),
   * once; null for any other run. */
  take(source) {
    const { start } = this;
    this.start = null;
    return start && start.source === source ? start : null;
  }
}
