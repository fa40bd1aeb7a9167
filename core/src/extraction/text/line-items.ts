import { Decimal } from "decimal.js";
import type { ExtractedLineItem } from "../model.js";
import { withoutCurrency } from "./currency.js";
import { LABELS, tableWords } from "./labels.js";
import { parseNumber, withoutRates } from "./numbers.js";

const isHeader = (line: string): boolean => tableWords(line) === 3;
const ends = (line: string): boolean => LABELS.subTotal.test(line) || LABELS.total.test(line);

const NUM = /^\(?-?[\d.,']+\)?$/;

// Ways to read a run of number tokens when a space may be a thousands separator ("2 322,63") or a column gap.
const readings = (tokens: readonly string[]): string[][] => {
  if (tokens.length === 0) return [[]];
  const out: string[][] = [];
  const [first, ...rest] = tokens as [string, ...string[]];
  for (const tail of readings(rest)) out.push([first, ...tail]);
  const next = rest[0];
  if (next !== undefined && /^\d{1,3}$/.test(first.split(" ").pop() ?? "") && /^\d{3}(?:[.,]\d{1,2})?$/.test(next)) {
    for (const tail of readings(rest.slice(1))) out.push([`${first} ${next}`, ...tail]);
  }
  return out;
};

const times = (a: string, b: string): string => new Decimal(a).times(b).toFixed(2);
const same = (a: string, b: string): boolean => new Decimal(a).minus(b).abs().lte(0.011);

/** Reads one table row: a description and its quantity, unit price and amount. */
export const parseRow = (raw: string): ExtractedLineItem | null => {
  const line = withoutRates(withoutCurrency(raw)).replace(/\s+/g, " ").trim();
  const tokens = line.split(" ");
  let lead: string | null = null;
  // A row may start with its quantity ("12 Consulting 15.43 185.16").
  if (tokens.length > 3 && /^\d+(?:[.,]\d+)?$/.test(tokens[0] ?? "") && /[A-Za-zÀ-ÿ]/.test(tokens[1] ?? "")) {
    lead = tokens.shift() ?? null;
  }
  let split = tokens.length;
  while (split > 0 && NUM.test(tokens[split - 1] ?? "")) split--;
  const description = tokens.slice(0, split).join(" ").trim();
  const tail = tokens.slice(split);
  if (description === "" || tail.length === 0 || !/[A-Za-zÀ-ÿ]/.test(description)) return null;
  let best: ExtractedLineItem | null = null;
  for (const reading of readings(tail)) {
    const nums = reading.map(parseNumber);
    if (nums.some((n) => n === null)) continue;
    const values = nums as string[];
    const amount = values[values.length - 1] as string;
    const qty = lead !== null ? parseNumber(lead) : values.length >= 3 ? (values[values.length - 3] as string) : null;
    const unit = values.length >= 2 ? (values[values.length - 2] as string) : null;
    const extra = lead !== null ? values.length - 2 : values.length - 3;
    const item = { description, quantity: qty, unitPrice: unit, amount };
    if (qty !== null && unit !== null && extra <= 0 && same(times(qty, unit), amount)) return item;
    best ??= item;
  }
  return best;
};

/** The line-item table: rows between a header (description, quantity, amount) and the first total line. */
export const findLineItems = (lines: readonly string[]): ExtractedLineItem[] => {
  const start = lines.findIndex(isHeader);
  if (start < 0) return [];
  const items: ExtractedLineItem[] = [];
  for (const line of lines.slice(start + 1)) {
    if (ends(line)) break;
    if (line.trim() === "") continue;
    const row = parseRow(line);
    if (row) items.push(row);
  }
  return items;
};
