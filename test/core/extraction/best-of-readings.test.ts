import { bestOfReadings, extractFromText } from "@apar/core/extraction";
import test from "ava";

const reading = (lines: string[]) => extractFromText(lines, "ocr");

// Two readings of one page: the first's amounts agree (subtotal + tax = total), the second's do not, while the
// second has an invoice number the first lacks.
const agreeing = reading(["ACME Tools GmbH", "Rechnung", "Subtotal 100.00", "Tax 19.00", "Total 119.00"]);
const other = reading(["ACME Tools GmbH", "Invoice number R-2024-17", "Subtotal 100.00", "Tax 19.00", "Total 191.00"]);

test("the amounts come from the reading surer of its total, together", (t) => {
  t.is(agreeing.fields.totalAmount, "119.00");
  t.is(other.fields.totalAmount, "191.00");
  for (const merged of [bestOfReadings(agreeing, other), bestOfReadings(other, agreeing)]) {
    t.is(merged.fields.totalAmount, "119.00");
    t.is(merged.fields.subTotal, "100.00");
    t.is(merged.fields.taxAmount, "19.00");
  }
});

test("a field only one reading has is taken from it; on a tie the preferred reading's value stays", (t) => {
  t.is(agreeing.fields.invoiceNumber, null);
  t.is(bestOfReadings(agreeing, other).fields.invoiceNumber, "R-2024-17");
  const renamed = reading(["ACME Tools AG", "Subtotal 100.00", "Tax 19.00", "Total 119.00"]);
  t.is(renamed.fieldConfidence.supplierName, agreeing.fieldConfidence.supplierName);
  t.is(bestOfReadings(agreeing, renamed).fields.supplierName, "ACME Tools GmbH");
  t.is(bestOfReadings(renamed, agreeing).fields.supplierName, "ACME Tools AG");
});
