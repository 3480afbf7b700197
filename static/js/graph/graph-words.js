// The graph in words: the notice line above it (#notice: a big graph's layout in progress, or
// why the layered layout drew it instead of Graphviz), and #graph's label for screen readers
// (#graph is the role="img" and the SVG inside is aria-hidden, so the label is all they hear).

export class Notice {
  /** element: p#notice, or null (an embed without it): then nothing is said. */
  constructor(element) {
    this.element = element;
  }

  say(text) {
    if (!this.element) return;
    this.element.textContent = text;
    this.element.hidden = !text;
  }

  /** "Large graph (20,000 values): layout may take a few seconds… 3 s", counted each second
   * until the returned function is called. */
  progress(count) {
    const started = performance.now();
    const text = `Large graph (${count.toLocaleString("en")} values): layout may take a few seconds`;
    this.say(`${text}…`);
    const timer = setInterval(() => {
      const seconds = Math.round((performance.now() - started) / 1000);
      this.say(`${text}… ${seconds} s`);
    }, 1000);
    return () => clearInterval(timer);
  }
}

/** The graph's label: how many values, and the output's name and number. */
export function describeGraph(trace) {
  const output = trace.nodes.find((n) => n.id === trace.output);
  const count = trace.nodes.length;
  const what = output ? ` The output ${output.shown ?? output.name} = ${output.data_text}.` : "";
  return `Computation graph of ${count} value${count === 1 ? "" : "s"}.${what}`;
}
