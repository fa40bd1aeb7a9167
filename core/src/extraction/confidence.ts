import { Decimal } from "decimal.js";
import type { ExtractedFieldName, ExtractedFields } from "./model.js";

type Scores = Partial<Record<ExtractedFieldName, number>>;

const near = (a: string, b: string): boolean => new Decimal(a).minus(b).abs().lte(0.011);
const sum = (xs: readonly string[]): string => xs.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed();

// The fields a person needs to pay a bill: their confidence makes the bill's.
const KEY: readonly ExtractedFieldName[] = ["supplierName", "invoiceNumber", "invoiceDate", "currency", "totalAmount"];

/**
 * A currency the page does not print, guessed from the supplier's country (its VAT number, IBAN, address or language): for a
 * person to check, and no evidence that the second eye's reading of a sign is right.
 */
export const CURRENCY_GUESS = 0.6;

/**
 * A bill's confidence: its least sure key field's (the fields a person needs to pay it; one not read counts 0), so
 * a bill is sure (>= 0.9) only when each of them is. A document that carries no invoice number (`numbered` false: a
 * till receipt with neither a number's label nor an invoice's title) is not held to one.
 */
export const billConfidence = (scores: Readonly<Partial<Record<string, number>>>, numbered = true): number =>
  Math.min(...KEY.filter((k) => numbered || k !== "invoiceNumber").map((k) => scores[k] ?? 0));

/** Whether a reading's document carries an invoice number (`Extraction.numbered`; absent: it does). */
export const carriesNumber = (read: { readonly numbered?: boolean }): boolean => read.numbered !== false;

/**
 * Raises or lowers per-field confidence by how the fields agree with each other (subtotal + tax = total,
 * lines sum to the subtotal, due date not before the invoice date) and answers the bill's confidence.
 */
export const assessConfidence = (
  fields: ExtractedFields,
  base: Scores,
  /**
   * The amounts agree only after a repair of one misread digit, or a rounding line leaves which is payable open:
   * agreement then raises them to 0.85, not 0.98.
   */
  repairedAmounts = false,
  /** Whether the document carries an invoice number (`billConfidence`). */
  numbered = true,
  /** Whether the page writes the total in words too (`Extraction.spelledTotal`): disagreeing amounts leave it. */
  spelledTotal = false,
): { fieldConfidence: Scores; confidence: number } => {
  const scores: Scores = {};
  for (const [k, v] of Object.entries(base) as [ExtractedFieldName, number][]) {
    if (v > 0 && fields[k] !== null && !(Array.isArray(fields[k]) && fields[k].length === 0)) scores[k] = v;
  }
  const { subTotal, taxAmount, totalAmount, lineItems } = fields;
  const amounts = lineItems.map((l) => l.amount).filter((a): a is string => a !== null);
  const linesAgree =
    amounts.length > 0 &&
    amounts.length === lineItems.length &&
    [subTotal, totalAmount].some((t) => t !== null && near(sum(amounts), t));
  if (subTotal !== null && taxAmount !== null && totalAmount !== null) {
    const agree = near(new Decimal(subTotal).plus(taxAmount).toFixed(), totalAmount);
    for (const k of ["subTotal", "taxAmount", "totalAmount"] as const) {
      if (agree) scores[k] = Math.max(scores[k] ?? 0, repairedAmounts ? 0.85 : 0.98);
      else if (!(spelledTotal && k === "totalAmount")) scores[k] = Math.min(scores[k] ?? 0, 0.5);
    }
  } else if (totalAmount !== null && linesAgree) {
    scores.totalAmount = Math.max(scores.totalAmount ?? 0, 0.95);
  }
  if (lineItems.length > 0) {
    const rowsAgree = lineItems.every(
      (l) =>
        l.quantity !== null &&
        l.unitPrice !== null &&
        l.amount !== null &&
        near(new Decimal(l.quantity).times(l.unitPrice).toFixed(2), l.amount),
    );
    scores.lineItems = linesAgree ? (rowsAgree ? 0.97 : 0.9) : rowsAgree ? 0.75 : 0.5;
    if (linesAgree && subTotal !== null) scores.subTotal = Math.max(scores.subTotal ?? 0, 0.99);
  }
  if (fields.invoiceDate !== null && fields.dueDate !== null && fields.dueDate < fields.invoiceDate) {
    scores.dueDate = Math.min(scores.dueDate ?? 0, 0.4);
  }
  return { fieldConfidence: scores, confidence: billConfidence(scores, numbered) };
};
