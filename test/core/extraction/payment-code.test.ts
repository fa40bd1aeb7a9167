// A page's payment code (the Swiss QR-bill's, a GiroCode) read as data and weighed against the page's reading.
import { type Extraction, extractFromText, parsePaymentCode, withPaymentCode } from "@apar/core/extraction";
import test from "ava";

/** A QR-bill payload (Swiss Payment Standards 2.x): creditor, amount, currency and a reference at their rows. */
const spc = (o: { iban?: string; name?: string; amount?: string; currency?: string; ref?: [string, string] } = {}) =>
  [
    "SPC",
    "0200",
    "1",
    o.iban ?? "CH4431999123000889012",
    "S",
    o.name ?? "Robert Schneider AG",
    "Rue du Lac",
    "1268",
    "2501",
    "Biel",
    "CH",
    ...Array(7).fill(""),
    o.amount ?? "1949.75",
    o.currency ?? "CHF",
    "S",
    "Pia-Maria Rutschmann-Schnyder",
    "Grosse Marktgasse",
    "28",
    "9400",
    "Rorschach",
    "CH",
    ...(o.ref ?? ["SCOR", "RF18539007547034"]),
    "Instruction of 15.09.2019",
    "EPD",
  ].join("\r\n");

const epc = (amount = "EUR12.3") =>
  [
    "BCD",
    "002",
    "1",
    "SCT",
    "",
    "Cronus DE GmbH",
    "DE89 3704 0044 0532 0130 00",
    amount,
    "",
    "RF18539007547034",
    "",
  ].join("\n");

test("a QR-bill's code gives its creditor, account, amount, currency and reference", (t) => {
  t.deepEqual(parsePaymentCode(spc()), {
    kind: "swiss-qr",
    iban: "CH4431999123000889012",
    creditor: "Robert Schneider AG",
    amount: "1949.75",
    currency: "CHF",
    reference: "RF18539007547034",
  });
  t.is(parsePaymentCode(spc({ amount: "" }))?.amount, null);
  t.is(parsePaymentCode(spc({ amount: "50" }))?.amount, "50.00");
  t.is(parsePaymentCode(spc({ ref: ["NON", ""] }))?.reference, null);
});

test("a GiroCode gives the same, in euros; its IBAN may be printed in groups", (t) => {
  t.deepEqual(parsePaymentCode(epc()), {
    kind: "epc",
    iban: "DE89370400440532013000",
    creditor: "Cronus DE GmbH",
    amount: "12.30",
    currency: "EUR",
    reference: "RF18539007547034",
  });
  t.is(parsePaymentCode(epc(""))?.amount, null);
});

test("a code that is none, or whose account, currency or amount does not hold, is no payment code", (t) => {
  for (const text of [
    "https://example.com/pay",
    "",
    spc({ iban: "CH4431999123000889013" }),
    spc({ iban: "DE89370400440532013000" }),
    spc({ currency: "USD" }),
    spc({ amount: "12,50" }),
    spc({ name: " " }),
    spc().split("\r\n").slice(0, 20).join("\r\n"),
    epc("USD12.30"),
    epc().replace("DE89", "DE88"),
  ]) {
    t.is(parsePaymentCode(text), null, JSON.stringify(text.slice(0, 40)));
  }
});

const read = (lines: string[]): Extraction => extractFromText(lines, "pdf-text");
const INVOICE = [
  "Robert Schneider AG",
  "Rue du Lac 1268, 2501 Biel",
  "Rechnung Nr. 4711  Datum 15.09.2019",
  "Total CHF  1'949.75",
];
const PAYMENT_PART = ["Empfangsschein  Zahlteil  Konto / Zahlbar an", "Währung  Betrag", "CHF  1 949.75"];

test("the code's amount printed in the invoice part too makes the total, currency and supplier sure, and gives the account", (t) => {
  const lines = [...INVOICE, ...PAYMENT_PART];
  const before = read(lines);
  t.true((before.fieldConfidence.supplierName ?? 0) < 0.98);
  const code = parsePaymentCode(spc());
  if (code === null) return t.fail();
  const after = withPaymentCode(before, code, lines);
  t.is(after.fields.totalAmount, "1949.75");
  t.is(after.fieldConfidence.totalAmount, 0.98);
  t.is(after.fieldConfidence.currency, 0.98);
  t.is(after.fieldConfidence.supplierName, 0.98);
  t.is(after.fields.bankDetails?.iban, "CH4431999123000889012");
  t.is(after.fields.bankDetails?.accountHolderName, "Robert Schneider AG");
  t.is(after.fields.paymentRef, "RF18539007547034");
  t.true(after.confidence >= before.confidence);
});

test("the code's amount printed only in the payment part is not witnessed: 0.85; one read otherwise is kept at 0.5", (t) => {
  const onlyPaymentPart = ["Robert Schneider AG", ...PAYMENT_PART];
  const code = parsePaymentCode(spc());
  if (code === null) return t.fail();
  const alone = withPaymentCode(read(onlyPaymentPart), code, onlyPaymentPart);
  t.is(alone.fields.totalAmount, "1949.75");
  t.is(alone.fieldConfidence.totalAmount, 0.85);
  // The invoice part's total is another amount (the code was made for a part payment, or is wrong).
  const other = [...INVOICE.slice(0, 3), "Total CHF  2'606.35", ...PAYMENT_PART];
  const disagreeing = withPaymentCode(read(other), code, other);
  t.is(disagreeing.fields.totalAmount, read(other).fields.totalAmount);
  t.true((disagreeing.fieldConfidence.totalAmount ?? 1) <= 0.5);
  t.true(disagreeing.confidence <= 0.5);
});

test("a supplier read otherwise gives way to the code's creditor, unsure; a missing one is filled", (t) => {
  const lines = ["Muster Inkasso", ...INVOICE.slice(1), ...PAYMENT_PART];
  const code = parsePaymentCode(spc());
  if (code === null) return t.fail();
  const taken = withPaymentCode(read(lines), code, lines);
  t.is(taken.fields.supplierName, "Robert Schneider AG");
  t.is(taken.fieldConfidence.supplierName, 0.85);
  const none: Extraction = { ...read(lines), fields: { ...read(lines).fields, supplierName: null } };
  t.is(withPaymentCode(none, code, lines).fieldConfidence.supplierName, 0.9);
});
