// The reader's failure classes from issue 11, one bill each (texts written for these tests).
import { bestOfReadings, extractFromText } from "@apar/core/extraction";
import test from "ava";

test("the grand total wins over a later VAT summary row, a paid-up 'amount due' and a total of allowances", (t) => {
  const e = extractFromText(
    [
      "Harbour Tools Ltd",
      "Invoice No: HT-5531   Invoice Date: 14/02/2025",
      "Subtotal  1,000.00",
      "VAT 20%  200.00",
      "Grand Total  1,200.00",
      "Total of allowances  50.00",
      "VAT rate  Net  VAT  Total",
      "20%  1,000.00  200.00  1,200.00",
      "Tax total  200.00",
      "Amount paid  1,200.00",
      "Amount due  0.00",
      "Total items  3",
      "The total of this invoice is payable within 30 days of the invoice date, without deduction.",
    ],
    "pdf-text",
  );
  t.is(e.fields.totalAmount, "1200.00");
  t.is(e.fields.subTotal, "1000.00");
  t.is(e.fields.taxAmount, "200.00");
  t.true((e.fieldConfidence.totalAmount ?? 0) >= 0.9);
});

test("a total that subtotal + tax confirms beats a stronger-labelled one they do not", (t) => {
  const e = extractFromText(
    ["Zwischensumme  100,00 €", "MwSt. 19 %  19,00 €", "Summe  119,00 €", "Gesamtbetrag der Abschläge  10,00 €"],
    "pdf-text",
  );
  t.is(e.fields.totalAmount, "119.00");
});

test("German grand-total labels and 'Rechnung Nr.'; a VAT id is never the tax amount", (t) => {
  const e = extractFromText(
    [
      "Kranich Metallbau GmbH - Hafenstraße 40 - D-63571 Gelnhausen",
      "USt.-Id.-Nr.: DE123456789",
      "Teilrechnung (875) Nr. 77-2025 vom 03.06.2025",
      "Nettobetrag  1.000,00",
      "Umsatzsteuer 19 %  190,00",
      "Bruttosumme  1.190,00",
      "Erhaltene Anzahlungen  500,00",
      "Zahlbetrag  690,00",
    ],
    "pdf-text",
  );
  t.is(e.fields.totalAmount, "1190.00");
  t.is(e.fields.taxAmount, "190.00");
  t.is(e.fields.invoiceNumber, "77-2025");
  t.is(e.fields.invoiceDate, "2025-06-03");
  t.is(e.fields.supplierName, "Kranich Metallbau GmbH");
});

test("Dutch labels", (t) => {
  const e = extractFromText(
    [
      "Van Dijk Installatietechniek B.V.",
      "Factuurnummer: 2025-0412",
      "Factuurdatum: 12-05-2025",
      "Vervaldatum: 11-06-2025",
      "Factuur aan:",
      "Bakkerij de Molen",
      "Subtotaal  € 250,00",
      "BTW 21%  € 52,50",
      "Totaal incl. BTW  € 302,50",
    ],
    "pdf-text",
  );
  t.like(e.fields, {
    supplierName: "Van Dijk Installatietechniek B.V.",
    invoiceNumber: "2025-0412",
    invoiceDate: "2025-05-12",
    dueDate: "2025-06-11",
    totalAmount: "302.50",
  });
});

test("accented labels match: Échéance and Facturé à", (t) => {
  const e = extractFromText(
    [
      "Facturé à :  Bâtiments Lemoine",
      "Facture N° FA-9001",
      "Date de facture : 02/03/2025",
      "Échéance : 01/04/2025",
      "Total TTC  240,00 €",
    ],
    "pdf-text",
  );
  t.is(e.fields.dueDate, "2025-04-01");
  t.is(e.fields.invoiceDate, "2025-03-02");
  t.not(e.fields.supplierName, "Bâtiments Lemoine");
});

test("supplier: legal forms such as Sdn Bhd; the buyer's column is skipped; 'as' and 'co' are words, not forms", (t) => {
  const receipt = extractFromText(
    [
      "SYARIKAT PERNIAGAAN JAYA SDN BHD",
      "(123456-X)",
      "NO 12, JALAN MAJU",
      "TOTAL  RM 12.50",
      "CASH  20.00",
      "CHANGE  7.50",
    ],
    "ocr",
  );
  t.is(receipt.fields.supplierName, "SYARIKAT PERNIAGAAN JAYA SDN BHD");
  t.is(receipt.fields.totalAmount, "12.50");
  const twoColumns = extractFromText(
    [
      "INVOICE",
      "Bill To:                      From:",
      "Pellworm Shipping Ltd         Oakridge Design Ltd",
      "such as co-working space",
      "Total  £90.00",
    ],
    "pdf-text",
  );
  t.is(twoColumns.fields.supplierName, "Oakridge Design Ltd");
  const columns = extractFromText(
    [
      "Oakridge Design Ltd            Bill To:",
      "4 Mill Lane                    Pellworm Shipping Ltd",
      "Total  £90.00",
    ],
    "pdf-text",
  );
  t.is(columns.fields.supplierName, "Oakridge Design Ltd");
});

test("OCR: a decimal split by a space is joined", (t) => {
  const e = extractFromText(["KEDAI RUNCIT ANEKA ENTERPRISE", "TOTAL  RM 39. 80"], "ocr");
  t.is(e.fields.totalAmount, "39.80");
});

test("dates: 'Invoice Date' beats an earlier bare 'Date'; the day/month order comes from the document", (t) => {
  const e = extractFromText(
    ["Date: 01/02/2025", "Invoice Date: 03/02/2025", "Due Date: 20/02/2025", "Total Due  $50.00"],
    "pdf-text",
  );
  // 20/02 can only be day first, so the whole bill reads day first although it is in dollars.
  t.is(e.fields.invoiceDate, "2025-02-03");
  t.is(e.fields.dueDate, "2025-02-20");
  const us = extractFromText(["Invoice Date: 03/02/2025", "Due Date: 03/25/2025", "Total Due  $50.00"], "pdf-text");
  t.is(us.fields.invoiceDate, "2025-03-02");
});

test("OCR: a total one confused digit from subtotal + tax is repaired, with less than full confidence", (t) => {
  // 8 read as 3 in the total: 1,000.00 + 180.00 is 1,180.00, read "1,130.00".
  const slip = extractFromText(["Subtotal  1,000.00", "VAT 18 %  180.00", "Grand total  1,130.00"], "ocr");
  t.is(slip.fields.totalAmount, "1180.00");
  const conf = slip.fieldConfidence.totalAmount ?? 0;
  t.true(conf >= 0.8 && conf < 0.95);
  // A lost decimal mark: "3980" for 39.80.
  const mark = extractFromText(["Subtotal  33.44", "Tax  6.36", "TOTAL  3980"], "ocr");
  t.is(mark.fields.totalAmount, "39.80");
  // The subtotal is the slip (180.00 read "130.00"): the printed total stands and the subtotal is repaired.
  const sub = extractFromText(["Subtotal  130.00", "VAT  19.00", "Total  199.00"], "ocr");
  t.is(sub.fields.totalAmount, "199.00");
  t.is(sub.fields.subTotal, "180.00");
  // A tax read as a bare "1" repairs nothing: 465.00 + 1 is not taken for a misread 460.00.
  const stray = extractFromText(["Subtotal  465.00", "VAT  1", "Total  460.00"], "ocr");
  t.is(stray.fields.totalAmount, "460.00");
  // Nothing one slip apart: the printed total stands, unconfirmed.
  const none = extractFromText(["Subtotal  100.00", "VAT  19.00", "Total  150.00"], "ocr");
  t.is(none.fields.totalAmount, "150.00");
  t.true((none.fieldConfidence.totalAmount ?? 1) < 0.9);
});

test("due date: 'Bitte überweisen Sie bis zum' names the day the bill is due", (t) => {
  const transfer = extractFromText(
    ["Rechnung Nr. 4711", "Rechnungsdatum: 29.10.2015", "Bitte überweisen Sie bis zum 19.11.2015."],
    "pdf-text",
  );
  t.is(transfer.fields.dueDate, "2015-11-19");
});

test("several labelled amounts on one line are read each with its own label", (t) => {
  const e = extractFromText(
    [
      "Factuur",
      "Wouters Dakwerken BVBA",
      "Kerkstraat 12, 9000 Gent",
      "Totaal bedrag excl. BTW  €  40,00",
      "Machtiging EBE5512/01  Totaal bedrag BTW  €  8,40  Totaal bedrag incl. BTW  €  48,40",
    ],
    "pdf-text",
  );
  t.like(e.fields, {
    totalAmount: "48.40",
    taxAmount: "8.40",
    subTotal: "40.00",
    supplierName: "Wouters Dakwerken BVBA",
  });
});

test("supplier: the name the sender's web site or footer e-mail names beats a legal form in the address window", (t) => {
  const e = extractFromText(
    [
      "Invoice 5120",
      "Northwind Holding Corporation  LUMEN WERKE",
      "Quay Street 4  Ringstraße 8",
      "Subtotal  100.00",
      "VAT 19%  19.00",
      "Total  119.00",
      "Questions: billing@lumen-werke.com  Phone 0800 123",
    ],
    "pdf-text",
  );
  t.is(e.fields.supplierName, "LUMEN WERKE");
  // An e-mail address high on the page is as often the buyer's contact: it is no evidence.
  const buyerMail = extractFromText(
    ["Northwind Holding Corporation  LUMEN WERKE", "contact: anna@lumen-werke.com", "x", "y", "z", "Total 5.00"],
    "pdf-text",
  );
  t.is(buyerMail.fields.supplierName, "Northwind Holding Corporation");
});

test("dates: a letter's place and date ('München, den 01.11.2024') beats a printing date at the foot", (t) => {
  const e = extractFromText(
    [
      "Kranich Leasing GmbH",
      "Rechnungsnummer:  4410",
      "München, den  01.11.2024",
      "Summe gesamt  447,88",
      "Datum:  30.10.2024  Zeit: 04:59:13  Seite: 1",
    ],
    "pdf-text",
  );
  t.is(e.fields.invoiceDate, "2024-11-01");
});

test("supplier from OCR: a garbled buyer heading still marks the buyer's block; '+' parts a sender line", (t) => {
  const e = extractFromText(
    [
      "Handelsrechnung (380) Nr. 99877 vom 30.05.2026",
      "Verkdufer",
      "Name:                         Lindenhof Werkstatt AG",
      "Kiufer/Leistungsempfinger",
      "Name:                         Kastanie Logistik GmbH",
      "Abweichender Warenempfinger",
      "Name:                         Kastanie Logistik GmbH",
      "Gesamtbetrag  119,00",
    ],
    "ocr",
  );
  t.is(e.fields.supplierName, "Lindenhof Werkstatt AG");
  const envelope = extractFromText(
    [
      "Birch Supply Company + 12 Birch St - Suite 3 - 12345 Birchton",
      "Oak Retail Company                         Invoice Number:   OR-1",
      "Total  10.00",
      "Birch Supply Company",
    ],
    "ocr",
  );
  t.is(envelope.fields.supplierName, "Birch Supply Company");
});

test("due date: with a cash discount, the day the whole amount is due ('ohne Abzug') beats the discount day", (t) => {
  const e = extractFromText(
    [
      "Rechnung Nr. 4471 vom 10.04.2026",
      "Zahlungsbedingungen",
      "Beschreibung  Fälligkeit  Teilzahlung",
      "Bis zum 20.04.2026 erhalten Sie 2,000 % Skonto",
      "Bis zum 30.04.2026 ohne Abzug  30.04.2026",
      "Gesamtbetrag  119,00",
    ],
    "pdf-text",
  );
  t.is(e.fields.dueDate, "2026-04-30");
  t.is(e.fields.invoiceDate, "2026-04-10");
});

test("receipts from OCR: a time is no money, a tax that lost its decimal mark still confirms the total", (t) => {
  const paid = extractFromText(
    [
      "| Paid Time 14/01/2018 (Sn) 13:41",
      "Paying Fee     Rate A      RM4.00",
      "| Total o. op R4.00",
      "Hl       Paid       RM4.00",
      "|        Change     RM0.00",
    ],
    "ocr",
  );
  t.is(paid.fields.totalAmount, "4.00");
  const lostMark = extractFromText(
    [
      "Total Sales (Excluding GST)     89.50",
      "Total GST    537",
      "Total Sales (Inclusive of GST) :       94.87",
      "CASH :   84.87",
      "Change :    0.00",
    ],
    "ocr",
  );
  t.like(lostMark.fields, { totalAmount: "94.87", subTotal: "89.50", taxAmount: "5.37" });
  // Repaired, not read as printed: sure enough to show, not enough to pass without a look.
  t.true((lostMark.fieldConfidence.totalAmount ?? 0) < 0.9);
});

test("receipts from OCR: the name before a company number, a legal form on its own line, noise around a name", (t) => {
  const registered = extractFromText(
    [
      "J eR Wy pe",
      "SUSHI CORNER - MAHKOTA",
      "KAZE SUSHI SDN. BHD. (1248446-V)",
      "NO: 1-1&2 GROUND FLOOR,",
      "TOTAL: 5.00",
    ],
    "ocr",
  );
  t.is(registered.fields.supplierName, "KAZE SUSHI SDN. BHD.");
  const split = extractFromText(
    ["MERANTI BOOKS", "~", "CO. (M) SDN BHD", "(Co. No. 113825-W)", "No 8, Jalan 7/1188", "TOTAL: 5.00"],
    "ocr",
  );
  t.is(split.fields.supplierName, "MERANTI BOOKS CO. (M) SDN BHD");
  const noisy = extractFromText(
    ["~~ L TWO FLORIST & HANDICRAFT -", "002062543-P", "NO. 49, JALAN MAHAGONI 7/2,", "CASH, 8", "TOTAL: 5.00"],
    "ocr",
  );
  t.is(noisy.fields.supplierName, "L TWO FLORIST & HANDICRAFT");
});

test("receipts from OCR: 'Tatal'/'Totsl' read as Total, the total after rounding wins, receipt date forms", (t) => {
  const e = extractFromText(
    [
      "ORD #18 -REG #19- 21/03/2018 19:53:23",
      "SubTatal:          185.00",
      "Totsl Sales Incl. GST             48.93",
      "Rounding Adjustment                0.02",
      "Total After Rounding              48.95",
    ],
    "ocr",
  );
  t.is(e.fields.totalAmount, "48.95");
  t.is(e.fields.invoiceDate, "2018-03-21");
  t.is(extractFromText(["30 Dec 17 18:40:37", "Total  5.00"], "ocr").fields.invoiceDate, "2017-12-30");
  t.is(extractFromText(["Date: 2018/02/22 13:34:14", "Total  5.00"], "ocr").fields.invoiceDate, "2018-02-22");
  // A word one letter from "total" that is another word stays itself.
  t.is(extractFromText(["Metal 5.00"], "ocr").fields.totalAmount, null);
});

test("no grand total read, but the amount due and a prepayment: their sum is the total, at low confidence", (t) => {
  const e = extractFromText(
    [
      "FACTURE N° F-77",
      "TOTAL HT   TOTAL TVA   TOTAL TTC",
      "100,00   20,00",
      "Acompte :   20,00",
      "Date d'échéance :   02/03/2022   NET A PAYER   100,00 EUR",
    ],
    "ocr",
  );
  t.is(e.fields.totalAmount, "120.00");
  t.true((e.fieldConfidence.totalAmount ?? 0) < 0.7);
  // A grand total that is printed wins: the sum is only for when there is none.
  const printed = extractFromText(["Total TTC  120,00", "Acompte :  20,00", "Net à payer  100,00"], "pdf-text");
  t.is(printed.fields.totalAmount, "120.00");
});

test("invoice number from OCR: a stray character before the number is skipped, a one-digit number kept", (t) => {
  const stray = extractFromText(["LOGO  FACTURE N° 3          F20220024", "Total TTC  12,00"], "ocr");
  t.is(stray.fields.invoiceNumber, "F20220024");
  const short = extractFromText(["Invoice No. 7      31/01/2022", "Total  12.00"], "pdf-text");
  t.is(short.fields.invoiceNumber, "7");
});

test("receipt dates: 'Change Due' is no due-date label, month names between slashes, an OCR'd year 2618", (t) => {
  const e = extractFromText(["24 Mar 18 09:12:41 PM", "TOTAL  7.45", "Change Due    0.05", "CLOSED 24 Mar 18"], "ocr");
  t.is(e.fields.invoiceDate, "2018-03-24");
  t.is(e.fields.dueDate, null);
  t.is(extractFromText(["CB# : 5327 02/Jan/2017 10:49:25"], "ocr").fields.invoiceDate, "2017-01-02");
  t.is(extractFromText(["12-02-2618     11:34:45 AM"], "ocr").fields.invoiceDate, "2018-02-12");
});

test("supplier from OCR: footer greetings, a company-number label and a garbled title are no names", (t) => {
  const e = extractFromText(
    ["TAX ThUBICE", "Company Reg No. 754853", "Thank You", "Visit us online", "Lantern Crafts", "TOTAL 5.00"],
    "ocr",
  );
  t.is(e.fields.supplierName, "Lantern Crafts");
});

test("confidence: subtotal + tax agree, but a rounding line or a later total the cash matches leaves the payable open", (t) => {
  const rounded = extractFromText(
    [
      "Total Sales (Excluding GST) :   96.00",
      "Total GST    5.76",
      "Rounding :   -0.01",
      "Total Sales (Inclusive of GST)  101.76",
      "CASH :  101.75",
      "Change    0.00",
    ],
    "ocr",
  );
  // What was paid, rounded to five cents, is the payable amount.
  t.is(rounded.fields.totalAmount, "101.75");
  t.true((rounded.fieldConfidence.totalAmount ?? 0) < 0.9);
  const later = extractFromText(
    [
      "Total (Excluding GST):   36.00",
      "GST 0%   0.00",
      "Total (Inclusive of GST):   36.00",
      "TOTAL:   38.00",
      "CASH   38.00",
    ],
    "ocr",
  );
  t.true((later.fieldConfidence.totalAmount ?? 0) < 0.9);
  const plain = extractFromText(
    [
      "Total Sales (Excluding GST) :   96.00",
      "Total GST    5.76",
      "Rounding :   0.00",
      "Total Sales (Inclusive of GST)  101.76",
    ],
    "ocr",
  );
  t.true((plain.fieldConfidence.totalAmount ?? 0) >= 0.9);
});

test("receipts: a net total or subtotal alone, a card payment, 'Amount To Be Paid' and 'Final Total' give the total", (t) => {
  const net = extractFromText(["FIVE STAR CASH & CARRY", "NET TOTAL :    45.00", "Thank you"], "ocr");
  t.is(net.fields.totalAmount, "45.00");
  // Made up from a subtotal line: never confirmed by it.
  t.true((net.fieldConfidence.totalAmount ?? 0) < 0.9);
  const card = extractFromText(["1 SR 866406112206 YT  63.80", "Master Card                   63.80"], "ocr");
  t.is(card.fields.totalAmount, "63.80");
  t.true((card.fieldConfidence.totalAmount ?? 0) < 0.9);
  t.is(
    extractFromText(["Rounding Adjustment: -0.02", "Amount To Be Paid :   25.45"], "ocr").fields.totalAmount,
    "25.45",
  );
  t.is(
    extractFromText(["Total Inc. 687 6%:   765.60", "Final Total   :   362.50"], "ocr").fields.totalAmount,
    "362.50",
  );
});

test("receipts: the amount after rounding is the one paid; a total without cents beside ones with them is suspect", (t) => {
  const nett = extractFromText(
    ["Total Amount: RM7.72", "GST @0%: RM0.00", "Rounding: -RM0.02", "Nett Total: RM7.70", "CASH   RM7.70"],
    "ocr",
  );
  t.is(nett.fields.totalAmount, "7.70");
  t.true((nett.fieldConfidence.totalAmount ?? 0) < 0.9);
  const underRounding = extractFromText(
    ["Total Sales (Inclusive GST) RH 45.34", "Rounding Adjustment RN   .01", "Rounding RM 45.35", "CREDIT RM 45.35"],
    "ocr",
  );
  t.is(underRounding.fields.totalAmount, "45.35");
  const noise = extractFromText(
    ["Total Sales Inclusive GST @6%   9.30", "Total   9.30", 'Final Total ~~ "a30', "CASH   50.00", "CHANGE   40.70"],
    "ocr",
  );
  t.is(noise.fields.totalAmount, "9.30");
});

test("supplier on receipts: 'SDN BID' as OCR reads SDN BHD is a legal form; an owner named under 'Owned By' is not the name", (t) => {
  const ocrForm = extractFromText(
    ["GARDENIA BAKERIES (KL) SDN BID (139386 X)", "Lot 3, Jalan 1", "MAKASSAR FRESH MARKET", "TOTAL 5.00"],
    "ocr",
  );
  t.is(ocrForm.fields.supplierName, "GARDENIA BAKERIES (KL) SDN BID");
  const owned = extractFromText(
    ["KENANGA STATIONERY SHOP", "NO. 31G, JALAN SETIA", "Owned By :", "KENANGA SUPPLY SDN BHD", "TOTAL 5.00"],
    "ocr",
  );
  t.is(owned.fields.supplierName, "KENANGA STATIONERY SHOP");
  // "Change Due" is handed back, not an amount due.
  t.is(extractFromText(["Total:   17.22", "Payment   20.00", "Change Due   2.78"], "ocr").fields.totalAmount, "17.22");
});

test("receipts: a total one cent from the rounded one, a total after the rounding line, gross and net amounts", (t) => {
  const cent = extractFromText(["Total Amount: RM8.19", "Rounding: RM0.01", "Nett Total: RM8.20"], "ocr");
  t.is(cent.fields.totalAmount, "8.20");
  const after = extractFromText(
    ["Total (Inclusive of GST):   65.72", "Rounding Adj:   -0.02", "TOTAL. :   65.70", "CASH :   65.70"],
    "ocr",
  );
  t.is(after.fields.totalAmount, "65.70");
  // Each label and amount a box of its own, as a receipt's OCR gives them ("ROUNDING ADJ:" over "-0.02" in its
  // lines), and a tax summary under them whose rows the boxes pair: the adjustment is read where the lines print it.
  const boxes = (
    [
      ["TOTAL (EXCLUDING GST):", 89, 1173, 329],
      ["62.00", 611, 1178, 78],
      ["GST PAYABLE:", 85, 1212, 182],
      ["3.72", 627, 1213, 61],
      ["TOTAL (INCLUSIVE OF GST):", 89, 1248, 372],
      ["65.72", 614, 1252, 75],
      ["ROUNDING ADJ:", 87, 1285, 198],
      ["-0.02", 613, 1290, 77],
      ["TOTAL :", 91, 1323, 169],
      ["65.70", 539, 1325, 148],
      ["CLOSED: 1", 86, 1397, 138],
      ["28-04-2018", 372, 1398, 154],
      ["21:08:20", 565, 1399, 125],
      ["SERVER: 113 CASHIER", 87, 1434, 287],
      ["CASH :", 88, 1470, 87],
      ["65.70", 612, 1474, 77],
      ["GST SUMMARY", 88, 1546, 165],
      ["AMOUNT(RM)", 388, 1547, 148],
      ["TAX(RM)", 584, 1545, 103],
      ["SR", 86, 1583, 34],
      ["(@ 6%)", 238, 1582, 88],
      ["62.00", 462, 1583, 78],
      ["3.72", 628, 1585, 59],
      ["**** THANK YOU ****", 238, 1695, 286],
    ] as const
  ).map(([text, x, y, width]) => ({ text, x, y, width, height: 32, page: 1 }));
  const under = extractFromText(
    boxes.map((b) => b.text),
    "ocr",
    {},
    boxes,
  );
  t.is(under.fields.totalAmount, "65.70");
  t.true((under.fieldConfidence.totalAmount ?? 0) < 0.9);
  // A rounding label alone over an amount too large to be an adjustment: that amount is the total after rounding.
  const roundedUnder = extractFromText(
    ["KEDAI MAKAN SDN BHD", "Total Sales (Inclusive GST)   65.72", "Rounding", "65.70", "Thank you"],
    "ocr",
  );
  t.is(roundedUnder.fields.totalAmount, "65.70");
  t.is(extractFromText(["TTT GrossAmt: 36.00", "Received   36.00"], "ocr").fields.totalAmount, "36.00");
  t.is(extractFromText(["Net Amt:    136.00", "SR @ 0%   136.00   0.00"], "ocr").fields.totalAmount, "136.00");
  t.is(
    extractFromText(["Pay parking ticket 5.00", "Amount Incl. GST     5.00", "Cash   10.00"], "ocr").fields.totalAmount,
    "5.00",
  );
});

test("receipt dates: a month glued to its year, a time glued after the year, a phone number is no date", (t) => {
  t.is(extractFromText(["03 Apr2018 18:33", "Total 5.00"], "ocr").fields.invoiceDate, "2018-04-03");
  t.is(extractFromText(["Date:     21/05/2018Time:  11:12:56AM"], "ocr").fields.invoiceDate, "2018-05-21");
  const phone = extractFromText(["Tel. : 05.22.95.66.66", "le 30/03/2018 a 12:36"], "ocr");
  t.is(phone.fields.invoiceDate, "2018-03-30");
});

test("receipts: 'Inclusive' as OCR misreads it, 'Total Sales ... GST' is a total, 'Total includes 6% GST' names the tax", (t) => {
  const e = extractFromText(
    [
      "Eat-In Total (incl GST)   29.26",
      "Total Rounded   29.30",
      "Cash Tendered   50.00",
      "TOTAL INCLUDES 6% GST   1.66",
    ],
    "ocr",
  );
  t.is(e.fields.totalAmount, "29.30");
  t.is(extractFromText(["Total Sales Inciucive GST :   18.00"], "ocr").fields.totalAmount, "18.00");
  t.is(extractFromText(["Total Seles Inclcive GST @8% 28.40", "Total GST  2.10"], "ocr").fields.totalAmount, "28.40");
});

test("receipts: cash paid with no change printed, rounded to five cents, is the payable amount after rounding", (t) => {
  const e = extractFromText(
    ["Total (Excluding GST):   26.60", "GST Payable:   1.76", "Total (Inclusive of GST):   31.02", "CASH :   31.00"],
    "ocr",
  );
  t.is(e.fields.totalAmount, "31.00");
  t.true((e.fieldConfidence.totalAmount ?? 0) < 0.9);
  // Tendered in round notes: far from the total, not a rounding.
  t.is(extractFromText(["Total (Inclusive of GST):   31.02", "CASH :   50.00"], "ocr").fields.totalAmount, "31.02");
});

test("receipts: two total labels printing the same amount outweigh one stronger label that OCR garbled", (t) => {
  const e = extractFromText(
    ["Total Sales Inclusive GST @6%   16.50", "Total   16.50", "Round Adj   0.00", "Final Total  SN 15 50"],
    "ocr",
  );
  t.is(e.fields.totalAmount, "16.50");
});

test("receipts: a zero total beside amounts that are not is a misreading; with no label at all, what was paid stands in", (t) => {
  const zero = extractFromText(["Sub Total                     RM40.00", "Total   0.00", "Thank you"], "ocr");
  t.is(zero.fields.totalAmount, "40.00");
  const paid = extractFromText(["PPF            P1 1.000       6 6.00", "CASH            RM 6.00"], "ocr");
  t.is(paid.fields.totalAmount, "6.00");
  t.true((paid.fieldConfidence.totalAmount ?? 0) < 0.9);
  // A credit note's zero is still read when nothing else is printed.
  t.is(extractFromText(["Total  0.00"], "pdf-text").fields.totalAmount, "0.00");
});

test("supplier on receipts: a registered owner under 'Owned By' still loses to the trading name; a branch in brackets joins", (t) => {
  const owned = extractFromText(
    [
      "KENANGA STATIONERY SHOP",
      "NO. 31G, JALAN SETIA",
      "Owned By :",
      "KENANGA SUPPLY SDN BHD (1135772-K)",
      "TOTAL 5.00",
    ],
    "ocr",
  );
  t.is(owned.fields.supplierName, "KENANGA STATIONERY SHOP");
  const branch = extractFromText(["PASAR RAYA MEGA MAJU", "(SEMENYIH) SDN BHD", "(1234567-X)", "TOTAL 5.00"], "ocr");
  t.is(branch.fields.supplierName, "PASAR RAYA MEGA MAJU (SEMENYIH) SDN BHD");
});

test("a statement without total labels: the VAT summary row's net + tax = gross is the total, weakly", (t) => {
  const e = extractFromText(
    [
      "Tankstelle Nord  Menge  Netto  USt.  Brutto",
      "Diesel  64,000  23.110  6.329  29.769",
      "Diesel  56,810  21.096  5.775  26.871",
      "Forgalmiadó-statisztika:",
      "27,00 %  44.206  12.104  56.310",
      "Pénznem: HUF",
    ],
    "pdf-text",
  );
  t.is(e.fields.totalAmount, "56310");
  t.is(e.fields.subTotal, "44206");
  t.is(e.fields.taxAmount, "12104");
  t.true((e.fieldConfidence.totalAmount ?? 0) < 0.9);
  // Beside a labelled subtotal the row must print it: a line of item figures that happen to add up is no total.
  const items = extractFromText(["Widget  2.00  1.00  3.00", "Subtotal  9.50"], "pdf-text");
  t.is(items.fields.totalAmount, "9.50");
});

test("a VAT summary of several rates adds up to the total; gross-first rows and a summary's own total row count once", (t) => {
  // A receipt whose total label OCR lost: two rates' rows (net, tax, gross), the payment line agreeing with their sum.
  const twoRates = extractFromText(
    [
      "Markt am Weg",
      "BROT  0,99 C",
      "WEIN  6,48 D",
      "JU ZAHLEN EURO  7,47",
      "MWST  NETTO  MWST-BETRAG  BRUTTO",
      "C 7,00%  0,93  0,06  0,99",
      "D 19,00%  5,45  1,03  6,48",
    ],
    "ocr",
  );
  t.is(twoRates.fields.totalAmount, "7.47");
  t.is(twoRates.fields.subTotal, "6.38");
  t.is(twoRates.fields.taxAmount, "1.09");
  // Printed gross, net, tax.
  const grossFirst = extractFromText(
    ["Baumarkt Nord", "Holzkohle  13,78", "Steuer %  Brutto  Netto  Steuer", "A=19,00%  13,78  11,58  2,20"],
    "ocr",
  );
  t.is(grossFirst.fields.totalAmount, "13.78");
  // One rate's row and the summary's total row under it: the same amounts once, not twice.
  const withTotalRow = extractFromText(
    [
      "Dodavatel s.r.o.",
      "Sazba  Zaklad  DPH  Celkem",
      "Zakladni sazba 21%  5 500,00  1 155,00  6 655,00",
      "Celkem  5 500,00  1 155,00  6 655,00",
    ],
    "pdf-text",
  );
  t.is(withTotalRow.fields.totalAmount, "6655.00");
});

test("dates: a label naming the issuing beats another invoice date ('Rechnungserstellungsdatum' over 'Rechnungsdatum')", (t) => {
  const e = extractFromText(
    [
      "DKW Tankdienst GmbH",
      "Rechnungsnummer:  21/0042/7",
      "Rechnungsdatum:  30.09.2021",
      "Rechnungserstellungsdatum:  05.10.2021",
      "Gesamtbetrag  100,00 EUR",
    ],
    "pdf-text",
  );
  t.is(e.fields.invoiceDate, "2021-10-05");
  const en = extractFromText(["Invoice date: 01/03/2025", "Date of issue: 04/03/2025", "Total 10.00 GBP"], "pdf-text");
  t.is(en.fields.invoiceDate, "2025-03-04");
});

test("supplier: the name leading a footer line with a register entry is the registered sender", (t) => {
  const e = extractFromText(
    [
      "Rechnung",
      "Hafen Logistik GmbH",
      "Kaiserstraße 12",
      "60311 Frankfurt",
      "Rechnungsnummer: 4711",
      "Gesamtbetrag  100,00 EUR",
      "Tankdienst Süd GmbH + Co. KG, Allee 3, D-40882 Ratingen, Tel.: 02102 55180, Amtsgericht Ratingen HRA 4053",
    ],
    "pdf-text",
  );
  t.is(e.fields.supplierName, "Tankdienst Süd GmbH");
});

test("OCR: a name printed again with its accents misread still counts twice; 'réglement' names a due date", (t) => {
  const e = extractFromText(
    [
      "PACANO                                  FACTURE",
      "HOTEL  PARIS                            20/09/2023",
      "Société Hôtelière du Pacano",
      "2, rue de la Paix",
      "75000 Paris",
      "Atelier Lumen SARL",
      "27, Rue de Bassano",
      "75008 Paris",
      "Montant Total TTC  1.368,84 €",
      "Date limite de réglement : 19/10/2023",
      "Société Hoteliére du Pacano",
      "2, rue de la Paix — 75000 Paris",
    ],
    "ocr",
  );
  t.is(e.fields.supplierName, "Société Hôtelière du Pacano");
  t.is(e.fields.dueDate, "2023-10-19");
  t.is(e.fields.invoiceDate, "2023-09-20");
});

test("invoice number: words after it in its cell leave its extent open, so it stays below 0.9; its date does not", (t) => {
  const open = extractFromText(
    ["Kranich Metallbau GmbH", "Teilrechnung (875) Nr. 5501 mit LV vom 30.05.2026", "Gesamtbetrag  1.190,00 EUR"],
    "pdf-text",
  );
  t.is(open.fields.invoiceNumber, "5501");
  t.true((open.fieldConfidence.invoiceNumber ?? 0) < 0.9);
  for (const line of [
    "Teilrechnung (875) Nr. 5501 vom 30.05.2026 - RECHNUNG",
    "Rechnungsnummer:  5501  Rechnungsdatum: 30.05.2026",
    "Invoice No. 5501, page 1 of 2",
    "Facture n° 5501 du 30/05/2026",
  ]) {
    const whole = extractFromText(["Kranich Metallbau GmbH", line, "Gesamtbetrag  1.190,00 EUR"], "pdf-text");
    t.is(whole.fields.invoiceNumber, "5501", line);
    t.true((whole.fieldConfidence.invoiceNumber ?? 0) >= 0.9, line);
  }
});

test("due date: a table's first-column heading takes the date leading a row below, another column's line between", (t) => {
  const e = extractFromText(
    [
      "Factuur",
      "Nr.  4410021  Datum  21-04-2016",
      "BETALINGSINFORMATIE  BTW INFORMATIE  Totaal bedrag excl. BTW  €  31,00",
      "Vervaldatum  Bedrag  BTW grondslag  Perc.  BTW bedrag",
      "Totaal bedrag BTW  €  6,51",
      "28-04-2016  €  37,51  €  31,00  21 %  €  6,51",
    ],
    "pdf-text",
  );
  t.is(e.fields.dueDate, "2016-04-28");
  t.true((e.fieldConfidence.dueDate ?? 0) < 0.9);
  // Not a heading (a label in running text), or no date leading a row below: nothing is taken.
  const prose = extractFromText(
    ["Vervaldatum volgt per post", "Bedrag  BTW  Perc.", "28-04-2016  €  37,51"],
    "pdf-text",
  );
  t.is(prose.fields.dueDate, null);
});

test("supplier: a window envelope's sender line names the sender; the name under it in the window is the addressee", (t) => {
  const e = extractFromText(
    [
      "lindenblatt.io | Mühlweg 7 | 04109 Leipzig  lindenblatt.io",
      "Kastanie Handel AG  Mühlweg 7",
      "Gartenstraße 34  04109 Leipzig",
      "54321 Hithausen  Telefon: 0341 5566",
      "Rechnung RE2001",
      "Endsumme  119,00 €",
    ],
    "pdf-text",
  );
  t.is(e.fields.supplierName, "lindenblatt.io");
  // An address line on its own is no sender line: its first part is no name.
  const address = extractFromText(
    ["Kastanie Handel AG", "Gartenstraße 34 - Hof 2 - 04109 Leipzig", "Rechnung RE2001", "Endsumme  119,00 €"],
    "pdf-text",
  );
  t.is(address.fields.supplierName, "Kastanie Handel AG");
});

test("supplier: a legal-form name at the top that its own web site also names, with no near rival, reaches 0.9", (t) => {
  const lines = [
    "Brightwater Instruments Ltd",
    "12 Harbour Road, Bristol BS1 4QA",
    "Invoice No: BW-2207",
    "Northfield Clinic",
    "Subtotal  100.00",
    "VAT 20%  20.00",
    "Total  120.00",
  ];
  const alone = extractFromText(lines, "pdf-text");
  t.is(alone.fields.supplierName, "Brightwater Instruments Ltd");
  t.true((alone.fieldConfidence.supplierName ?? 0) < 0.9);
  const named = extractFromText([...lines, "www.brightwater-instruments.co.uk"], "pdf-text");
  t.is(named.fields.supplierName, "Brightwater Instruments Ltd");
  t.true((named.fieldConfidence.supplierName ?? 0) >= 0.9);
  // From OCR a name stays below 0.9 whatever names it: one misread letter cannot be noticed.
  const ocr = extractFromText([...lines, "www.brightwater-instruments.co.uk"], "ocr");
  t.true((ocr.fieldConfidence.supplierName ?? 0) < 0.9);
});

test("OCR: 'ü' read as 'li' or 'ii' still matches a label ('Bitte liberweisen Sie bis zum')", (t) => {
  const e = extractFromText(
    [
      "Rechnung Nr. 4471",
      "Rechnungsdatum: 29.10.2015",
      "Gesamtbetrag  119,00 EUR",
      "Bitte liberweisen Sie bis zum 19.11.2015.",
    ],
    "ocr",
  );
  t.is(e.fields.dueDate, "2015-11-19");
});

test("receipts: what was handed over is the 'Tendered' / 'Cash Received' line, not the cash payment's own line", (t) => {
  const e = extractFromText(
    [
      "Hazelnut Coco -L  1  7.50 SR",
      "Pearl  1  1.10",
      "Total Sales Incl GST @ 6% RM 8 60",
      "Cash  8.60",
      "Tendered  9.00",
      "Change  0.40",
    ],
    "ocr",
  );
  t.is(e.fields.totalAmount, "8.60");
  const received = extractFromText(
    ["Fried Rice 3 Pax  1  71.00(S)", "TOTAL  11.00", "Cash  71.00", "Cash Received  101,00", "Change  30.00"],
    "ocr",
  );
  t.is(received.fields.totalAmount, "71.00");
});

test("supplier on receipts: OCR's '§/B' and a lone 'Sdn' are legal forms; a company number is no noise; closing notices are no names", (t) => {
  const kings = extractFromText(
    ["LARK'S BAKERY §/B 273500-U (KSB)", "NO.41, JALAN SERI BINTANG 2", "TOTAL  25.15", "Cash  30.00", "Change  4.85"],
    "ocr",
  );
  t.is(kings.fields.supplierName, "LARK'S BAKERY §/B");
  const segi = extractFromText(
    [
      "Thank You, Please come again.",
      ". Goods Sold Are Not Returnable.",
      "Perdana Cash & Carry Sdn.ERhd",
      "PT17920, SEKSYEN U9,",
      "TOTAL  12.00",
    ],
    "ocr",
  );
  t.is(segi.fields.supplierName, "Perdana Cash & Carry Sdn.ERhd");
  const notice = extractFromText(
    ["pr. goods SOLD ARE NOT RETURNABLE, (HAHA", "SLP CASH & CARRY", "(H02107265-V)", "TOTAL  9.00"],
    "ocr",
  );
  t.is(notice.fields.supplierName, "SLP CASH & CARRY");
});

test("receipts: cash handed over with change back caps the price; signs and '000' on cash lines are noise; '.01' is cents", (t) => {
  // A total above the cash handed over, with change given back, is a misreading: the total the payment fits wins.
  const e = extractFromText(
    ["Total RM Incl. of GST  490.99", "Rounding Adj  0.01", "Total RH  41.00", "Cash  -51. 00", "CHANGE  10.00"],
    "ocr",
  );
  t.is(e.fields.totalAmount, "41.00");
  t.true((e.fieldConfidence.totalAmount ?? 0) < 0.9);
  // "CHANGE 000" is no change at all: the cash paid is the price when the total's reading lost its mark.
  const zero = extractFromText(["SUB-TOTAL 59.99", "TOTAL 633595", "CASH  63.35", "CHANGE 000"], "ocr");
  t.is(zero.fields.totalAmount, "63.35");
  // A rounding adjustment printed without its zero is cents, not one ringgit: the total after it is the paid one.
  const cents = extractFromText(["Grand Total  45.34", "Rounding Adj  .01", "Total  45.35"], "ocr");
  t.is(cents.fields.totalAmount, "45.35");
  // "CASH CHANGE" is the change: cash less it is the price where only net amounts are labelled.
  const net = extractFromText(
    ["SUBTOTAL :  43.90", "Total (Excluding GST)  41.42", "CASH  100.00", "CASH CHANGE  .  56.10"],
    "ocr",
  );
  t.is(net.fields.totalAmount, "43.90");
  // Cents after a mark OCR put for a digit ("RM&.50") are no amount: the labelled total stands.
  const misread = extractFromText(
    ["Total Amount: RM8.48", "Rounding: RM0.02", "Nett Total: RM8.50", "CASH  RM&.50", "Change  RM0.00"],
    "ocr",
  );
  t.is(misread.fields.totalAmount, "8.50");
});

test("supplier on receipts: a capitals name broken over two lines joins; 'CO REG NO' is a label; '{139386 X)' a company number", (t) => {
  const broken = extractFromText(
    ["NORTHERN COASTAL", "", "STATIONERY SDN. BHD", "CO REG NO : 21003B-K", "TOTAL  9.00"],
    "ocr",
  );
  t.is(broken.fields.supplierName, "NORTHERN COASTAL STATIONERY SDN. BHD");
  // Two words before the form are a whole name: the line above (a brand) is not joined to it.
  const whole = extractFromText(["FAMILYMART", "Maxincome Resources Sdn Bhd", "TOTAL  9.00"], "ocr");
  t.is(whole.fields.supplierName, "Maxincome Resources Sdn Bhd");
  const numbered = extractFromText(
    [
      'A "I ELE: TI Say UT',
      "KENANGA BAKERIES (KL) SON BHD {139386 X)",
      "Lot 3, Jalan Pelabur 23/1,",
      "40300 Shah Alam, Selangor.",
      "GST ID: 00038 1399040",
      "TAX INVOICE / ADJUSTMENT NOTE",
      "Cash Inv No.: 7817F7L2",
      "RIVERSIDE FRESH MARKET SON BHD",
      "TOTAL  9.00",
    ],
    "ocr",
  );
  t.is(numbered.fields.supplierName, "KENANGA BAKERIES (KL) SON BHD");
  // A bracket opened on one line and closed on the next: one name over three lines.
  const bracketed = extractFromText(
    ["TECK SENG HARDWARE", "ENTERPRISE (BUKIT", ":    JELUTONG) SDN BHD", "922737-Y", "TOTAL  9.00"],
    "ocr",
  );
  t.is(bracketed.fields.supplierName, "TECK SENG HARDWARE ENTERPRISE (BUKIT JELUTONG) SDN BHD");
  // "Owned By" with its first letters lost at the image's edge still names the owner, not the trading name.
  const owner = extractFromText(
    [
      "MERANTI STATIONERY SHOP",
      "NO. 31G, JALAN SETIA INDAH",
      "40170 SETIA ALAM",
      "ned By :",
      "MERANTI SUPPLY SDN BHD (1135772-K)",
      "TOTAL  9.00",
    ],
    "ocr",
  );
  t.is(owner.fields.supplierName, "MERANTI STATIONERY SHOP");
});

test("a line is cut before a second amount label only after money: 'GST @4X included in total' stays what the total includes", (t) => {
  const e = extractFromText(
    ["Total Incl. GST@6%  RM 3.30", "CASH  RM 3.30", "GST @4X included in total  RM 0.19"],
    "ocr",
  );
  t.is(e.fields.totalAmount, "3.30");
  const both = extractFromText(["Totaal bedrag BTW € 6,51  Totaal bedrag incl. BTW € 37,51"], "pdf-text");
  t.is(both.fields.totalAmount, "37.51");
});

test("receipts: OCR's 'GST Ine' / 'inci GST' still say inclusive; '26 . 50' is an amount; 'ROUNDING 4.00' far from any total is noise", (t) => {
  const due = extractFromText(
    ["Total ltams: 4", "Sub Total:  TTTTE1.00", "Total Due (GST Ine):  31.00", "Change.  20.00"],
    "ocr",
  );
  t.is(due.fields.totalAmount, "31.00");
  const inci = extractFromText(
    ["cat-Tn Total (inci GST)  11,10", "Total Rounded  11.10", "Cash Tendered  21.10", "Change  16,00"],
    "ocr",
  );
  t.is(inci.fields.totalAmount, "11.10");
  const spaced = extractFromText(["8      TOTAL            26 . 50", "CASH    :   50.00"], "ocr");
  t.is(spaced.fields.totalAmount, "26.50");
  // No total read but the subtotal: a "ROUNDING 4.00" nowhere near it is OCR's 0.00, not the rounded total.
  const noise = extractFromText(["SUB-TOTAL (GST)  6.00", "ROUNDING      4.00", "TOTAL      Su 00"], "ocr");
  t.is(noise.fields.totalAmount, "6.00");
});

test("a VAT summary confirms the total printed as its rows' sum; its own figures never confirm themselves", (t) => {
  // Two rates, printed tax-net-gross; the card line misread (86,20): the labelled sum the summary adds up to wins, sure.
  const receipt = [
    "Markt am Weg",
    "KAFFEE  3,49 B",
    "ZEITSCHRIFT  14,90 C",
    "SUMME EUR  36,20",
    "Mastercard  EUR  86,20",
    "Satz  MwSt  Netto  Brutto",
    "B 7%  1,92  27,45  29,37",
    "C 19%  1,09  5,74  6,83",
  ];
  const read = extractFromText(receipt, "ocr");
  t.is(read.fields.totalAmount, "36.20");
  t.is(read.fields.subTotal, "33.19");
  t.is(read.fields.taxAmount, "3.01");
  t.true((read.fieldConfidence.totalAmount ?? 0) >= 0.9);
  // The total's label lost ("SUMHE") and one row misread: the other row's gross stands in, weakly, and the sum that
  // it and its own net and tax make is no confirmation, even after merging with another reading.
  const lost = ["Markt am Weg", "SUMHE  EUR  16.62", "V 19%  0,21  1,08  129", "E 7%  1,00  14,33  15,33"];
  const standIn = extractFromText(lost, "ocr");
  t.true((standIn.fieldConfidence.totalAmount ?? 1) < 0.9);
  const merged = bestOfReadings(standIn, extractFromText(["Markt am Weg", "Brot 2,50"], "ocr"));
  t.true((merged.fieldConfidence.totalAmount ?? 1) < 0.9, `${merged.fields.totalAmount}`);
});

test("OCR: a zero tax beside a subtotal equal to the total still ranks that total first, but does not make it sure", (t) => {
  const lines = ["Kedai Buku Maju", "Item  12.90", "Sub Total  12.90", "GST 0%  0.00", "Total  12.90", "Total  21.90"];
  const ocr = extractFromText(lines, "ocr");
  t.is(ocr.fields.totalAmount, "12.90");
  t.true((ocr.fieldConfidence.totalAmount ?? 1) < 0.9);
  // The figures stand as read: a zero-rated bill's tax is 0.
  t.is(ocr.fields.subTotal, "12.90");
  t.is(Number(ocr.fields.taxAmount), 0);
  // A text layer's zero-rated bill: printed as it is, the agreement stands.
  const text = extractFromText(lines, "pdf-text");
  t.is(text.fields.totalAmount, "12.90");
  t.true((text.fieldConfidence.totalAmount ?? 0) >= 0.9);
});

test("a currency's code on a line of its own (a receipt's column heading) is never the supplier's name", (t) => {
  const e = extractFromText(
    [
      "Warburger Strasse 130",
      "33100 Paderborn",
      "EUR",
      "Emmentaler Stueck  1,99 A",
      "Latta Original  1,79 A",
      "zu zahlen  3,78",
    ],
    "ocr",
  );
  t.not(e.fields.supplierName, "EUR");
  t.true((e.fieldConfidence.supplierName ?? 0) < 0.5, "what is left is a guess");
});

test("receipts from OCR: 'SUHME' and 'SUMNE' read as Summe, a five-letter word one letter from it", (t) => {
  for (const misread of ["SUHME", "SUMNE", "5UMME"]) {
    const e = extractFromText(
      [
        "Baumarkt Gruner Weg GmbH",
        "Grasschere  1 STK  16,80",
        "Handschuhe  1 STK  3,19",
        `${misread} EUR  19,99`,
        "GEGEBEN BAR  20,00",
      ],
      "ocr",
    );
    t.is(e.fields.totalAmount, "19.99", misread);
  }
});

test("supplier: a legal form opening a cell names nobody; the name before a form does", (t) => {
  const lines = [
    "ROLLER",
    "Senefelder Straße 2",
    "33100 Paderborn",
    "Quittung",
    "Summe EUR 29,98",
    "SE AL BEREE GE ATE",
  ];
  const e = extractFromText(lines, "ocr");
  t.is(e.fields.supplierName, "ROLLER");
  t.is(extractFromText(["Roller SE", ...lines.slice(1)], "ocr").fields.supplierName, "Roller SE");
});
