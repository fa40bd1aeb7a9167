// One upload can hold several invoices one after another: Amazon India's order download prints the seller's invoice
// and then Amazon's own for the delivery fee, each a page headed by the same title with a number of its own. The
// reading is the first invoice's: its lines up to where the title comes again over another number, and its pages.
import type { TextBox } from "../model.js";
import { invoiceNumberIn } from "./invoice-number.js";
import { normalise } from "./normalise.js";

/** The lines and boxes of the first of the invoices some lines hold, or all of them when they hold one. */
export const firstDocument = (
  lines: readonly string[],
  boxes: readonly TextBox[],
): { lines: readonly string[]; boxes: readonly TextBox[] } => {
  const start = lines.findIndex((l) => l.trim() !== "");
  const title = lines[start]?.trim() ?? "";
  // A title is words: a first line with a digit is a page's counter ("Página 1 de 2") or an address, which a bill's
  // later sections repeat.
  if (title.length < 8 || !/\p{L}{3}/u.test(title) || /\d/.test(title)) return { lines, boxes };
  // Normalised once, and only where the title comes again: most uploads hold one invoice.
  let normalised: readonly string[] | undefined;
  for (let i = start + 1; i < lines.length; i++) {
    if (lines[i]?.trim() !== title) continue;
    normalised ??= lines.map(normalise);
    const first = invoiceNumberIn(normalised.slice(start, i));
    const next = invoiceNumberIn(normalised.slice(i));
    if (first === null || next === null || next === first) continue;
    // The page the second invoice begins on: the first whose first text is its title.
    const page = [...new Set(boxes.map((b) => b.page))]
      .filter((p) => p > (boxes[0]?.page ?? 1))
      .find((p) => boxes.find((b) => b.page === p)?.text.trim() === title);
    return { lines: lines.slice(0, i), boxes: page === undefined ? boxes : boxes.filter((b) => b.page < page) };
  }
  return { lines, boxes };
};
