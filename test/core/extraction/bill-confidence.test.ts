import { bestOfReadings, billConfidence, extractFromText } from "@apar/core/extraction";
import test from "ava";

const sure = { supplierName: 0.95, invoiceNumber: 0.92, invoiceDate: 0.92, currency: 0.95, totalAmount: 0.98 };

test("a bill is as sure as its least sure key field: one unsure field makes it unsure, however sure the rest", (t) => {
  t.is(billConfidence(sure), 0.92);
  t.is(billConfidence({ ...sure, supplierName: 0.85 }), 0.85);
  // A key field not read counts as nothing; fields that are not key fields do not count.
  t.is(billConfidence({ ...sure, invoiceDate: undefined }), 0);
  t.is(billConfidence({ ...sure, dueDate: 0.1, paymentRef: 0.2 }), 0.92);
});

test("a document that carries no invoice number is not held to one; one that carries it is", (t) => {
  const unnumbered = { ...sure, invoiceNumber: undefined };
  t.is(billConfidence(unnumbered), 0);
  t.is(billConfidence(unnumbered, false), 0.92);
});

const receipt = ["KAFFEEHAUS AM MARKT", "Cappuccino 3.40", "Kuchen 4.20", "SUMME EUR 7.60", "Datum: 14.02.2025"];

test("a till receipt carries no number; a number's label or an invoice's title shows a document carries one", (t) => {
  const read = extractFromText(receipt, "pdf-text");
  t.is(read.fields.invoiceNumber, null);
  t.false(read.numbered);
  for (const line of ["Rechnung", "INVOICE", "Facture", "Beleg-Nr.", "Invoice No:"]) {
    const e = extractFromText([receipt[0] as string, line, ...receipt.slice(1)], "pdf-text");
    t.is(e.fields.invoiceNumber, null, line);
    t.true(e.numbered, line);
    t.is(e.confidence, 0, line);
  }
  // A receipt's own title names no number.
  t.false(extractFromText([receipt[0] as string, "RECEIPT", ...receipt.slice(1)], "pdf-text").numbered);
  t.true(extractFromText(["ACME GmbH", "Rechnung Nr. 4711", "Summe 7.60"], "pdf-text").numbered);
});

test("two readings merged: either one's label shows the document carries a number", (t) => {
  const plain = extractFromText(receipt, "ocr");
  const titled = extractFromText([receipt[0] as string, "Rechnung", ...receipt.slice(1)], "ocr");
  t.false(bestOfReadings(plain, plain).numbered);
  t.true(bestOfReadings(plain, titled).numbered);
  t.true(bestOfReadings(titled, plain).numbered);
  t.is(bestOfReadings(plain, titled).confidence, 0);
});
