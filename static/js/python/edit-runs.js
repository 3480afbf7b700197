// A learner's edit, run: by the engine worker, and while Python downloads by the server as well
// (server-run.js, the expression language), whose graph is drawn at once; the worker's answer
// then replaces it only if it differs (no flash). A newer edit supersedes an older one's answers.
import { ServerRun, laidOutSvg, sameGraph } from "./server-run.js";

/**
 * Run each "edit" of `editor`. data: the page's initial data (its server_run route and limits);
 * engine: the EngineClient; python: PythonStart; output, graphChoice: what a run shows besides
 * its graph; show(result, laidOut, start): the page's showRun; linkSource: a link's own program
 * (run as foreign: not the reader's); linkStart: a link's step, taken once its program ran.
 */
export function runEdits({ data, editor, engine, python, output, graphChoice, show, linkSource, linkStart }) {
  const serverRun = data.server_run
    ? new ServerRun(data.server_run, data.max_url_bytes, data.default_mode)
    : null;
  const edits = { made: 0, answered: 0, fromServer: null };

  async function drawFromServer(edit, source, mode, inputs) {
    const result = await serverRun?.run(source, mode, inputs);
    if (!result || edit !== edits.made || edits.answered >= edit) return;
    edits.fromServer = result;
    await show(result, laidOutSvg(result));
  }

  editor.addEventListener("edit", async () => {
    python.start(); // if it waited for the reader
    const { source, mode, inputs } = editor;
    const edit = ++edits.made;
    if (engine.state !== "ready") {
      python.status.editWaiting();
      drawFromServer(edit, source, mode, inputs);
    }
    output.pending();
    const foreign = source === linkSource;
    const result = await engine.run(source, mode, inputs, { foreign });
    if (!result) return; // a newer edit superseded this one
    edits.answered = edit;
    serverRun?.cancel();
    const shown = edits.fromServer;
    edits.fromServer = null;
    if (sameGraph(result, shown)) {
      output.show(result); // the graph on screen is this one already
      graphChoice.show(result);
      return;
    }
    await show(result, null, linkStart.take(source));
  });
}
