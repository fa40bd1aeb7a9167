// What a seventeenth held-out set (eleven countries, read unseen once: issue 33) showed the reader lacked: a power
// bill's "Total a Pagar" heading a column whose row also prints another column's label and value far off, a Canadian
// till's marks that one engine read and the other missed, a card slip's total in a second currency, Russia's fiscal
// receipts, "Inc." meaning inclusive, "S. A." spaced, a Polish e-receipt's title, a Japanese invoice's addressee
// ("御中") and forms ("株式会社"), a Chinese e-invoice's parties side by side. Small synthetic pages in the shapes
// real ones print.
import { bestOfTwoEngines, extractFromText, type TextBox } from "@apar/core/extraction";
import test from "ava";

// A run of text where a bill's text layer puts it (points from the top left).
const box = (text: string, x: number, y: number, width: number, height: number): TextBox => ({
  text,
  x,
  y,
  width,
  height,
  page: 1,
});

test("a total's heading over its value reads it where another column's heading shares its row, far off", (t) => {
  const boxes = [
    box("Equatorial Alagoas Distribuidora de Energia S.A.", 40, 20, 190, 6),
    box("Conta Mês", 53, 162, 30, 6),
    box("Vencimento", 136, 162, 34, 6),
    box("Total a Pagar", 233, 162, 38, 6),
    box("Protocolo de autorização: 3272300000001903 -", 418, 162, 128, 6),
    box("02/01/2023 às 13:10:24", 418, 171, 64, 6),
    box("12/2022", 48, 169, 40, 11),
    box("24/01/2023", 125, 169, 55, 11),
    box("R$ 46.623,88", 219, 169, 66, 11),
  ];

  const lines = [
    "Equatorial Alagoas Distribuidora de Energia S.A.",
    "Conta Mês  Vencimento  Total a Pagar  Protocolo de autorização: 3272300000001903 -",
    "02/01/2023 às 13:10:24",
    "12/2022  24/01/2023  R$ 46.623,88",
    "INFORMAÇÕES PARA O CLIENTE",
    "01/12 - 31/12  Valor referente aoFECOEP: R$923,61",
    "Itens de Fatura  Quant.  Preço Unit.(R$)  Tarifa  PIS/  ICMS  Valor(R$)  Tributo  Base(R$)  Aliquota(%)  Valor(R$)",
    "com Tributos  Unit.(R$)  COFINS(R$)  (R$)",
  ];
  t.is(extractFromText(lines, "pdf-text", {}, boxes).fields.totalAmount, "46623.88");
});

test("a dollar that Canada's marks name outweighs a bare dollar the other engine read without them", (t) => {
  const till = ["Walmart", "SURVEY.WALMART.CA", "SUBTOTAL  $24.16", "TOTAL  $27.30", "MCARD TEND  $27.30"];
  const tesseract = extractFromText([...till.slice(0, 3), "REEEI3.0000 %  $3.14", ...till.slice(3)], "ocr");
  const eye = extractFromText([...till.slice(0, 3), "HST 13.0000%  $3.14", ...till.slice(3)], "ocr");
  t.is(tesseract.fields.currency, "USD");
  t.is(eye.fields.currency, "CAD");
  t.true((eye.fieldConfidence.currency ?? 0) > (tesseract.fieldConfidence.currency ?? 0));
  t.true((eye.fieldConfidence.currency ?? 0) < 0.9);
  t.is(bestOfTwoEngines(tesseract, eye).fields.currency, "CAD");
});

test("a total printed again in another currency leaves the document's currency unsure", (t) => {
  const lines = [
    "Stechwerk GmbH",
    "Frankenstrasse 5, 6003 Luzern",
    "MwSt. Nr. 459.718.898",
    "Bezeichnung  CHF/St  CHF",
    "Labret 1.2x07mm  16.00  16.00",
    "Total CHF  12.80",
    "VISA Debit  12.80",
    "Total in EUR 12.80",
  ];
  const read = extractFromText(lines, "ocr");
  t.true((read.fieldConfidence.currency ?? 0) < 0.9, `${read.fields.currency}`);
  // One total, one currency: sure as before.
  const one = extractFromText(
    lines.filter((l) => !l.includes("EUR")),
    "ocr",
  );
  t.is(one.fields.currency, "CHF");
  t.true((one.fieldConfidence.currency ?? 0) >= 0.9);
});

test("a Russian fiscal receipt names its cash register: OCR's '£' for its '≡' is the rouble, unsure", (t) => {
  const lines = [
    'ООО "Агат"',
    "Салат цезарь  1X 590.00",
    "£590.00",
    "Пельмени  1X 690.00",
    "£690.00",
    "KACCOBЫЙ ЧЕК  13.02.26 14:11",
    "ЗН KKT 0600170022051413",
  ];
  const read = extractFromText(lines, "ocr");
  t.is(read.fields.currency, "RUB");
  t.true((read.fieldConfidence.currency ?? 0) < 0.9);
  // Without the register's mark the sign is the pound's, as OCR read it.
  t.is(extractFromText(lines.slice(0, -1), "ocr").fields.currency, "GBP");
  // A mark inside a word ("BANGKKTE") is none.
  t.is(extractFromText([...lines.slice(0, -1), "BANGKKTE20FAX"], "ocr").fields.currency, "GBP");
});

test("'Inc.' before 'of' is inclusive, no company's form; 'S. A.' spaced is the form", (t) => {
  const parking = [
    "Parking Facilitation",
    "charges",
    "Elante Mall",
    "Parking Charge : 40 INR",
    "Total Tariff : 40 INR",
    "Rates are Inclusive of GST",
    "GST NO: 04AACCCB0O21G1Z3",
    "Rates are Inc. of GST",
  ];
  const read = extractFromText(parking, "ocr");
  t.not(read.fields.supplierName, "Rates are Inc. of GST");
  t.true((read.fieldConfidence.supplierName ?? 0) < 0.75);
  const biedronka = [
    "Codziennie niskie ceny",
    "Sklep 3218 TARGOWA 4",
    "Jeronimo Martins Polska S. A.",
    "ul. Zniwna 5, 62-025 Kostrzyn",
    "NIP 779-10-11-327",
    "07.12.2025 15:16",
    "Suma PLN  75,03",
  ];
  t.is(extractFromText(biedronka, "ocr").fields.supplierName, "Jeronimo Martins Polska S. A.");
});

test("a Polish shop's e-receipt titled 'Podsumowanie zakupów' names the shop under the title", (t) => {
  const lines = [
    "Podsumowanie zakupów",
    "Kaufland Legionowo",
    "ul. Zegrzyńska 115",
    "Legionowo",
    "KurczakSielskiFilet  19,01",
    "Suma  32,47",
    "Data: 27.08.2025  Czas: 17:27",
  ];
  t.is(extractFromText(lines, "pdf-text").fields.supplierName, "Kaufland Legionowo");
});

test("a Japanese invoice's addressee ('御中') is the buyer; '株式会社' before or after a name is its form", (t) => {
  const lines = [
    "請求書",
    "No.TRR-25-008",
    "2025年08月31日",
    "株式会社 テラ 御中",
    "株式会社 ネクストビッツ",
    "〒 174-0046",
    "東京都板橋区蓮根2-27-12",
    "登録番号：T9011401005132",
    "明細  数量  単価  金額",
    "システム改修作業費  600,000  600,000",
    "消費税10%対象  600,000",
    "消費税(10%)  60,000",
    "合計金額  660,000",
  ];
  const read = extractFromText(lines, "pdf-text");
  t.is(read.fields.supplierName, "株式会社 ネクストビッツ");
  t.true((read.fieldConfidence.supplierName ?? 0) >= 0.75, "a name with its form");
  // The amount the tax is on is the net amount, not the tax; with it the total adds up.
  t.is(read.fields.subTotal, "600000");
  t.is(read.fields.taxAmount, "60000");
  t.is(read.fields.totalAmount, "660000");
  t.true((read.fieldConfidence.totalAmount ?? 0) >= 0.95);
  // The form after the name, written against it.
  const after = extractFromText(
    lines.map((l) => (l === "株式会社 ネクストビッツ" ? "ネクストビッツ株式会社" : l)),
    "pdf-text",
  );
  t.is(after.fields.supplierName, "ネクストビッツ株式会社");
});

test("a Chinese e-invoice's text layer prints buyer and seller side by side: the seller is the second", (t) => {
  const lines = [
    "电子发票（普通发票）  发票号码：25332000000397897625",
    "开票日期：2025年09月09日",
    "购 名称：上海汀上智能科技有限公司  销 名称：杭州搏一搏餐饮管理有限公司",
    "买  售",
    "信 统一社会信用代码/纳税人识别号：91310107MA1G1APG6E  信 统一社会信用代码/纳税人识别号：91330103MA2H21R01P",
    "项目名称  规格型号  单 位  数 量  单 价  金 额  税率/征收率  税 额",
    "*餐饮服务*餐饮服务  1 184.1584158415842  184.16  1%  1.84",
    "合  计  ¥184.16  ¥1.84",
    "价税合计（大写）  壹佰捌拾陆圆整  （小写）¥186.00",
  ];
  t.is(extractFromText(lines, "pdf-text").fields.supplierName, "杭州搏一搏餐饮管理有限公司");
});

test("a Swiss till's 'Beleg:' labels its number; a Polish e-receipt printing no currency is in zloty", (t) => {
  const till = [
    "Tauchshop Service Support",
    "Zurichstrasse 66",
    "6004 Luzern - Schweiz",
    "Datum: 23.11.24 Beleg: Re241117670",
    "1 Crystal VU Maske orange/bk  95.00 CHF",
    "Betrag  464.00 CHF",
  ];
  t.is(extractFromText(till, "ocr").fields.invoiceNumber, "Re241117670");
  // Another word's "Beleg" ("Kassenbeleg:") labels nothing.
  t.is(
    extractFromText(
      till.map((l) => l.replace("Beleg:", "Kassenbeleg:")),
      "ocr",
    ).fields.invoiceNumber,
    null,
  );
  const kaufland = [
    "Podsumowanie zakupów",
    "Kaufland Legionowo",
    "ul. Zegrzyńska 115",
    "KurczakSielskiFilet  19,01",
    "Suma  32,47",
    "Podatek  Brutto  Netto",
    "Podsumowanie zakupów: 59831",
  ];
  t.is(extractFromText(kaufland, "pdf-text").fields.currency, "PLN");
});

test("a total read off its heading over its value that a line prints too takes that line's currency", (t) => {
  const lines = [
    "Gana Energía",
    "Total a pagar  Calle Miguel Gatell 2 Santa María Del",
    "53,39€",
    "Base imponible  44,12€",
    "IVA (21%)  9,27€",
    "Total a pagar  53,39€",
    "Abono en cuenta 0,12 USD",
  ];
  const boxes = [
    box("Gana Energía", 40, 40, 60, 10),
    box("Total a pagar", 40, 100, 50, 8),
    box("Calle Miguel Gatell 2 Santa María Del", 300, 100, 150, 8),
    box("53,39€", 40, 110, 30, 14),
    box("Base imponible", 40, 200, 60, 8),
    box("44,12€", 300, 200, 30, 8),
    box("IVA (21%)", 40, 212, 40, 8),
    box("9,27€", 300, 212, 25, 8),
    box("Total a pagar", 40, 224, 50, 8),
    box("53,39€", 300, 224, 30, 8),
    box("Abono en cuenta 0,12 USD", 40, 400, 110, 8),
  ];
  const read = extractFromText(lines, "pdf-text", {}, boxes);
  t.is(read.fields.totalAmount, "53.39");
  t.is(read.fields.currency, "EUR");
  t.true((read.fieldConfidence.currency ?? 0) >= 0.9);
});

test("a summary row printing the tax in the country's currency too is no second total in another currency", (t) => {
  const lines = [
    "Számla / Invoice",
    "Összesen/Total  500 EUR  100 EUR  26 200 Ft  600 EUR",
    "Fizetendő végösszeg/Total: 600 EUR",
  ];
  const read = extractFromText(lines, "pdf-text");
  t.is(read.fields.currency, "EUR");
  t.true((read.fieldConfidence.currency ?? 0) >= 0.9);
});
