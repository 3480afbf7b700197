// The learning modes' way to the live graphs of the last program the worker ran: which of its
// graphs is on screen, and actions on it. The first graph comes from the server, and a restart
// of the worker forgets them: then the program runs again, quietly, before the action.

export class LiveGraphs {
  /** engine: the EngineClient; editor: the program to run again; waiting(): what a click
   * says while it waits for Python (python-start.js waitingText). */
  constructor({ engine, editor, waiting = () => "" }) {
    this.engine = engine;
    this.editor = editor;
    this.waiting = waiting;
    this.index = 0; // which graph of the last run is on screen (the worker keeps them all)
  }

  /** The worker's answer to `action` on graph `graph` (engine.worker.playground.act). Asked before
   * Python is ready, it waits for it, and `tell(text)` (if given) says so meanwhile. */
  async act(graph, action, args, tell = null) {
    const { engine, editor } = this;
    if (tell && !["ready", "failed"].includes(engine.state)) tell(this.waiting());
    const result = await engine.act(graph, action, args);
    if (result.ok || !result.error?.gone) return result;
    await engine.run(editor.source, editor.mode, editor.inputs);
    return engine.act(graph, action, args);
  }
}
