import { bestOfReadings, billConfidence, extractFromText, withModelAnswers } from "@apar/core/extraction";
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

// Subtotal and tax add up to the total only after a repaired digit: the reading gives the amounts 0.85.
const repaired = extractFromText(
  ["ACME GmbH", "Rechnung Nr. 4711", "Datum: 14.02.2025", "Netto 100.00", "MwSt 19.00", "Summe EUR 119.00"],
  "pdf-text",
);
const asRepaired = {
  ...repaired,
  fieldConfidence: { ...repaired.fieldConfidence, subTotal: 0.85, taxAmount: 0.85, totalAmount: 0.85 },
};
const answers = { ...repaired.fields, supplierName: "ACME GmbH (model)", totalAmount: "119.00" };

test("a model's answers: taken for the fields asked only, at a model's word; amounts it was not asked keep their confidence", (t) => {
  const e = withModelAnswers(asRepaired, ["supplierName"], { ...answers, invoiceNumber: "MODEL-1" });
  t.is(e.fields.supplierName, "ACME GmbH (model)");
  t.is(e.fieldConfidence.supplierName, 0.8);
  t.is(e.fields.invoiceNumber, "4711");
  // Assessing again does not know the amounts agreed only after a repair: they stay at 0.85, not 0.98.
  t.is(e.fieldConfidence.totalAmount, 0.85);
  t.is(e.fieldConfidence.subTotal, 0.85);
  t.true(e.confidence <= 0.8);
  // A field the model leaves empty keeps the reading's value and confidence.
  const none = withModelAnswers(asRepaired, ["supplierName"], { ...answers, supplierName: null });
  t.is(none.fields.supplierName, repaired.fields.supplierName);
  t.is(none.fieldConfidence.supplierName, repaired.fieldConfidence.supplierName);
});

test("a total the model was asked for is weighed afresh against the page's subtotal and tax", (t) => {
  const agrees = withModelAnswers(asRepaired, ["totalAmount"], answers);
  t.is(agrees.fieldConfidence.totalAmount, 0.98);
  const differs = withModelAnswers(asRepaired, ["totalAmount"], { ...answers, totalAmount: "191.00" });
  t.is(differs.fields.totalAmount, "191.00");
  t.is(differs.fieldConfidence.totalAmount, 0.5);
});
