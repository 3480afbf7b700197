// The learning modes' way to the live graphs of the last program the worker ran: which of its
// graphs is on screen, and actions on it. The first graph comes from the server, and a restart
// of the worker forgets them: then the program runs again, quietly, before the action.

export class LiveGraphs {
  /** engine: the EngineClient; editor: the program to run again. */
  constructor({ engine, editor }) {
    this.engine = engine;
    this.editor = editor;
    this.index = 0; // which graph of the last run is on screen (the worker keeps them all)
  }

  /** The worker's answer to `action` on graph `graph` (engine.playground.act). */
  async act(graph, action, args) {
    const { engine, editor } = this;
    const result = await engine.act(graph, action, args);
    if (result.ok || !result.error?.gone) return result;
    await engine.run(editor.source, editor.mode, editor.inputs);
    return engine.act(graph, action, args);
  }
}
