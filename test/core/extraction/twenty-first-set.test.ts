// What a twenty-first held-out set (fifteen countries, read unseen once: issue 33) showed the reader lacked: a
// number after a leader of dots, Argentina's "Nro. Comprobante" and Spain's "FACTURA SIMPLIFICADA", Chile's number
// box under its title and its tax number printed with a minus sign, Argentina's tax number by its shape, "Eur"
// beside an amount, Italy's "Spett.le", a Malaysian address's "No. 12 Jalan", a Korean till's justified total and a
// Vietnamese table heading taken for a seller. Small synthetic pages in the shapes real ones print.
import { extractFromText } from "@apar/core/extraction";
import test from "ava";

test("a number after its label's leader of dots, as Spanish utility bills print their heads", (t) => {
  const read = extractFromText(
    [
      "Nº FACTURA ................: 25/030840",
      "FECHA FACTURA .......: 9 de diciembre de 2025",
      "HAN-U 2023, S.L.",
      "TOTAL FACTURA ........: 1.154,82 €",
    ],
    "pdf-text",
  );
  t.is(read.fields.invoiceNumber, "25/030840");
  t.is(read.fields.invoiceDate, "2025-12-09");
});

test("Argentina's number sign before its voucher's word, and Spain's simplified invoice as a till heads it", (t) => {
  const argentine = extractFromText(
    ["ORIGINAL", "Factura", "Nro. Comprobante: 00187-00934377", "Fecha de Emisión: 02/01/2025", "Total $  36346.00"],
    "pdf-text",
  );
  t.is(argentine.fields.invoiceNumber, "00187-00934377");
  const spanish = extractFromText(
    [
      "MERCADONA, S.A. A-46103834",
      "18005 GRANADA",
      "20/01/2024 10:41  OP: 148707",
      "FACTURA SIMPLIFICADA: 3542-014-634858",
      "TOTAL (€)  58,58",
    ],
    "pdf-text",
  );
  t.is(spanish.fields.invoiceNumber, "3542-014-634858");
});

// A Chilean electronic invoice: the tax office's box (R.U.T., title, number) beside the seller's lines, amounts in
// bare "$" signs.
const CHILEAN = [
  "ERKE CHILE SPA",
  "DESARROLLO DESOFTWARE  R.U.T.: 76.269.769−6",
  "Dirección: Chile",
  "FACTURA ELECTRONICA",
  "Comuna: Chile",
  "Correo: ventas@example.cl  N° 4117",
  "Señor(es)  : Universo Informatico  Fecha emisión  : 01-06-2024",
  "NETO  (=)  $27.166",
  "IVA(19%)  (+)  $5.162",
  "TOTAL  (=)  $32.328",
];

test("Chile's number box under its title, and its tax number printed with a minus sign, name the number and peso", (t) => {
  const read = extractFromText(CHILEAN, "pdf-text");
  t.is(read.fields.invoiceNumber, "4117");
  t.is(read.fields.currency, "CLP");
  t.is(read.fields.totalAmount, "32328");
});

test("Argentina's tax number by its shape makes a bare dollar sign its peso", (t) => {
  const read = extractFromText(
    [
      "Factura",
      "0008-00021658",
      "DOS ARROYOS AGROP. Y COM. S.A.",
      "Responsable inscripto  30-64243841-3",
      "Total $ 12.530,83",
    ],
    "pdf-text",
  );
  t.is(read.fields.currency, "ARS");
  // The same digits in another shape are no one's tax number: the dollar stays a dollar.
  const other = extractFromText(["Invoice", "Ref 30-6424384-13", "Total $ 12,530.83"], "pdf-text");
  t.is(other.fields.currency, "USD");
});

test("the euro's code written as a word beside an amount names the euro", (t) => {
  const read = extractFromText(
    ["ILIO'S Restaurant", "Rechnung Nr. 2644", "Netto(1) Eur 129,75", "+ 19,0% MwSt:    24,65", "Summe Eur 154,40"],
    "ocr",
  );
  t.is(read.fields.currency, "EUR");
  t.is(read.fields.totalAmount, "154.40");
});

test("Italy's \"Spett.le\" heads the buyer's block: its company is not the seller", (t) => {
  const read = extractFromText(
    [
      "Regololab di Lo Tito Leonardo",
      "Via dei Confinati Politici 75020",
      "P.IVA: 01335720775",
      "Fattura n° 12",
      "del 19/05/2023",
      "Spett.le:",
      "COS.MET. S.R.L. FRATELLI RUBOLINO",
      "75020 SCANZANO JONICO (MT)",
      "Totale documento  420,00",
    ],
    "ocr",
  );
  t.is(read.fields.supplierName, "Regololab di Lo Tito Leonardo");
});

test("a Malaysian address's house number is no document's number", (t) => {
  const read = extractFromText(
    ["7-Eleven Malaysia Sdn. Bhd.", "No. 12 Jalan Imbi, 55100 Kuala Lumpur", "Total   13.10"],
    "ocr",
  );
  t.is(read.fields.invoiceNumber, null);
  // A number after "No." and no street is still one.
  t.is(extractFromText(["RESTORAN MAJU", "No. 4417", "Total   13.10"], "ocr").fields.invoiceNumber, "4417");
});

test("a Korean till's total label spread over its column still labels the total", (t) => {
  const read = extractFromText(
    [
      "이마트 왕십리점",
      "상품명  단 가 수량  금 액",
      "과세 물품:   33,382",
      "합      계:           36,720",
      "카드 결제",
    ],
    "ocr",
  );
  t.is(read.fields.totalAmount, "36720");
});

test("a Vietnamese table heading as OCR reads it is no seller, whatever legal form its letters spell", (t) => {
  const read = extractFromText(
    ["MINIMART ANAN", "Ténhang SL BVT Bongia T.tien", "Bánh mì  1  15.000", "Tổng tiền: 15.000"],
    "ocr",
  );
  t.is(read.fields.supplierName, "MINIMART ANAN");
  const second = extractFromText(["Bongia SL T.lien", "Bánh mì  1  15.000", "Tổng tiền: 15.000"], "ocr");
  t.not(second.fields.supplierName, "Bongia SL T.lien");
});

test("numbers' words as tills and bills print them: Bulgarian, Swedish, French, and a US check's abbreviation", (t) => {
  const number = (lines: string[]) => extractFromText(lines, "ocr").fields.invoiceNumber;
  t.is(number(["МАГАЗИН ЕООД", "Място:София  Дата:22.04.2025  Номер:1000051813", "ОБЩА СУМА  12,40"]), "1000051813");
  t.is(number(["ICA Nära", "Datum: 25-02-13 18:56 Kvitto 0310385465", "Totalt  129,00"]), "0310385465");
  t.is(number(["Boulangerie Martin", "Facture acquittée : TN229533", "Total TTC  14,20 €"]), "TN229533");
  t.is(number(["DINER 59", "Chk 1942          28Dec'24 14:53", "Total Due   $23.10"]), "1942");
  // Another word's number before its colon is none of these ("Телефонен номер:").
  t.is(number(["МАГАЗИН ЕООД", "Телефонен номер: 0888123456", "ОБЩА СУМА  12,40"]), null);
});
