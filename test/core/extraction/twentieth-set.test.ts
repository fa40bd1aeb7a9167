// What a twentieth held-out set (fifteen countries, read unseen once: issue 33) showed the reader lacked: a tax
// number's hyphens read as minus signs that made a VAT row of "-4", "-2" and "-6", a VAT rate printed without its
// sign among the row's amounts, a seller whose name starts with a total's word ("Nett Front Kft"), Peru's sol and
// its IGV, a tax's word after "without", OCR's one "$" and one code in a photo's noise taken for the currency.
// Small synthetic pages in the shapes real ones print.
import { extractFromText } from "@apar/core/extraction";
import test from "ava";

// A Hungarian invoice in euros: seller and buyer labelled on one line, the tax numbers with their hyphens, and the
// VAT summary under "Nettó  %  ÁFA  Bruttó" with the rate printed bare.
const HUNGARIAN = [
  "Számla",
  "Szállító:  Nett Front Kft  Vevő:  DIVIAN - MEGA KFT",
  "Hungary 5650, Mezőberény Gyomai út 26.  6724 Szeged",
  "Adószám: 13024772-2-04  HU13024772  Adószám:  12809404-2-06",
  "Számla kelte:  2026. 01. 20.  6724 Szeged",
  "Számla sorszáma:  NF2026-29335",
  "Nettó  %  ÁFA  Bruttó",
  "10 536.43 €  27  2 844.84 €  13 381.27 €",
];

test("a VAT row whose rate has no sign: its three amounts with cents are net, tax and gross", (t) => {
  const read = extractFromText(HUNGARIAN, "pdf-text");
  t.is(read.fields.totalAmount, "13381.27");
  t.is(read.fields.subTotal, "10536.43");
  t.is(read.fields.taxAmount, "2844.84");
  t.is(read.fields.currency, "EUR");
});

test("a hyphen inside a tax number is no minus: its parts make no row of amounts", (t) => {
  const read = extractFromText(HUNGARIAN.slice(0, 6), "pdf-text");
  t.is(read.fields.totalAmount, null);
  t.is(read.fields.taxAmount, null);
  // A minus before an amount, or after it as tills print a refund, still is one.
  const refund = extractFromText(["RECEIPT", "Pfand  0,25-", "TOTAL  -5.00 EUR"], "pdf-text");
  t.is(refund.fields.totalAmount, "-5.00");
});

test("a seller's label before a name that starts with a total's word: that name, not the next line", (t) => {
  const read = extractFromText(HUNGARIAN, "pdf-text");
  t.is(read.fields.supplierName, "Nett Front Kft");
  // A label alone in its cell before another field's label still takes its value from the next line.
  const column = extractFromText(
    ["INVOICE", "PAYABLE TO :    TOTAL", "Acme Widgets Ltd    120.00", "Invoice No: 5"],
    "pdf-text",
  );
  t.is(column.fields.supplierName, "Acme Widgets Ltd");
});

// A Peruvian e-receipt (boleta): the sol's "S/", the IGV, a net line that says it is without taxes, and taxes of
// nothing beside the one charged.
const PERUVIAN = [
  "BENITES VILLA TRINIDAD  BOLETA DE VENTA ELECTRONICA",
  "RUC: 10080397246",
  "Fecha de Emisión  : 01/11/2023",
  "Otros Cargos :  S/ 0.00",
  "Otros Tributos :  S/0.00",
  "(*) Sin impuestos.  Op. Gravada :  S/ 62.38",
  "ISC :  S/ 0.00",
  "IGV :  S/ 11.23",
  "Importe Total :  S/ 73.60",
];

test("Peru's sol and IGV: the currency, and the tax charged rather than the net 'without taxes' or a tax of nothing", (t) => {
  const read = extractFromText(PERUVIAN, "pdf-text");
  t.is(read.fields.currency, "PEN");
  t.is(read.fields.totalAmount, "73.60");
  t.is(read.fields.taxAmount, "11.23");
  t.is(read.fields.invoiceDate, "2023-11-01");
});

test("a code OCR read once in a photo's noise claims no '$' for sure: a guess", (t) => {
  const read = extractFromText(
    ["Rey 8          TIE ARS   EXPE", "HOLIAO NOODLES", "Service Tax@6%:      2.43     E $", "Net Total   47.00"],
    "ocr",
  );
  t.is(read.fields.currency, "ARS");
  t.true((read.fieldConfidence.currency ?? 1) < 0.9);
});

test("OCR's one bare '$' on a Danish receipt: the krone, as the page's language tells, unsure", (t) => {
  const danish = [
    "COOP365 GELSTED BRF",
    "FAXE KONDI 24-PAK      99.00",
    "PANT                   24.00",
    "RABAT I ALT            29.50",
    "AT BETALE (126 varer)  1307.00",
    "MOMS UDGØR:            261.40   $7",
  ];
  const read = extractFromText(danish, "ocr");
  t.is(read.fields.currency, "DKK");
  t.true((read.fieldConfidence.currency ?? 1) < 0.9);
  // Two dollar signs are no stray one: the page prices in dollars.
  const dollars = extractFromText([...danish.slice(0, 5), "TOTAL $1307.00  $7"], "ocr");
  t.is(dollars.fields.currency, "USD");
});

test("a Vietnamese receipt in English OCR's letters, no currency printed: the dong, as its words tell, unsure", (t) => {
  const read = extractFromText(
    [
      "NHA SACH GDI CAM PHA",
      "Ten hang SL  Gia  CK",
      "Va tap viet    4 17000 0 68.000",
      "Tong cong:                        90.000",
      "Tien khach tra:                   90.000",
      "XIN CAM ON QUI KHACH!",
    ],
    "ocr",
  );
  t.is(read.fields.currency, "VND");
  t.true((read.fieldConfidence.currency ?? 1) < 0.9);
});
