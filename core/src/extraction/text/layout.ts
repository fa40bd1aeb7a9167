import type { TextBox } from "../model.js";
import { AMOUNT_CELL, CENTS_AMOUNT } from "./numbers.js";

// A page of boxes read by position: runs of text joined into cells (words on one baseline band, closer than a
// column gap), and a label's value found where a form prints it, to its right on the same band or directly below
// it in the same column, whatever line breaks the text lines took.

const centre = (b: TextBox): number => b.y + b.height / 2;

// The gap between two words that separates cells, in text heights: the text lines' column gap (two spaces).
const COLUMN_GAP = 1.2;

/** Boxes on one baseline band: vertical centres closer than half the smaller text height. */
const sameBand = (a: TextBox, b: TextBox): boolean =>
  a.page === b.page && Math.abs(centre(a) - centre(b)) < Math.min(a.height, b.height) / 2;

// The gap between two runs that is a space, in text heights, as the text layer's lines take it: runs closer are one
// word's parts (a subset font draws an accented letter apart: "Vev" and "ő").
const WORD_GAP = 0.15;

/** Runs of one cell, left to right, as one box: spaced where their gap is a space's, or always (`words`). */
const joined = (row: readonly TextBox[], words: boolean): TextBox => {
  const first = row[0] as TextBox;
  const x = Math.min(...row.map((b) => b.x));
  const y = Math.min(...row.map((b) => b.y));
  let text = "";
  let end = Number.NEGATIVE_INFINITY;
  for (const b of row) {
    if (text !== "" && (words || b.x - end > WORD_GAP * b.height)) text += " ";
    text += b.text;
    end = b.x + b.width;
  }
  return {
    text: text.replace(/\s+/g, " ").trim(),
    x,
    y,
    width: Math.max(...row.map((b) => b.x + b.width)) - x,
    height: Math.max(...row.map((b) => b.y + b.height)) - y,
    page: first.page,
  };
};

/**
 * A page of boxes as cells, in reading order (page, band top to bottom, left to right): neighbours on one band
 * whose gap is under a column gap are one cell. `words`: the boxes are words (OCR's), each its own, however close;
 * else runs of a text layer, which may part a word.
 */
export const cellsOfBoxes = (boxes: readonly TextBox[], words = false): TextBox[] => {
  const sorted = boxes
    .filter((b) => b.text.trim() !== "" && b.height > 0)
    .sort((a, b) => a.page - b.page || centre(a) - centre(b) || a.x - b.x);
  const bands: TextBox[][] = [];
  for (const box of sorted) {
    const band = bands[bands.length - 1];
    if (band?.[0] && sameBand(band[0], box)) band.push(box);
    else bands.push([box]);
  }
  const cells: TextBox[] = [];
  for (const band of bands) {
    band.sort((a, b) => a.x - b.x);
    let run: TextBox[] = [];
    for (const box of band) {
      const last = run[run.length - 1];
      if (last && box.x - (last.x + last.width) > COLUMN_GAP * Math.max(last.height, box.height)) {
        cells.push(joined(run, words));
        run = [];
      }
      run.push(box);
    }
    if (run.length > 0) cells.push(joined(run, words));
  }
  return cells;
};

/** Where a label's value was found: in the label's own cell, to its right, or below it in its column. */
export type Placed = "cell" | "right" | "below";

const overlap = (a0: number, a1: number, b0: number, b1: number): number => Math.min(a1, b1) - Math.max(a0, b0);

/** The nearest cell to the right of `label` on its band (centres within three quarters of a text height). */
const rightOf = (cells: readonly TextBox[], label: TextBox): TextBox | undefined =>
  cells
    .filter(
      (c) =>
        c.page === label.page &&
        c.x >= label.x + label.width - 1 &&
        Math.abs(centre(c) - centre(label)) < 0.75 * Math.max(c.height, label.height),
    )
    .sort((a, b) => a.x - b.x)[0];

/**
 * The nearest cell under `label` sharing some of its width, when it starts within three text heights of the
 * label's bottom: a column's value under its heading, a form's value under its label.
 */
const below = (cells: readonly TextBox[], label: TextBox): TextBox | undefined => {
  const bottom = label.y + label.height;
  const under = cells
    .filter(
      (c) =>
        c.page === label.page &&
        c.y >= bottom - label.height * 0.25 &&
        c.y - bottom <= 3 * label.height &&
        overlap(c.x, c.x + c.width, label.x, label.x + label.width) > 0,
    )
    .sort((a, b) => a.y - b.y);
  return under[0];
};

/**
 * The text of the cell under a label that is the label's: all of it, unless the cell begins under another heading
 * of the label's band, one left of the label's cell ("JUN 25 2018 JUL 17 2018" under "BILLING DATE" and "DUE
 * DATE"), then from the word nearest the label's left edge (`at`, the label's place in its cell: places within a
 * cell's text taken in proportion to its width).
 */
const underLabel = (cells: readonly TextBox[], label: TextBox, at: number, under: TextBox): string => {
  const x = label.x + (label.text.length > 0 ? (at / label.text.length) * label.width : 0);
  // Another heading of the band over the cell's part left of the label.
  const neighbour = bandOf(cells, label).some(
    (h) => h !== label && h.x + h.width <= label.x && h.x + h.width > under.x,
  );
  if (!neighbour || under.x >= x - label.height || under.width <= 0) return under.text;
  const offset = ((x - under.x) / under.width) * under.text.length;
  const starts = [...under.text.matchAll(/(?<=^|\s)\S/g)].map((m) => m.index ?? 0);
  const start = starts.reduce((best, s) => (Math.abs(s - offset) < Math.abs(best - offset) ? s : best), 0);
  return under.text.slice(start);
};

/**
 * A label's value by position: for each cell holding `label` (in reading order), the rest of its cell, else the
 * nearest cell to its right on its band, else the nearest cell directly below it; the first that `read` accepts.
 */
export const valueByPosition = <T>(
  cells: readonly TextBox[],
  label: RegExp,
  read: (text: string) => T | null,
): { value: T; placed: Placed; cell: TextBox } | null => {
  const once = new RegExp(label.source, label.flags.replace("g", ""));
  for (const cell of cells) {
    const m = cell.text.match(once);
    if (!m || m.index === undefined) continue;
    const rest = cell.text.slice(m.index + m[0].length).replace(/^\s?[:#.]?\s*/, "");
    const inCell = rest === "" ? null : read(rest);
    if (inCell !== null) return { value: inCell, placed: "cell", cell };
    // A value in the cell that `read` refuses (a long sentence) stops here: the label was prose.
    if (rest.trim().length > 3) continue;
    const right = rightOf(cells, cell);
    const onRight = right ? read(right.text) : null;
    if (onRight !== null && right) return { value: onRight, placed: "right", cell: right };
    const under = below(cells, cell);
    const onBelow = under ? read(underLabel(cells, cell, m.index, under)) : null;
    if (onBelow !== null && under) return { value: onBelow, placed: "below", cell: under };
  }
  return null;
};

/** The cells on `cell`'s band, left to right. */
export const bandOf = (cells: readonly TextBox[], cell: TextBox): TextBox[] =>
  cells.filter((c) => sameBand(c, cell)).sort((a, b) => a.x - b.x);

/** Whether a row's cell says nothing of its amounts but their tax rate ("Snížená sazba 15%", "B = 7%"): no words. */
export const rateOrUnlabelled = (text: string): boolean => !/\p{L}/u.test(text) || /\d\s?%/.test(text);

/** Whether nothing but a tax rate or other amounts labels a cell's row. */
const onRateRow = (cells: readonly TextBox[], cell: TextBox): boolean =>
  bandOf(cells, cell).every((o) => o === cell || rateOrUnlabelled(o.text));

/**
 * Amount labels whose amount the page prints directly under them in their column (a summary row of labels over a
 * row of values, a label over its value at another line break), each as a row "label  amount" as if printed side
 * by side: only labels with nothing after them on their band to read (more labels, or another column's label and
 * value far off that print no amount), never a table's heading (`isHeading` of the band's text, or a column of
 * amounts under the label), only a value cell that is an amount.
 */

export const rowsUnderLabels = (
  cells: readonly TextBox[],
  isLabel: (text: string) => boolean,
  isHeading: (bandText: string) => boolean,
): string[] => {
  const out: string[] = [];
  for (const cell of cells) {
    if (/\d/.test(cell.text) || !isLabel(cell.text)) continue;
    // After it on its band, only more labels, or another column's label and its own value far to its right that
    // print no amount ("Total a Pagar", then "Protocolo de autorização: 3272300000001903" across the page); a word
    // alone there ("TAX RATE  PERCENTAGE  TAX") heads a column of a table.
    const band = bandOf(cells, cell);
    const apart = (c: TextBox): boolean =>
      c.x - (cell.x + cell.width) > 5 * cell.height &&
      /\d/.test(c.text) &&
      !AMOUNT_CELL.test(c.text.trim()) &&
      !CENTS_AMOUNT.test(c.text);
    if (!band.slice(band.indexOf(cell) + 1).every((c) => isLabel(c.text) || apart(c))) continue;
    if (isHeading(band.map((c) => c.text).join("  "))) continue;
    const under = below(cells, cell);
    if (!under || !AMOUNT_CELL.test(under.text.trim())) continue;
    // A label over a column of amounts by tax rate heads a table ("Základní sazba 21%", "Snížená sazba 15%", then
    // their sum): which row is the bill's is for the rows' own labels to say. An amount under the value that a
    // word of its own labels ("Acompte :  10,00", "NET A PAYER  90,00") is no such row.
    const next = below(cells, under);
    if (next && AMOUNT_CELL.test(next.text.trim()) && onRateRow(cells, next)) continue;
    out.push(`${cell.text}  ${under.text.trim()}`);
  }
  return out;
};

/**
 * The block a heading opens ("Bill to:", "Rechnungsempfänger"): the cell to its right on its band, and the cells
 * stacked under it, each starting where the heading or that right cell starts (within a text height) and within
 * one and a half text heights under the one above; at most `most` cells.
 */
export const blockUnder = (cells: readonly TextBox[], heading: TextBox, most = 6): TextBox[] => {
  const right = rightOf(cells, heading);
  const block = right && right.x - (heading.x + heading.width) < 10 * heading.height ? [right] : [];
  const starts = [heading.x, ...block.map((c) => c.x)];
  let last = heading;
  while (block.length < most) {
    const bottom = last.y + last.height;
    const next = cells
      .filter(
        (c) =>
          c.page === last.page &&
          c.y >= bottom - last.height * 0.25 &&
          c.y - bottom <= 1.5 * last.height &&
          starts.some((x) => Math.abs(c.x - x) <= heading.height),
      )
      .sort((a, b) => a.y - b.y)[0];
    if (!next) break;
    block.push(next);
    last = next;
  }
  return block;
};

const isAmountCell = (c: TextBox): boolean => AMOUNT_CELL.test(c.text.trim());

/** Two bands' amount cells ending at the same x (within half a text height), at least two of them. */
const aligned = (a: readonly TextBox[], b: readonly TextBox[]): boolean =>
  a.filter((x) => b.some((y) => Math.abs(x.x + x.width - (y.x + y.width)) <= x.height / 2)).length >= 2;

/**
 * The bands of a table's rows that other rows of it follow (line items, not the table's closing totals row): two
 * amount cells or more, and a later band of the page with two amount cells or more ending in the same columns and
 * no `isLabel` text. Each band as its text with single spaces (as `spaced` lines compare).
 */
export const rowsFollowed = (cells: readonly TextBox[], isLabel: (text: string) => boolean): Set<string> => {
  const bands: TextBox[][] = [];
  for (const cell of cells) {
    const band = bands[bands.length - 1];
    if (band?.[0] && sameBand(band[0], cell)) band.push(cell);
    else bands.push([cell]);
  }
  const amounts = bands.map((b) => b.filter(isAmountCell));
  const out = new Set<string>();
  bands.forEach((band, i) => {
    const own = amounts[i] ?? [];
    if (own.length < 2) return;
    const followed = bands.some(
      (later, j) =>
        j > i &&
        later[0]?.page === band[0]?.page &&
        (amounts[j]?.length ?? 0) >= 2 &&
        !later.some((c) => isLabel(c.text)) &&
        aligned(own, amounts[j] ?? []),
    );
    if (followed)
      out.add(
        band
          .map((c) => c.text.trim())
          .join(" ")
          .replace(/\s+/g, " "),
      );
  });
  return out;
};
