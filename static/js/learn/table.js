// Rows of the learning modes' tables, text only (textContent): the first cell is a row header.

/** A <tr> of `cells` (strings); `className` marks the row (e.g. "mismatch"). */
export function tableRow(cells, className = "") {
  const tr = document.createElement("tr");
  if (className) tr.className = className;
  cells.forEach((text, i) => {
    const cell = document.createElement(i === 0 ? "th" : "td");
    if (i === 0) cell.scope = "row";
    cell.textContent = text;
    tr.append(cell);
  });
  return tr;
}
