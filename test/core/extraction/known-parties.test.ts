// The buyer is known, and known suppliers are evidence (issue 33, parts 2 and 3): small written bills, one rule each.
import type { KnownBuyer } from "@apar/core/extraction";
import { bestOfReadings, extractFromText } from "@apar/core/extraction";
import test from "ava";

const BUYER: KnownBuyer = {
  names: ["Nordlicht Handels GmbH"],
  identifiers: ["DE 811 907 980", "HRB 45501"],
  ibans: ["DE89 3704 0044 0532 0130 00"],
  addressLines: ["Am Hafen 3", "20457 Hamburg"],
  emails: ["einkauf@nordlicht-handel.de"],
};
const read = (lines: string[], buyer?: KnownBuyer) =>
  extractFromText(lines, "pdf-text", buyer === undefined ? {} : { buyer });

// A supplier's letter whose address window holds the buyer under a name the organisation does not go by.
const LETTER = [
  "NLH Nordhandel GmbH",
  "Am Hafen 3",
  "20457 Hamburg",
  "USt-IdNr. DE811907980",
  "",
  "Rechnung Nr. 2024-118",
  "Datum: 03.06.2025",
  "Beratung  1  500,00",
  "Gesamtbetrag  500,00 EUR",
  "",
  "Brenner Werkzeuge GmbH · Lindenweg 9 · 50667 Köln",
  "USt-IdNr. DE129273398",
  "IBAN DE89 3704 0044 0532 0130 00",
  "Bankverbindung: IBAN DE02 1203 0000 0000 2020 51",
  "info@brenner-werkzeuge.de  www.brenner-werkzeuge.de",
];

test("the block holding the buyer's address is the buyer's: its name is not the supplier", (t) => {
  // The sender named only once, at the foot, without a web site: the addressee's name at the top wins unless the
  // reader knows the address is the buyer's.
  const plain = [...LETTER.slice(0, 10), "Brenner Werkzeuge GmbH", "Lindenweg 9", "50667 Köln"];
  t.is(read(plain).fields.supplierName, "NLH Nordhandel GmbH");
  t.is(read(plain, BUYER).fields.supplierName, "Brenner Werkzeuge GmbH");
});

test("the buyer's VAT number is never the supplier's", (t) => {
  t.is(read(LETTER).fields.supplierTaxNumber, "DE811907980");
  t.is(read(LETTER, BUYER).fields.supplierTaxNumber, "DE129273398");
});

test("the buyer's IBAN is never proposed as the payee's", (t) => {
  t.is(read(LETTER).fields.bankDetails?.iban, "DE89370400440532013000");
  t.is(read(LETTER, BUYER).fields.bankDetails?.iban, "DE02120300000000202051");
  // The buyer's account alone (a direct debit from it): no payee account at all.
  const debit = [...LETTER.slice(0, 12), "Wir buchen den Betrag ab von IBAN DE89 3704 0044 0532 0130 00"];
  t.is(read(debit, BUYER).fields.bankDetails, null);
});

test("the page's evidence names the supplier's identifiers, never the buyer's", (t) => {
  const evidence = read(LETTER, BUYER).evidence;
  t.deepEqual(evidence?.identifiers, ["DE129273398"]);
  t.deepEqual(evidence?.ibans, ["DE02120300000000202051"]);
  t.deepEqual(evidence?.emails, ["info@brenner-werkzeuge.de"]);
  t.deepEqual(evidence?.domains, ["brenner-werkzeuge.de"]);
  // Registrations printed with their register: the buyer's HRB is left out, the supplier's kept.
  const registered = read(
    [...LETTER, "Amtsgericht Köln HRB 12345", "Kunde: HRB 45501", "Ihr Kontakt: einkauf@nordlicht-handel.de"],
    BUYER,
  ).evidence;
  // The buyer's own e-mail and its domain are no supplier's.
  t.deepEqual(registered?.domains, ["brenner-werkzeuge.de"]);
  t.true(registered?.identifiers.includes("HRB12345"));
  t.true(registered?.identifiers.includes("12345"));
  t.false(registered?.identifiers.some((id) => id.includes("45501")));
});

test("the buyer's block is marked by its labels in several languages", (t) => {
  const bill = (first: string) => [
    first,
    "Invoice 12",
    "Date: 2025-03-01",
    "Room  2 nights  240.00",
    "Breakfast  2  30.00",
    "Parking  1  12.00",
    "Seaview Trading Ltd",
    "Total  282.00",
  ];
  // Unlabelled, the name at the top is taken: the label is what makes it the buyer's.
  t.is(read(bill("Atlas Consulting Ltd")).fields.supplierName, "Atlas Consulting Ltd");
  for (const label of ["Bill to:", "Rechnungsempfänger:", "Facturé à :", "Kunde:", "Client:", "Guest:", "Gast:"])
    t.is(read(bill(`${label}  Atlas Consulting Ltd`)).fields.supplierName, "Seaview Trading Ltd", label);
});

test("a French SIREN names the company's VAT number too; a labelled tax number is evidence as printed", (t) => {
  const facture = ["Atelier Dubois SARL", "SIREN : 404 833 048", "Facture n° 12", "Total TTC  120,00 €"];
  t.true(read(facture).evidence?.identifiers.includes("FR83404833048"));
  const rechnung = ["Schmidt Bau GmbH", "USt.-Id.-Nr.:  DE09687654", "Rechnung 5", "Gesamtbetrag  10,00 EUR"];
  t.true(read(rechnung).evidence?.identifiers.includes("DE09687654"));
});

test("the supplier's VAT number: after its label's marks, never the customer's, sure only when it is the one", (t) => {
  const bill = (...extra: string[]) =>
    read(["Schmidt Bau GmbH", "Rechnung 5", ...extra, "Gesamtbetrag  10,00 EUR"]).fields.supplierTaxNumber;
  t.is(bill("USt.-Id.-Nr.:  DE 129 273 398"), "DE129273398");
  t.is(bill("Customer VAT ID:  DE811907980", "VAT ID: DE129273398"), "DE129273398");
  t.is(bill("N° TVA intra : FR 83 404 833 048"), "FR83404833048");
  const two = read(["Schmidt Bau GmbH", "VAT ID: DE129273398", "VAT ID: DE811907980", "Total 10.00"]);
  t.is(two.fields.supplierTaxNumber, "DE129273398");
  t.true((two.fieldConfidence.supplierTaxNumber ?? 0) < 0.9);
});

test("two readings of one page made one keep what either found as evidence", (t) => {
  const layer = extractFromText(["Schmidt Bau GmbH", "USt-IdNr. DE129273398", "Total 10.00"], "ocr");
  const ocr = extractFromText(["Schmidt Bau GmbH", "IBAN DE02 1203 0000 0000 2020 51", "Total 10.00"], "ocr");
  const both = bestOfReadings(layer, ocr).evidence;
  t.deepEqual([both?.identifiers, both?.ibans], [["DE129273398"], ["DE02120300000000202051"]]);
});
