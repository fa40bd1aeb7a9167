import type { ExtractedFieldName, ExtractedFields } from "../model.js";
import { findBankDetails } from "./bank.js";
import { currenciesIn, withoutCurrency } from "./currency.js";
import { allDates, findDate } from "./dates.js";
import { afterLabel, firstCell, LABELS } from "./labels.js";
import { findLineItems } from "./line-items.js";
import { numbersIn, withoutRates } from "./numbers.js";
import { findSupplierName } from "./supplier.js";

type Found<T> = { value: T; confidence: number };
const none = { value: null, confidence: 0 } as const;

const normalise = (line: string): string =>
  line
    .normalize("NFC")
    .replace(/[\u00a0\u202f\t]/g, " ")
    .replace(/[‐‑–—]/g, "-")
    .replace(/\s+$/, "");

// An identifier: letters, digits and separators, with at least one digit.
const identifier = (text: string): string | null => {
  const m = text.trim().match(/^[#:\s]*([A-Z0-9][A-Z0-9\-/_.]*[A-Z0-9]|[0-9])/i);
  const id = m?.[1];
  return id && /\d/.test(id) ? id : null;
};

const labelled = <T>(lines: readonly string[], label: RegExp, read: (after: string) => T | null): Found<T | null> => {
  for (const line of lines) {
    const after = afterLabel(line, label);
    if (after === null) continue;
    const value = read(after);
    if (value !== null) return { value, confidence: 0.9 };
  }
  return none;
};

// The amount on a total line: the last number once tax rates and currency signs are gone.
const amountAfter = (after: string): string | null => {
  const nums = numbersIn(withoutRates(withoutCurrency(after)));
  return nums.length > 0 ? (nums[nums.length - 1] as string) : null;
};

const isTaxIdLine = (line: string): boolean => LABELS.taxNumber.test(line) || /\b(?:IBAN|BIC)\b/.test(line);

const findAmounts = (
  lines: readonly string[],
): { subTotal: Found<string | null>; taxAmount: Found<string | null>; totalAmount: Found<string | null> } => {
  let subTotal: Found<string | null> = none;
  let taxAmount: Found<string | null> = none;
  let totalAmount: Found<string | null> = none;
  for (const line of lines) {
    if (isTaxIdLine(line) || (LABELS.tableHeader.test(line) && LABELS.tableQty.test(line))) continue;
    const sub = afterLabel(line, LABELS.subTotal);
    if (sub !== null) {
      const v = amountAfter(sub);
      if (v !== null) subTotal = { value: v, confidence: 0.85 };
      continue;
    }
    const total = afterLabel(line, LABELS.total);
    if (total !== null) {
      const v = amountAfter(total);
      // The last total on the page is the one to pay.
      if (v !== null) totalAmount = { value: v, confidence: 0.85 };
      continue;
    }
    const tax = afterLabel(line, LABELS.tax);
    if (tax !== null && taxAmount.value === null) {
      const v = amountAfter(tax);
      if (v !== null) taxAmount = { value: v, confidence: 0.8 };
    }
  }
  return { subTotal, taxAmount, totalAmount };
};

const findCurrency = (lines: readonly string[]): Found<string | null> => {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const weight = LABELS.total.test(line) || LABELS.subTotal.test(line) ? 3 : 1;
    for (const c of currenciesIn(line)) counts.set(c, (counts.get(c) ?? 0) + weight);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const top = ranked[0];
  if (!top) return none;
  return { value: top[0], confidence: ranked.length === 1 ? 0.95 : 0.75 };
};

const findTaxNumber = (lines: readonly string[]): Found<string | null> => {
  for (const line of lines) {
    const after = afterLabel(line, LABELS.taxNumber);
    if (after === null) continue;
    const cell = firstCell(after);
    const che = cell.match(/CHE[-\s]?\d{3}\.?\d{3}\.?\d{3}/i);
    if (che) return { value: che[0].toUpperCase().replace(/\s/, "-"), confidence: 0.9 };
    const id = cell.match(/^[A-Z]{0,3}[\s-]?[0-9][0-9A-Z\s.-]{5,18}[0-9A-Z]/i)?.[0];
    if (id) return { value: id.replace(/\s/g, "").toUpperCase(), confidence: 0.9 };
  }
  const text = lines.join("\n");
  const vat = text.match(
    /\b(?:ATU\d{8}|BE0?\d{9}|DE\d{9}|FR[0-9A-Z]{2}\d{9}|GB\d{9}(?:\d{3})?|IT\d{11}|ES[0-9A-Z]\d{7}[0-9A-Z]|NL\d{9}B\d{2})\b/,
  );
  return vat ? { value: vat[0], confidence: 0.7 } : none;
};

const restOfCell = (after: string): string | null => {
  const v = firstCell(after).replace(/^[:\s]+/, "");
  return v === "" ? null : v;
};

/**
 * Reads a bill's fields from its text lines (a PDF text layer or OCR output, top to bottom).
 * Pure: answers the fields and a confidence per field from how each was found; see `assessConfidence`.
 */
export const parseBillText = (
  input: readonly string[],
): { fields: ExtractedFields; found: Partial<Record<ExtractedFieldName, number>> } => {
  const lines = input.map(normalise);
  const currency = findCurrency(lines);
  const monthFirst = currency.value === "USD";
  const dueDate = labelled(lines, LABELS.dueDate, (after) => findDate(after, monthFirst)?.date ?? null);
  // Mask due-date labels so the generic "Date" label does not pick the due date.
  const masked = lines.map((l) => l.replace(new RegExp(LABELS.dueDate.source, "gi"), (m) => " ".repeat(m.length)));
  let invoiceDate = labelled(masked, LABELS.invoiceDate, (after) => {
    const found = findDate(after, monthFirst);
    return found && found.index < 40 ? found.date : null;
  });
  if (invoiceDate.value === null) {
    const first = allDates(lines.join("\n"), monthFirst).find((d) => d !== dueDate.value);
    if (first) invoiceDate = { value: first, confidence: 0.5 };
  }
  const invoiceNumber = labelled(lines, LABELS.invoiceNumber, identifier);
  const purchaseOrderNumber = labelled(
    lines.map((l) => l.replace(/\bP\.?\s?O\.?\s*Box\b/gi, "")),
    LABELS.purchaseOrder,
    identifier,
  );
  const paymentTerms = labelled(lines, LABELS.paymentTerms, restOfCell);
  const paymentRef = labelled(lines, LABELS.paymentRef, identifier);
  const amounts = findAmounts(lines);
  const lineItems = findLineItems(lines);
  const supplier = findSupplierName(lines);
  const tax = findTaxNumber(lines);
  const bank = findBankDetails(lines);
  const fields: ExtractedFields = {
    supplierName: supplier.value,
    invoiceNumber: invoiceNumber.value,
    currency: currency.value,
    totalAmount: amounts.totalAmount.value,
    lineItems,
    invoiceDate: invoiceDate.value,
    dueDate: dueDate.value,
    subTotal: amounts.subTotal.value,
    taxAmount: amounts.taxAmount.value,
    supplierTaxNumber: tax.value,
    bankDetails: bank.value,
    purchaseOrderNumber: purchaseOrderNumber.value,
    paymentTerms: paymentTerms.value,
    paymentRef: paymentRef.value,
  };
  const found: Partial<Record<ExtractedFieldName, number>> = {
    supplierName: supplier.confidence,
    invoiceNumber: invoiceNumber.confidence,
    currency: currency.confidence,
    totalAmount: amounts.totalAmount.confidence,
    lineItems: lineItems.length > 0 ? 0.7 : 0,
    invoiceDate: invoiceDate.confidence,
    dueDate: dueDate.confidence,
    subTotal: amounts.subTotal.confidence,
    taxAmount: amounts.taxAmount.confidence,
    supplierTaxNumber: tax.confidence,
    bankDetails: bank.confidence,
    purchaseOrderNumber: purchaseOrderNumber.confidence,
    paymentTerms: paymentTerms.confidence,
    paymentRef: paymentRef.confidence,
  };
  return { fields, found };
};
