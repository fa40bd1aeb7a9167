// A label's value where a page prints it: the identifier after a label, the cell beside or under it by character
// columns, or by the page's positions. The building blocks every labelled field's reader uses.
import type { TextBox } from "../model.js";
import { valueByPosition } from "./layout.js";
import { cellsOf } from "./supplier.js";

/** A field's value and how sure the reading is of it. */
export type Found<T> = { value: T; confidence: number };
export const none = { value: null, confidence: 0 } as const;

// What stands between a label and its value: its marks, a table's rule ("FaturaNo:  |DCE…"), OCR's comma for a dot
// ("Rech. Nr, 4572"), a leader of dots ("Nº FACTURA ........: 25/030840").
const BEFORE_VALUE = String.raw`^(?:[#:|,\s]|\.{2,}|…)*`;
// Digits grouped by commas stay one number ("Folio:  FH-1,002,798"), and so do digits grouped by spaces in threes,
// as French bills print long numbers ("N° 26 558 373 267"), where no amount follows.
const SPACED_ID = new RegExp(String.raw`${BEFORE_VALUE}(\d{1,3}(?: \d{3}){2,})(?![\d.,]|\s+\d)`);
const ID = new RegExp(String.raw`${BEFORE_VALUE}([A-Z0-9](?:[A-Z0-9\-/_.]|,(?=\d{3}(?!\d)))*[A-Z0-9]|[0-9])`, "i");
// An identifier: letters, digits and separators, with at least one digit.
export const identifier = (text: string): string | null => {
  const spaced = text.trim().match(SPACED_ID);
  if (spaced?.[1] !== undefined) return spaced[1].replace(/ /g, "");
  const m = text.trim().match(ID);
  const id = m?.[1];
  return id && /\d/.test(id) ? id : null;
};

// A label's value: the rest of its cell, else the cell below it in the same column (a header row of labels over
// a row of values), else the start of the next line.
// `inLabelCell`: the same line's value begins in the label's own cell ("Invoice date (Y-M-D)  2025-06-21"), not
// in a cell after it.
export const valueNear = (
  lines: readonly string[],
  i: number,
  label: RegExp,
): { text: string; below: boolean; inLabelCell: boolean }[] => {
  const line = lines[i] ?? "";
  const m = line.match(label);
  if (!m || m.index === undefined) return [];
  const out: { text: string; below: boolean; inLabelCell: boolean }[] = [];
  const rest = line.slice(m.index + m[0].length).replace(/^\s?[:#.]?\s?/, "");
  if (rest !== "" && !/^\s{2}/.test(line.slice(m.index + m[0].length)))
    out.push({ text: rest, below: false, inLabelCell: true });
  else if (rest !== "") out.push({ text: rest.trimStart(), below: false, inLabelCell: false });
  const next = lines[i + 1] ?? "";
  const col = m.index;
  const below = cellsOf(next, i + 1);
  const headings = cellsOf(line, i);
  for (const c of below) {
    if (below.length === 1 || (c.end >= col - 2 && c.start <= col + m[0].length + 4)) {
      // A cell begun under another heading of the label's row holds that heading's value first ("JUN 25 2018 JUL
      // 17 2018" under "BILLING DATE  DUE DATE"): the label's value starts at the word under the label.
      const neighbours = c.start < col - 2 && headings.some((h) => h.end <= col && Math.abs(h.start - c.start) <= 2);
      const from = neighbours ? Math.max(c.start, next.lastIndexOf(" ", col) + 1) : c.start;
      out.push({ text: next.slice(from), below: true, inLabelCell: false });
    }
  }
  return out;
};

export const labelled = <T>(
  lines: readonly string[],
  label: RegExp,
  read: (after: string, inLabelCell?: boolean) => T | null,
  cells: readonly TextBox[] = [],
): Found<T | null> => {
  for (const [i, _line] of lines.entries()) {
    for (const v of valueNear(lines, i, label)) {
      const value = read(v.text, v.inLabelCell);
      if (value === null) continue;
      // The next line's cell under a label is a guess from character columns: the page's positions decide.
      return v.below ? (byPosition(cells, label, read) ?? { value, confidence: 0.8 }) : { value, confidence: 0.9 };
    }
  }
  return byPosition(cells, label, read) ?? none;
};

/**
 * A label's value by where the page prints it (a reading with positions): beside it on its band as sure as on its
 * line, directly below it in its column a little less; null without positions or value.
 */
export const byPosition = <T>(
  cells: readonly TextBox[],
  label: RegExp,
  read: (after: string) => T | null,
): Found<T> | null => {
  const found = cells.length === 0 ? null : valueByPosition(cells, label, read);
  return found === null ? null : { value: found.value, confidence: found.placed === "below" ? 0.8 : 0.85 };
};
