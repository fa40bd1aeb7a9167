// What a nineteenth held-out set (fourteen countries, read unseen once: issue 33) showed the reader lacked: a DANFE's
// total OCR read with its decimal comma as a dot ("15.799.00"), a card slip's one amount in whole won, Japan's era
// dates ("令和 8年 4月 8日"), a French bill's number grouped by spaces ("N° 26 558 373 267"), the countries a receipt
// prints no currency for (Turkey's "FİŞ NO" and "E-ARŞİV", Italy's "P. IVA", Nepal's "Miti" and its "Rs.", Brazil's
// "Nota Fiscal"), a Finnish receipt's benefits' total under the bill's, and a name OCR read without its spaces.
// Small synthetic pages in the shapes real ones print.
import { extractFromText, parseNumber } from "@apar/core/extraction";
import test from "ava";

test("one separator again and again before cents: the last one is the decimal mark OCR made of the other", (t) => {
  t.is(parseNumber("15.799.00"), "15799.00");
  t.is(parseNumber("1,234,567,89"), "1234567.89");
  // Thousands only, as before.
  t.is(parseNumber("1.234.567"), "1234567");
  t.is(parseNumber("1.234"), "1234");
  const read = extractFromText(["VGS COMERCIO    DANFE", "Valor total da nota", "15.799.00"], "ocr", {}, [
    { text: "Valor", x: 1010, y: 749, width: 32, height: 10, page: 1 },
    { text: "total", x: 1046, y: 748, width: 25, height: 10, page: 1 },
    { text: "da", x: 1075, y: 748, width: 12, height: 10, page: 1 },
    { text: "nota", x: 1090, y: 748, width: 22, height: 10, page: 1 },
    { text: "15.799.00", x: 1010, y: 766, width: 63, height: 12, page: 1 },
  ]);
  t.is(read.fields.totalAmount, "15799.00");
});

test("a card slip whose one amount is whole won or yen beside its unit: that amount, unsure", (t) => {
  const won = extractFromText(
    [
      "매출전표",
      "카드종류 / 매입사   거래유형",
      "2021/05/15/ 23;22:08",
      "원거래일자  102,500원",
      "가맹점명",
      "치즈웨이브",
    ],
    "ocr",
  );
  t.is(won.fields.totalAmount, "102500");
  t.true((won.fieldConfidence.totalAmount ?? 1) < 0.9);
  const yen = extractFromText(
    ["ご注文明細", "注文日 2020年12月27日", "腕時計 1点  ¥21,777", "販売: ImobileTech JP"],
    "ocr",
  );
  t.is(yen.fields.totalAmount, "21777");
  // A digit or two after a "¥" is OCR's smudge, not an amount.
  t.is(extractFromText(["영수증", "= (¥33) 20260109-01-0010"], "ocr").fields.totalAmount, null);
  // Amounts that differ decide nothing.
  const several = extractFromText(["레시트", "아메리카노 4,500원", "라떼 5,000원"], "ocr");
  t.is(several.fields.totalAmount, null);
});

test("Japan's era years: Reiwa's from 2019 and Heisei's from 1989, its first year '元年'", (t) => {
  const read = extractFromText(
    [
      "利用料請求書",
      "株式会社 ケイ・ティ・サービス",
      "利用者氏名  発行日",
      "植村 満佐也 様  令和 8年 4月 8日",
      "合計  3,048",
    ],
    "pdf-text",
  );
  t.is(read.fields.invoiceDate, "2026-04-08");
  t.is(extractFromText(["請求書", "発行日 平成31年4月30日"], "pdf-text").fields.invoiceDate, "2019-04-30");
  t.is(extractFromText(["請求書", "発行日 令和元年5月1日"], "pdf-text").fields.invoiceDate, "2019-05-01");
});

test("a number grouped by spaces in threes after its label is one number, where no amount follows", (t) => {
  const read = extractFromText(
    ["EDF SERVICE CLIENTS", "Facture de souscription du 23/06/2019", "N° 26 558 373 267  Montant total", "32,09 €"],
    "pdf-text",
  );
  t.is(read.fields.invoiceNumber, "26558373267");
  t.is(read.fields.totalAmount, "32.09");
});

test("receipts that print no currency: Turkey's, Italy's, Nepal's and Brazil's marks name theirs", (t) => {
  const turkish = extractFromText(
    ["BIM BIRLESIK MAGAZALAR A.S.", "E-ARSIV FATURA", "20.04.2024 17:59    NO: 263", "TOPLAM          384.25"],
    "ocr",
  );
  t.is(turkish.fields.currency, "TRY");
  t.true((turkish.fieldConfidence.currency ?? 1) < 0.9);
  const sok = extractFromText(["SOK MARKETLER TIC. A.S.", "TARIH 19/01/2024", "FIS NO: 0029", "TOPLAM  426,75"], "ocr");
  t.is(sok.fields.currency, "TRY");
  const italian = extractFromText(
    ["SIENA STORE S.R.L.", "Part, Iva 01302470529 - TEL 0577556615", "DOCUMENTO COMMERCIALE", "TOTALE  2,99"],
    "ocr",
  );
  t.is(italian.fields.currency, "EUR");
  const nepali = extractFromText(
    ["Khileshwori Trading Pvt. Ltd.", "Date: 07/05/2024", "Miti  : 21/03/2081", "Net Amount : 185.00"],
    "ocr",
  );
  t.is(nepali.fields.currency, "NPR");
  // The label as OCR reads it ("Mit:") and as Nepali writes it ("मिति:") marks the page as the date's pattern does.
  for (const miti of ["Mit: 21/03/2081", "मिति: 21/03/2081"]) {
    const read = extractFromText(["Khileshwori Trading Pvt. Ltd.", miti, "Net Amount : 185.00"], "ocr");
    t.is(read.fields.currency, "NPR", miti);
  }
  // Nepal's "Rs." is its rupee; India's stays India's.
  t.is(extractFromText(["Saathimart", "Miti : 21/03/2081", "Total  Rs. 185.00"], "ocr").fields.currency, "NPR");
  t.is(extractFromText(["Kirana Store", "GSTIN 29ABCDE1234F1Z5", "Total  Rs. 185.00"], "ocr").fields.currency, "INR");
  const brazilian = extractFromText(
    ["VGS COMERCIO", "DANFE", "da Nota Fiscal", "Valor total da nota  15.799,00"],
    "ocr",
  );
  t.is(brazilian.fields.currency, "BRL");
});

test("Nepal's date in its own calendar ('Miti: 21/03/2081', 5 July 2024) tells the order of the Gregorian one beside it", (t) => {
  const receipt = (miti: string) =>
    extractFromText(
      ["Khileshwori Trading Pvt. Ltd.", "VAT No. : 610282856", "Date: 07/05/2024", miti, "Net Amount : 185.00"],
      "ocr",
    );
  // Before, the other calendar's day (21 > 12) was taken for the Gregorian date's witness of day first: 7 May.
  for (const miti of ["Miti  : 21/03/2081", "Mit: 21/03/2081", "Miti: 2081/03/21"])
    t.is(receipt(miti).fields.invoiceDate, "2024-07-05", miti);
  // 24 Baisakh 2081 is 6 May: the same print is day first, 7 May being near it and 5 July not.
  t.is(receipt("Miti: 24/01/2081").fields.invoiceDate, "2024-05-07");
  // German's "mit" before such a year is no label of Nepal's calendar.
  const german = ["Muster GmbH", "Rechnung", "Datum: 07/05/2024", "gültig mit 21/03/2081", "Gesamtbetrag  185,00 EUR"];
  t.is(extractFromText(german, "pdf-text").fields.invoiceDate, "2024-05-07");
  // A Gregorian date that tells its own order keeps it.
  const plain = extractFromText(["SAATHIMART", "Date: 13/05/2024", "Miti: 31/01/2081", "Total 185.00"], "ocr");
  t.is(plain.fields.invoiceDate, "2024-05-13");
});

test("a Finnish receipt's benefits' total ('PLUSSA-EDUT YHTEENSÄ') is not the bill's", (t) => {
  const read = extractFromText(
    [
      "K-Supermarket Vieremä",
      "Y-tunnus: 1811796-0",
      "Pirkka graavikirjolohi 150g       5,49",
      "YHTEENSÄ                     12,86",
      "PLUSSA-EDUT YHTEENSÄ            0,55",
    ],
    "ocr",
  );
  t.is(read.fields.totalAmount, "12.86");
});

test("a name OCR read without its spaces is no surer than an uncorroborated one", (t) => {
  // A second eye's reading of a Turkish e-archive invoice, its words run together.
  const lines = [
    "SENGONULTAVUKCULUKGIDASAN.TIC.LTD.STI",
    "SERIFALI MAH.CETIN CAD.ADIL SOK.NO:8KapINo:",
    "UMRANIYE/ ISTANBUL",
    "Tel:02165277783Fax:",
    "WebSitesi:info@sengonultavukculuk.com",
    "E-Posta:info@sengonultavukculuk.com",
    "Vergi Dairesi: BEStKTAS",
    "VKN:8060013931",
    "MERSISNO:0806001393100012",
    "e-Arsiv Fatura",
    "SAYIN",
    "ERKET URUNLERI GIDA PAZ.SAN.VE TIC.LTD.ST1  Ozellestirme No: TR1.2",
    "MIMAR SINANMAH.CAVUSDERE CAD.LUTFIYEAPT33A  Senaryo:  EARSIVFATURA",
    "OSKUDAR/ISTANBUL  Fatura Tipi:  SATIS",
    "Web Sitesi:  Fatura No:  BC72023000001051",
    "E-Posta: erkan_acar@hotmail.com  Fatura Tarihi:  10-11-2023",
    "Vergiler Dahil Toplam Tutar  2.092,66TL",
    "OdenecekTutar  2.092,66TL",
  ];
  const read = extractFromText(lines, "ocr");
  t.is(read.fields.supplierName, "SENGONULTAVUKCULUKGIDASAN.TIC.LTD.STI");
  t.true((read.fieldConfidence.supplierName ?? 1) <= 0.75);
});

test("Korea's bracketed company form names a company, before or after its name", (t) => {
  for (const name of ["(주)메가마트 수원점", "메가마트(주) 수원점"]) {
    const read = extractFromText(["영수증", name, "2026/02/23 21:07", "합계 49,800원"], "ocr");
    t.is(read.fields.supplierName, name);
    t.true((read.fieldConfidence.supplierName ?? 0) > 0.6);
  }
});

test("Indonesia's rupiah after its amount, and its VAT's base (DPP) on a minimarket's receipt, name the rupiah", (t) => {
  const fuel = extractFromText(
    ["SHELL TANJUNG BARAT", "06/07/25        08:59:45", "Fuel Type SUPER", "Amount    30000. Rp", "Rate  : 12810. Rp"],
    "ocr",
  );
  t.is(fuel.fields.currency, "IDR");
  const shop = extractFromText(
    ["ALFAMART DURI KOSAMBI", "TOTAL BELANJA    38,400", "TUNAI   50,000", "PPN    : DPP= 40,218 PPN= 4,826"],
    "ocr",
  );
  t.is(shop.fields.currency, "IDR");
  t.is(shop.fields.totalAmount, "38400");
});

test("a Thai receipt English OCR reads: its abbreviated tax invoice, its baht's name or its Buddhist era's year names the baht", (t) => {
  const abb = extractFromText(
    ["CENTRAL WORLD", "-TAX INVOICE(ABB =", "DATE 02/11/2568 8.00", "Receipt No: 2064PR1112025/00047", "Total  890.00"],
    "ocr",
  );
  t.is(abb.fields.currency, "THB");
  t.is(abb.fields.invoiceDate, "2025-11-02");
  const baht = extractFromText(["Cafe Amazon", "TAX ID : 0523560000723", "NET BAHT      60.00"], "ocr");
  t.is(baht.fields.currency, "THB");
  const era = extractFromText(["Cafe Amazon", "Date: 27/11/2566 10:57", "NET      60.00"], "ocr");
  t.is(era.fields.currency, "THB");
  // A Gregorian year names no country.
  t.is(extractFromText(["Cafe Amazon", "Date: 27/11/2023 10:57", "NET      60.00"], "ocr").fields.currency, null);
});

test("India's GST parts ('CGST', 'SGST2.5') mark its bills: no currency printed is the rupee, '¥' OCR's rupee sign", (t) => {
  const bill = extractFromText(
    ["Bharti Airtel Limited", "Bill Date 18 Aug 2023", "CGST  SGST/UTGST", "Amount Payable  500.49"],
    "pdf-text",
  );
  t.is(bill.fields.currency, "INR");
  const slip = extractFromText(
    ["SPICE HEAVEN", "Sub Total   808.80", "SGST2.5 2.5%   20.22", "Grand Total ¥ 849.24"],
    "ocr",
  );
  t.is(slip.fields.currency, "INR");
  // GST alone is many countries' tax.
  t.is(extractFromText(["Shop Sdn Bhd", "GST 6%   1.20", "Total  21.20"], "ocr").fields.currency, "MYR");
});

test("a page that labels two numbers ('Receipt #2040576', 'Invoice Number: REG09516240') is not sure which is the bill's", (t) => {
  const lines = [
    "RECEIPT",
    "KELOWNA FLOWER GARDEN ENTERPRISES  Receipt #2040576",
    "Submission Date & Time:  October 31, 2025 at 11:33 am Pacific time",
    "Name Request fee  -  2025-10-31  $30.00  $1.50 $0.00  $31.50",
    "TOTAL AMOUNT :  $30.00  $1.50 $0.00  $31.50",
    "Payment Method: Credit Card",
    "Invoice Number: REG09516240",
  ];
  const read = extractFromText(lines, "pdf-text");
  t.is(read.fields.invoiceNumber, "2040576");
  t.true((read.fieldConfidence.invoiceNumber ?? 1) < 0.9);
  // The same number labelled twice is one number, as sure as before.
  const twice = extractFromText(["ACME LTD", "Invoice No: 4711", "Total  10.00", "Invoice No: 4711"], "pdf-text");
  t.is(twice.fieldConfidence.invoiceNumber, 0.9);
});
