import { readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { FIXTURES } from "../../adapters/reading/accuracy.js";
import { type BillHarness, startBillHarness } from "./bill-harness.js";

// Issue 33 over HTTP with the host's own reader: the organisation the bill is for is never its supplier (its name,
// VAT number and IBAN on the page), and a known supplier's VAT number or IBAN on the page names that supplier, with
// the evidence that decided in the bill's view.
let h: BillHarness;
test.before(async () => {
  h = await startBillHarness({ reader: "real", vars: { APAR_OCR_LANGUAGES: "deu,eng" } });
});
test.after.always(async () => {
  await h?.dispose();
});

type Json = Record<string, unknown>;
const BUYER_VAT = "DE811907980";
const BUYER_IBAN = "DE89370400440532013000";

/** A one-page text-layer PDF printing the lines top to bottom. */
const pdfOf = async (lines: readonly string[]): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((text, i) => {
    page.drawText(text, { x: 50, y: 800 - i * 16, size: 10, font });
  });
  return Buffer.from(await doc.save());
};

const readOf = async (lines: readonly string[]): Promise<Json> => {
  const up = await h.upload(await pdfOf(lines));
  if (up.status !== 202) throw new Error(`upload: ${up.status}`);
  const bill = await h.settled(String((up.json as Json).id));
  if (bill.state !== "PendingReview") throw new Error(`bill in ${String(bill.state)}: ${JSON.stringify(bill)}`);
  return bill;
};

// The organisation's own address window, as a supplier prints it at the top of its letter.
const ADDRESSEE = ["Nordlicht Handels GmbH", "Am Hafen 3", "20457 Hamburg", `USt-IdNr. ${BUYER_VAT}`, ""];

test.serial("the organisation's own name, VAT number and IBAN on the page are never the supplier's", async (t) => {
  const identity = await h.call("PUT", "/v1/seller-identity", {
    body: {
      legalName: "Nordlicht Handels GmbH",
      addressLines: ["Am Hafen 3"],
      postcode: "20457",
      city: "Hamburg",
      countryCode: "DE",
      vatNumber: BUYER_VAT,
      bankAccounts: [{ iban: BUYER_IBAN }],
    },
  });
  t.is(identity.status, 200);
  const bill = await readOf([
    ...ADDRESSEE,
    "Rechnung Nr. 2024-118",
    "Datum: 03.06.2025",
    "Beratung 500,00",
    "Gesamtbetrag 500,00 EUR",
    "",
    "Brenner Werkzeuge GmbH",
    "Lindenweg 9, 50667 Köln",
    "Wir buchen den Betrag von Ihrem Konto IBAN DE89 3704 0044 0532 0130 00 ab.",
  ]);
  t.is(bill.supplierName, "Brenner Werkzeuge GmbH");
  t.not(bill.supplierTaxNumber, BUYER_VAT);
  t.not((bill.bankDetails as Json | null)?.iban ?? null, BUYER_IBAN);
  t.is(bill.supplierId, null);
  t.is(bill.supplierEvidence, null);
});

test.serial("a known supplier's VAT number or IBAN on the page names that supplier, with its evidence", async (t) => {
  const made = await h.call("POST", "/v1/suppliers", {
    body: { name: "Krämer Elektro KG", taxNumber: "DE129273398", bankDetails: { iban: "DE02120300000000202051" } },
  });
  t.is(made.status, 201);
  const supplierId = String((made.json as Json).id);
  // The page heads itself with a brand, not the registered name: its VAT number still names the supplier.
  const byVat = await readOf([
    ...ADDRESSEE,
    "KE Elektrotechnik",
    "Rechnung Nr. 7781",
    "Datum: 04.06.2025",
    "Gesamtbetrag 238,00 EUR",
    "USt-IdNr. DE129273398",
  ]);
  t.is(byVat.supplierId, supplierId);
  t.deepEqual(byVat.supplierEvidence, { basis: "taxNumber", value: "DE129273398" });
  t.is(byVat.supplierName, "Krämer Elektro KG");
  t.is((byVat.fieldConfidence as Json).supplierName, 0.95);
  const byIban = await readOf([
    ...ADDRESSEE,
    "KE Elektrotechnik",
    "Rechnung Nr. 7782",
    "Datum: 05.06.2025",
    "Gesamtbetrag 119,00 EUR",
    "Bitte überweisen Sie auf IBAN DE02 1203 0000 0000 2020 51",
  ]);
  t.is(byIban.supplierId, supplierId);
  t.deepEqual(byIban.supplierEvidence, { basis: "iban", value: "DE02120300000000202051" });
  // A person's choice of supplier is evidence of its own kind.
  const chosen = await h.call("PATCH", `/v1/bills/${String(byIban.id)}`, { body: { supplierId } });
  t.is(chosen.status, 200);
  t.deepEqual((chosen.json as Json).supplierEvidence, { basis: "person", value: null });
});

test.serial(
  "a scan from a known supplier whose key fields both engines read alike is sure at the bill level",
  async (t) => {
    // A real scan (fixtures/bills/scan/README.md) as an image-only PDF: tesseract reads it, the second eye checks its
    // invoice number and dates where tesseract printed them, and its VAT number names the supplier on record.
    const doc = await PDFDocument.create();
    const png = await doc.embedPng(readFileSync(join(FIXTURES, "scan", "scan-1-de-letter.png")));
    doc.addPage([595, 842]).drawImage(png, { x: 0, y: 0, width: 595, height: 842 });
    const made = await h.call("POST", "/v1/suppliers", {
      body: { name: "Schneider & Söhne KG", taxNumber: "CHE-931.329.352" },
    });
    t.is(made.status, 201);
    const up = await h.upload(Buffer.from(await doc.save()));
    t.is(up.status, 202);
    const bill = await h.settled(String((up.json as Json).id));
    t.is(bill.state, "PendingReview");
    t.like(bill, {
      supplierId: String((made.json as Json).id),
      supplierName: "Schneider & Söhne KG",
      invoiceNumber: "R15761",
      invoiceDate: "2024-06-15",
      currency: "CHF",
      totalAmount: "36315.30",
    });
    const fields = bill.fieldConfidence as Record<string, number>;
    t.is(fields.invoiceNumber, 0.92);
    t.is(fields.invoiceDate, 0.92);
    t.true((bill.confidence as number) >= 0.9, JSON.stringify(fields));
    t.is(
      bill.confidence,
      Math.min(
        ...["supplierName", "invoiceNumber", "invoiceDate", "currency", "totalAmount"].map((k) => fields[k] ?? 0),
      ),
    );
  },
);
