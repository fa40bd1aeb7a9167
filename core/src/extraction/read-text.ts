import { assessConfidence } from "./confidence.js";
import type { ExtractedFieldName, Extraction, ReaderKind, TextBox } from "./model.js";
import { firstDocument } from "./text/documents.js";
import { parseBillText, type ReadingContext } from "./text/parse-bill-text.js";

// OCR can misread any character of a field nothing cross-checks (a number, a date, a name): from OCR these stay
// below 0.9, while amounts that subtotal + tax confirm keep their score.
const UNCHECKED: readonly ExtractedFieldName[] = [
  "invoiceNumber",
  "invoiceDate",
  "dueDate",
  "supplierName",
  "supplierTaxNumber",
  "purchaseOrderNumber",
  "paymentRef",
];
const OCR_CAP = 0.85;

/**
 * Reads a bill from its text lines into an Extraction with per-field and overall confidence; with the page of
 * boxes the lines were made from (positions of text runs or OCR words), where a label's value is decides too.
 */
export const extractFromText = (
  lines: readonly string[],
  reader: ReaderKind,
  context: ReadingContext = {},
  boxes: readonly TextBox[] = [],
): Extraction => {
  const first = firstDocument(lines, boxes);
  const { fields, found, amountsUnsure, evidence, numbered, spelledTotal } = parseBillText(
    first.lines,
    { ...context, ocr: reader === "ocr" },
    first.boxes,
  );
  const base =
    reader === "ocr"
      ? Object.fromEntries(
          Object.entries(found).map(([k, v]) => [
            k,
            UNCHECKED.includes(k as ExtractedFieldName) ? Math.min(v, OCR_CAP) : v,
          ]),
        )
      : found;
  const { fieldConfidence, confidence } = assessConfidence(fields, base, amountsUnsure, numbered, spelledTotal);
  return { reader, fields, fieldConfidence, confidence, evidence, numbered, ...(spelledTotal ? { spelledTotal } : {}) };
};
