// The addressee is never the supplier, and what is left to pay or was paid is never the total (issue 33).
import { extractFromText } from "@apar/core/extraction";
import test from "ava";

const read = (lines: string[], names: string[] = []) =>
  extractFromText(lines, "pdf-text", { buyer: { names, identifiers: [], ibans: [], addressLines: [], emails: [] } })
    .fields;

const LETTER = [
  "Nordlicht Handels GmbH",
  "Am Hafen 3",
  "20457 Hamburg",
  "",
  "Rechnung Nr. 2024-118",
  "Datum: 03.06.2025",
  "Beratung  1  500,00",
  "Gesamtbetrag  500,00 EUR",
  "",
  "Brenner Werkzeuge GmbH",
];

test("the organisation's own name at the top is read as the supplier when the reader is not told it", (t) => {
  t.is(read(LETTER).supplierName, "Nordlicht Handels GmbH");
});

test("told the organisation's names, the reader never takes them for the supplier", (t) => {
  t.is(read(LETTER, ["Nordlicht Handels GmbH"]).supplierName, "Brenner Werkzeuge GmbH");
  // Its trading name without the legal form names it too.
  t.is(read(LETTER, ["Nordlicht Handels"]).supplierName, "Brenner Werkzeuge GmbH");
});

test("a supplier whose name is only a part of the organisation's is still the supplier", (t) => {
  const lines = ["Acme GmbH", "Hauptstraße 17", "Rechnung Nr. 7", "Bill To", "Acme Maschinenbau GmbH", "Total  90.00"];
  t.is(read(lines, ["Acme Maschinenbau GmbH"]).supplierName, "Acme GmbH");
});

test("a labelled supplier that is the organisation itself is not taken", (t) => {
  const lines = ["Lieferant: Nordlicht Handels GmbH", ...LETTER.slice(4)];
  t.is(read(lines, ["Nordlicht Handels GmbH"]).supplierName, "Brenner Werkzeuge GmbH");
});

test("the guest on a hotel folio is the addressee, not the supplier", (t) => {
  for (const label of ["Gast:", "Guest:", "Guest name:"]) {
    const lines = ["Hotel Seeblick GmbH", `${label}  Atlas Consulting Ltd`, "Rechnung Nr. 889", "Total  240.00"];
    t.is(read(lines).supplierName, "Hotel Seeblick GmbH", label);
  }
});

test("a negative balance left after a deposit is not the total", (t) => {
  const lines = ["Seaview Hotel Ltd", "Invoice 8812", "Room  2 nights  240.00", "Total  240.00", "Deposit  250.00"];
  t.is(read([...lines, "Balance due  -10.00"]).totalAmount, "240.00");
  t.is(read([...lines, "Saldo  -10,00"]).totalAmount, "240.00");
});

test("a payment printed as a negative total is not the total; a credit note's negative total stays", (t) => {
  const lines = ["Seaview Hotel Ltd", "Invoice 8812", "Room  2 nights  903.63", "Total  903.63"];
  t.is(read([...lines, "Total Visa  -903.63"]).totalAmount, "903.63");
  t.is(read(["Seaview Hotel Ltd", "Credit note 8812", "Total  -100.00"]).totalAmount, "-100.00");
});

test("gross before net: a total that a tax read on the page completes to another total was the net", (t) => {
  const lines = ["Seaview Hotel Ltd", "Invoice 8812", "Amount due  100.00", "VAT 19%  19.00", "Total  119.00"];
  t.is(read(lines).totalAmount, "119.00");
});

const readWithConfidence = (lines: string[]) => extractFromText(lines, "pdf-text");

test("who is to be paid names the supplier, not yet surely; the label alone in its column gives the next line's name", (t) => {
  const lines = [
    "INVOICE                                   COPY",
    "PAYABLE TO:                               INVOICE DATE",
    "Harbour Lights Trading Co.                2025-03-04",
    "17 Quay Street",
    "BILL TO",
    "Northwind Foods Inc.",
    "TOTAL  $1,200.00",
  ];
  const e = readWithConfidence(lines);
  t.is(e.fields.supplierName, "Harbour Lights Trading Co.");
  t.is(e.fieldConfidence.supplierName, 0.85);
  // A name after a column gap on the label's own line is its value; only another field's label there is not.
  t.is(
    readWithConfidence(["Supplier:      Harbour Lights Ltd", "17 Quay Street", "Invoice 12", "Total  10.00"]).fields
      .supplierName,
    "Harbour Lights Ltd",
  );
  // In German, and on one line.
  const de = readWithConfidence(["Kunde: Berger AG", "Zahlungsempfänger: Stadtwerke Lindenau GmbH", "Summe 80,00 EUR"]);
  t.is(de.fields.supplierName, "Stadtwerke Lindenau GmbH");
  // An account, an address or a number after the label is no name.
  t.not(
    readWithConfidence(["Pay to: DE89 3704 0044 0532 0130 00", "Total 10.00"]).fields.supplierName,
    "DE89 3704 0044 0532 0130 00",
  );
  t.not(readWithConfidence(["Remit to: 1200 Main Street", "Total 10.00"]).fields.supplierName, "1200 Main Street");
});

test("a name printed with its form after a comma ('Contoso, Ltd.') keeps it, and outweighs a title over it", (t) => {
  const lines = [
    "Project Statement",
    "Harbour Lights, Ltd.",
    "Date: 9/10/2025",
    "Sold To  Wingtip Toys",
    "Total  $1,200.00",
  ];
  t.is(read(lines).supplierName, "Harbour Lights, Ltd.");
  // A sender line's parts are still read apart.
  t.is(
    read(["Harbour Lights Ltd., 17 Quay Street, Bristol", "Invoice 12", "Total  $1,200.00"]).supplierName,
    "Harbour Lights Ltd.",
  );
});

test("'mbH' and 'Ges.m.b.H.' are a legal form as 'GmbH' is", (t) => {
  for (const name of ["Lindenau Handelsgesellschaft mbH", "Alpenblick Ges.m.b.H.", "ALPENBLICK GES.M.B.H."]) {
    const e = extractFromText(["Kassenbon", "Brot 2,50", name, "Summe 2,50 EUR"], "ocr");
    t.is(e.fields.supplierName, name);
  }
});

test("a French company's legal mention (name, spelt-out form, 'au capital de', R.C.S.) names the sender over a buyer with a form", (t) => {
  const lines = [
    "Date de facture  : 02/11/2019",
    "N° de facture  : 11608848301659",
    "N° de ligne  : 06 99 XX YY ZZ  M DE LATTRE ALEXIS",
    "ALEXINUX SARL",
    "35 B RUE MONTGOLFIER",
    "69100 VILLEURBANNE",
    "Montant de la facture soumis à TVA  10,83  12,99",
    "TVA 20,00 % payée sur les débits  2,17",
    "BOUYGUES TELECOM - Société Anonyme au capital de 712 588 399,56 € - Siège social : 37-39, rue Boissière - 75116 PARIS - 397 480 930 R.C.S. PARIS",
  ];
  t.is(read(lines).supplierName, "BOUYGUES TELECOM, Société Anonyme");
  // Without the mention, the name at the top is all the page gives.
  t.is(read(lines.slice(0, -1)).supplierName, "ALEXINUX SARL");
});

test("a printed e-mail's 'From:' address is no supplier's name: the name the page prints is", (t) => {
  const lines = [
    "From: noreply@contoso.com",
    "Sent: Monday, January 8, 2024 05:55 PM",
    "To: bensonmiller0123@gmail.com",
    "Subject: Contoso Receipt",
    "",
    "Contoso",
    "3050 Old Centre Road,",
    "Los Angeles, CA 90018",
    "Receipt Number 334567",
    "Total Charges  $710.00",
  ];
  t.is(read(lines).supplierName, "Contoso");
});

test("'Total Qty: 6  Amt: 1708.00': the count of the items, then the bill's amount under a label of its own", (t) => {
  const lines = [
    "MOCAMBO RESTAURANT",
    "Sub Total                    1430.00",
    "Service Tax@4.944%              70.70",
    "Vat @ 14.5 %                   207.35",
    "Total Qty: 6 Amt:       1708.00",
  ];
  t.is(extractFromText(lines, "ocr").fields.totalAmount, "1708.00");
  t.is(extractFromText(["Shop", "Total items 3", "TOTAL  12.50"], "ocr").fields.totalAmount, "12.50");
});
