// A folded box's words (folding.js FoldView): the texts drawn in it, and a backward step said
// as that box's when its value is inside. Pure; the numbers are the engine's texts, never
// formatted here (engine.numeric.format_number is the one format).

/**
 * Folded box `id`'s texts, top to bottom: its name; its output's data and grad (or, for a
 * group whose call returned no single value, how many of its values are used outside); how
 * many values it holds and how many of them are parameters; the parameters' largest |grad|,
 * and when one datapoint is followed, that parameter's part from this point (record's
 * `call_grads`, said by pointPartText). `gradOf(id)`: {value, text} at the step on screen;
 * without it, the widest texts the pass will show (the layout's). `ran(index)`: has the
 * record's step `index` run at the step on screen (without it: the pass's end).
 * {name, data, grad, size, params}: a text, or null.
 */
export function boxTexts(view, id, gradOf = null, ran = null) {
  const { group, output, values, params } = view.box(id);
  const grad = gradOf ?? ((n) => ({ value: 0, text: view.nodes.get(n).grad_widest }));
  let data;
  let gradText = null;
  if (output) {
    data = `data ${output.data_text}`;
    gradText = `grad ${grad(output.id).text}`;
  } else {
    const inside = new Set(view.members.get(id));
    const used = view.members.get(id).filter((n) => view.nodes.get(n).consumers.some((c) => !inside.has(c)));
    data = `${used.length} ${used.length === 1 ? "value" : "values"} used outside`;
  }
  const size = `${values} values${params.length ? ` · ${params.length} params` : ""}`;
  let most = null;
  if (params.length) {
    const best = largestGrad(params, grad, !gradOf);
    const part = gradOf ? pointPartText(view.pointPart(best.id), ran ?? (() => true)) : widestPart(view, params);
    most = `|grad| max ${best.text.replace(/^-/, "")}${part ? ` (this point ${part})` : ""}`;
  }
  return { name: group.name, data, grad: gradText, size, params: most };
}

/** What a point's part of a parameter's grad says before the step that last wrote it. */
export const PART_NOT_YET = "not yet";

/**
 * This point's part of a parameter's grad (`part`: the record's {grad, grad_text, last_step},
 * or null) at the step on screen: the engine's text once the step that last wrote it has run
 * (`ran(last_step)`), before that PART_NOT_YET, as the record holds the part at the pass's end
 * only and the page formats no number. The one rule for the folded box and the inspector.
 */
export function pointPartText(part, ran) {
  if (!part) return null;
  return part.last_step === null || ran(part.last_step) ? part.grad_text : PART_NOT_YET;
}

/**
 * A backward step's words when its value is inside a folded box, else null: which box, which
 * op ran, and what it wrote (`Layer 1 · Neuron 3: tanh ran, its input's grad 0.0000 →
 * 0.4200`). The chain-rule panel still shows the real call.
 */
export function foldedStepWords(view, step) {
  if (step?.kind !== "backward" || !view.boxOf.has(step.node)) return null;
  const box = view.boxOf.get(step.node);
  const hidden = [];
  const shown = [];
  for (const c of step.changes) {
    const change = `${c.before_text} → ${c.after_text}`;
    if (view.boxOf.get(c.node) === box) hidden.push(change);
    else shown.push(`${view.nodes.get(c.node)?.name ?? c.node}.grad ${change}`);
  }
  const parts = [];
  if (hidden.length === 1) parts.push(`its input's grad ${hidden[0]}`);
  if (hidden.length > 1) parts.push(`its inputs' grads ${hidden.join(", ")}`);
  parts.push(...shown);
  const what = parts.length ? parts.join("; ") : "no grad changed";
  return `${view.groups.get(box).name}: ${step.op || "_backward"} ran, ${what}.`;
}

/** The id and grad text of the largest |grad| among `ids`, as the engine wrote it; `widest`:
 * the longest such text the pass will show, for the layout. */
function largestGrad(ids, grad, widest) {
  let best = null;
  for (const id of ids) {
    const { value, text } = grad(id);
    const size = widest ? text.replace(/^-/, "").length : Math.abs(Number(value));
    if (best === null || size > best.size || Number.isNaN(size)) best = { size, text, id };
    if (Number.isNaN(size)) break; // nan is the largest news
  }
  return best;
}

/** The longest "this point" text among `ids`, before or after its step (the layout makes room
 * for any of them). */
function widestPart(view, ids) {
  let widest = null;
  for (const id of ids) {
    for (const text of [view.pointPart(id)?.grad_text, view.pointPart(id) && PART_NOT_YET]) {
      if (text && (widest === null || text.length > widest.length)) widest = text;
    }
  }
  return widest;
}
