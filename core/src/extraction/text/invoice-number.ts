// The invoice's number: Argentina's two parts, a labelled identifier, a fapiao's "No", one printed after the
// document's title, or the title over its number.
import type { TextBox } from "../model.js";
import { findDate } from "./dates.js";
import { compactId } from "./identity.js";
import { LABELS, labelRegex } from "./labels.js";
import { cellsOf, isFapiao } from "./supplier.js";
import { byPosition, type Found, identifier, none, valueNear } from "./values.js";
import { VOCABULARIES } from "./vocabulary/index.js";

const TITLE_NUMBER = new RegExp(
  `^\\s*(?:${LABELS.title.source})?\\s*(?:no\\.?|nr\\.?|n\\s?[°o˚º]\\.?|#)\\s*:?\\s*`,
  "iu",
);
// An address's unit, floor then unit, before its building, street or country ("#01-232 Singapore 120727", "#03-11
// Plaza Singapura"), as Singapore and Malaysia print it: no document's number.
const UNIT_NUMBER = /^\s*#\d{1,3}-\d{1,5}(?:\/\d{1,5})*\s+\p{L}/u;
// A street's word after the number: a house's number ("No. 12 Jalan Imbi", "No 5, Jalan Ampang"), as Malaysian
// addresses open, not a document's.
const STREET_NEXT = new RegExp(
  String.raw`^[\s,]*(?:${VOCABULARIES.flatMap((v) => v.street ?? [])
    .filter((w) => w !== String.raw`no\.`)
    .join("|")})(?![\p{L}])`,
  "iu",
);
const TITLE_ONLY = new RegExp(`^\\s*(?:${LABELS.title.source})\\s+`, "iu");
// The title and a colon starting a cell anywhere in the line ("Contoso Headquarters    INVOICE: INV-100").
const TITLE_COLON = new RegExp(`(?:^|\\s{2,})\\s*(?:${LABELS.title.source})\\s*:\\s*`, "iu");
// A cell of its own opening with the title, a word before it at most ("ZESTADO EXPRESS  SHIPPING INVOICE 10112").
// Only in the page's head, and not before an amount ("NET INVOICE  2.978,666.00").
const TITLE_CELL = new RegExp(
  `(?:^|\\s{2,})(?:\\p{L}+\\s+)?(?:${LABELS.title.source})\\s+(?=\\S*\\d)(?!\\p{Sc}?\\s?\\d{1,3}(?:[.,' ]\\d{3})*[.,]\\d{2}(?!\\d))`,
  "iu",
);

// An invoice's or credit note's title (a receipt's names none).
const INVOICE_TITLE = labelRegex(
  "title",
  VOCABULARIES.map((v) => ({ ...v, title: v.title.filter((w) => !w.includes("receipt")) })),
);

/** A line that shows its document carries a number: a number's label, or an invoice's title. */
export const namesNumber = (line: string): boolean =>
  LABELS.invoiceNumber.test(line) || LABELS.tabNumber.test(line) || INVOICE_TITLE.test(line);

// What may follow a document number in its cell without making it longer: nothing, punctuation ending it, or its
// date ("Nr. 4711 vom 03.06.2025", "Invoice 2041 dated 3 May 2025", "Facture n° 12 du 01/02/2025").
const DATED = new RegExp(`^[\\s,;:)]*(?:(?:${LABELS.dated.source}|${LABELS.date.source})\\s*:?\\s*)?`, "iu");
const endsCell = (rest: string): boolean => {
  const cell = rest.split(/\s{2,}/)[0] ?? "";
  if (/^\s*(?:[,;)]|$)/.test(cell)) return true;
  const date = findDate(cell.replace(DATED, ""));
  return date !== null && date.index === 0;
};

// A label's translation after a slash: the whole label ("Sorszám/Invoice No.") or the title alone, its "No:" printed
// on the line below ("Fatura No/Invoice" over "No:").
const SECOND_LABEL = new RegExp(
  String.raw`^\s*/\s*(?:${LABELS.invoiceNumber.source}|(?:${INVOICE_TITLE.source})(?=\s*[:\s]))`,
  "iu",
);

// Argentina's electronic invoices (AFIP, now ARCA) print their number in two parts, the point of sale and the
// voucher's number ("Punto de Venta: 00003  Comp. Nro: 00012798"): the invoice is "00003-00012798".
const POINT_OF_SALE =
  /Punto\s+de\s+Venta\s*:?\s*(\d{1,5})\s+Comp(?:robante)?\.?\s*N(?:ro|[°º])\.?\s*:?\s*(\d{1,8})(?!\d)/i;

// A fapiao's number: "No" and eight digits, printed at the form's head beside its code ("044031800104  No 41108527").
const FAPIAO_NUMBER = /(?<![\p{L}\d])N[oO0]\.?\s*[:：]?\s*(\d{8})(?!\d)/u;

// The invoice number: Argentina's two parts, else a labelled identifier, else a fapiao's "No", else one printed right
// after the document title ("Invoice 2041"), else a bare "No. 2041" near the top.
export const findInvoiceNumber = (
  lines: readonly string[],
  cells: readonly TextBox[],
  ocr: boolean,
): Found<string | null> & { line: number } => {
  for (const [i, line] of lines.entries()) {
    const m = line.match(POINT_OF_SALE);
    if (m) return { value: `${m[1]}-${m[2]}`, confidence: 0.9, line: i };
  }
  const read = (after: string): { id: string; whole: boolean } | null => {
    // A label printed in two languages ("Sorszám/Invoice No.  287/2008/V"): the value follows the second.
    const text = after.replace(SECOND_LABEL, "").replace(/^(?:no\.?|nr\.?|n[°o˚º®]\.?|#|:)\s*/iu, "");
    // A series' letters, a space, then the number ("FV 1/09/2019", "INV 0042"): the letters belong to it.
    const series = text.trimStart().match(/^([A-Z]{1,4}) (\d(?:[A-Z0-9\-/_.]*[A-Z0-9])?)(?=[\s,;]|$)/);
    let id = identifier(text) ?? (series ? `${series[1]} ${series[2]}` : null);
    // One stray character (OCR's reading of a colon) and then, after a column gap, the number itself. A text
    // layer's character is the number ("N° de Folio: 1  CS434-BYOR3343", a certificate's serial after it).
    const next = ocr ? text.match(/^\S\s{2,}(\S+)/)?.[1] : undefined;
    const longer = next ? identifier(next) : null;
    if (id?.length === 1 && longer !== null && longer.length >= 4 && findDate(longer) === null) id = longer;
    if (id === null || id.length > 30) return null;
    // Two labels, two numbers ("NO. BIL / NO. INVOIS: 0233481470/0233481471"): the first is the first label's, not
    // sure which the document goes by.
    const pair = SECOND_LABEL.test(after) ? id.match(/^(\d{4,})\/(\d{4,})$/) : null;
    if (pair?.[1] !== undefined && pair[1].length === pair[2]?.length) return { id: pair[1], whole: false };
    // A date is no number, unless a series' letters open it ("FV 1/09/2019": invoice 1 of September 2019).
    const date = findDate(id);
    if (date !== null && (series === null || date.index === 0)) return null;
    // Words after the identifier in its own cell ("Nr. 210111 mit LV vom ..."): the number may be longer than
    // what was taken, so the reading is not sure of it.
    return { id, whole: endsCell(text.slice(text.indexOf(id) + id.length)) };
  };
  // The first number a label names, with where it stood: beside its label, or under it by character columns.
  const labelled = (label: RegExp, from = 0): { id: string; whole: boolean; below: boolean; line: number } | null => {
    for (let i = from; i < lines.length; i++) {
      for (const v of valueNear(lines, i, label)) {
        const found = read(v.text);
        if (found !== null) return { ...found, below: v.below, line: i };
      }
    }
    return null;
  };
  // Whether the number's label names the invoice ("Invoice Number", "发票号码"), not a receipt, slip or ticket.
  const invoiceLabel = (i: number): boolean => INVOICE_TITLE.test(lines[i]?.match(LABELS.invoiceNumber)?.[0] ?? "");
  // A label that names the invoice further down, beside another number ("Receipt #2040576", then "Invoice Number:
  // REG09516240"): the page goes by two numbers, and which is the bill's is not sure.
  const another = (n: { id: string; line: number }): boolean => {
    if (invoiceLabel(n.line)) return false;
    const next = labelled(LABELS.invoiceNumber, n.line + 1);
    return next !== null && compactId(next.id) !== compactId(n.id) && invoiceLabel(next.line);
  };
  const asLabelled = (n: { id: string; whole: boolean; below: boolean; line: number }) => ({
    value: n.id,
    confidence: n.below ? 0.8 : n.whole && !another(n) ? 0.9 : 0.75,
    line: n.line,
  });
  const placed = byPosition(cells, LABELS.invoiceNumber, read);
  const number = labelled(LABELS.invoiceNumber);
  // Under the label by character columns: the page's positions decide where they were read.
  if (number !== null && number.below && placed !== null)
    return { value: placed.value.id, confidence: placed.confidence, line: number.line };
  if (number !== null) return asLabelled(number);
  if (placed !== null) return { value: placed.value.id, confidence: placed.confidence, line: -1 };
  // A restaurant's check number, where nothing else is labelled the document's: as sure as a labelled number.
  const tab = labelled(LABELS.tabNumber);
  if (tab !== null) return asLabelled(tab);
  if (isFapiao(lines)) {
    for (const [i, line] of lines.slice(0, 10).entries()) {
      const m = line.match(FAPIAO_NUMBER);
      if (m?.[1] !== undefined) return { value: m[1], confidence: 0.85, line: i };
    }
  }

  for (const [i, line] of lines.slice(0, 30).entries()) {
    if (UNIT_NUMBER.test(line)) continue;
    const m =
      line.match(TITLE_NUMBER) ??
      line.match(TITLE_ONLY) ??
      line.match(TITLE_COLON) ??
      (i < 10 ? line.match(TITLE_CELL) : null);
    if (!m || m[0].trim() === "") continue;
    const rest = line.slice((m.index ?? 0) + m[0].length);
    const id = read(rest)?.id ?? null;
    if (id !== null && /\d{2}/.test(id) && !STREET_NEXT.test(rest.slice(rest.indexOf(id) + id.length)))
      return { value: id, confidence: 0.7, line: i };
  }
  // The title over its number in a cell of its own ("INVOICE" over "# 23413561"), as invoice templates print it,
  // with its sign ("FACTURA ELECTRONICA" over "N° 4117", Chile's tax office's box), a line of the column beside it
  // between them at most.
  for (let i = 1; i < Math.min(lines.length, 15); i++) {
    if (!INVOICE_TITLE.test(lines[i - 1] ?? "") && !INVOICE_TITLE.test(lines[i - 2] ?? "")) continue;
    for (const cell of cellsOf(lines[i] ?? "", i)) {
      const m = cell.text.match(/^(?:#|n\s?[°º]|no\.|nr\.)\s*(\S+)$/iu);
      const id = m?.[1] ? identifier(m[1]) : null;
      if (id !== null && /\d{2}/.test(id) && findDate(id) === null) return { value: id, confidence: 0.7, line: i };
    }
  }
  return { ...none, line: -1 };
};

/** The number a document goes by, from its normalised lines alone (no page of boxes): as a bill's reading finds it. */
export const invoiceNumberIn = (lines: readonly string[]): string | null => findInvoiceNumber(lines, [], false).value;
