import { detectLanguage, extractFromText, findDate, parseNumber } from "@apar/core/extraction";
import test from "ava";

for (const [raw, want] of [
  ["1,234.56", "1234.56"],
  ["1.234,56", "1234.56"],
  ["1 234,56", "1234.56"],
  ["1\u00a0234,56", "1234.56"],
  ["1'234.50", "1234.50"],
  ["12.345.678,9", "12345678.9"],
  ["1.234", "1234"],
  ["0.125", "0.125"],
  ["(45.00)", "-45.00"],
  ["12,5", "12.5"],
  ["7,08,000.00", "708000.00"],
  ["-1,00,000.50", "-100000.50"],
  ["1,23,456", null],
  ["abc", null],
] as const) {
  test(`parseNumber ${JSON.stringify(raw).replace(/\u00a0/g, "<nbsp>")} -> ${want}`, (t) =>
    t.is(parseNumber(raw), want));
}

// Numbers as OCR garbles them: every answer is null or a decimal string. "23.110 330" was read as "23.110 330", and
// the total finder's arithmetic on it threw, losing the whole reading.
const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const NUMBERISH = "0123456789 .,'-()";
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const digits = (random: () => number, n: number): string =>
  Array.from({ length: n }, () => Math.floor(random() * 10)).join("");
/** Half the time any run of the characters, half the time groups of digits each after a separator of any kind. */
const garbled = (random: () => number, length: number): string => {
  if (random() < 0.5) return Array.from({ length }, () => NUMBERISH[Math.floor(random() * NUMBERISH.length)]).join("");
  let text = digits(random, 1 + Math.floor(random() * 3));
  for (let g = Math.floor(random() * 4); g > 0; g--)
    text += ".,' "[Math.floor(random() * 4)] + digits(random, 1 + Math.floor(random() * 3));
  return text;
};

test("parseNumber answers null or a decimal string for any run of digits, separators and signs", (t) => {
  const random = seeded(33);
  const bad: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const raw = garbled(random, 1 + Math.floor(random() * 12));
    const got = parseNumber(raw);
    if (got !== null && !DECIMAL.test(got)) bad.push(`${JSON.stringify(raw)} -> ${got}`);
  }
  t.deepEqual(bad.slice(0, 5), []);
  t.is(parseNumber("23.110 330"), null, "two ways of grouping in one number");
  t.is(parseNumber("1 234.56"), "1234.56");
});

test("extractFromText never throws on labelled lines of garbled numbers, and its amounts are decimals", (t) => {
  const random = seeded(37);
  const labels = ["Total", "Subtotal", "Total excl. VAT", "Net", "Tax", "MwSt", "Balance", "Amount due", "Cash"];
  const more = ["Change", "Rounding", "Summe", "Gesamtbetrag", "Rechnungsbetrag", "Zu zahlen", "TOTAL EUR", ""];
  const pick = <A>(xs: readonly A[]): A => xs[Math.floor(random() * xs.length)] as A;
  // The case PaddleOCR's reading of a scanned page gave.
  t.notThrows(() => extractFromText(["Subtotal 23.110 330", "Total excl. VAT 23.110 330"], "ocr", {}));
  const failures: string[] = [];
  for (let i = 0; i < 1_500; i++) {
    const lines = Array.from(
      { length: 1 + Math.floor(random() * 6) },
      () => `${pick([...labels, ...more])} ${garbled(random, 1 + Math.floor(random() * 10))}`,
    );
    try {
      const { fields } = extractFromText(lines, "ocr", {});
      for (const amount of [fields.totalAmount, fields.subTotal, fields.taxAmount])
        if (amount !== null && amount !== undefined && !DECIMAL.test(amount)) failures.push(`${lines} -> ${amount}`);
    } catch (error) {
      failures.push(`${JSON.stringify(lines)}: ${(error as Error).message}`);
    }
  }
  t.deepEqual(failures.slice(0, 5), []);
});

for (const [text, monthFirst, want] of [
  ["2025-03-12", false, "2025-03-12"],
  ["12.03.2025", false, "2025-03-12"],
  ["12/03/2025", false, "2025-03-12"],
  ["03/12/2025", true, "2025-03-12"],
  ["25/12/2025", true, "2025-12-25"],
  ["12 March 2025", false, "2025-03-12"],
  ["March 12, 2025", true, "2025-03-12"],
  ["12. März 2025", false, "2025-03-12"],
  ["4 décembre 2024", false, "2024-12-04"],
  ["1er février 2024", false, "2024-02-01"],
  ["8th December 2021", false, "2021-12-08"],
  ["21st of March 2024", false, "2024-03-21"],
  ["2nd Jan 24", false, "2024-01-02"],
  ["December 8th, 2021", true, "2021-12-08"],
  ["31.02.2025", false, null],
  // A two-digit year whose time OCR glued on ("28.03.20 09:51" read as "28.03.2009:51"), a label glued before it.
  ["28.03.2009:51 Uhr", false, "2020-03-28"],
  ["Datum28.03.2009:51", false, "2020-03-28"],
  ["15.04.2016:1586651110176", false, "2020-04-15"],
  ["03.04.2020 14:35", false, "2020-04-03"],
  ["Date 12/05/2019:", false, "2019-05-12"],
] as const) {
  test(`findDate ${JSON.stringify(text)} -> ${want}`, (t) => t.is(findDate(text, monthFirst)?.date ?? null, want));
}

const english = [
  "Northwind Supplies Ltd  INVOICE",
  "12 High Street  Invoice No.:  INV-2041",
  "Manchester M1 2AB  Invoice Date:  3 February 2025",
  "VAT No.: GB123456789  Due Date:  5 March 2025",
  "Bill To",
  "Kestrel Foods Ltd",
  "Description  Qty  Unit Price  Amount",
  "Consulting services  2  1,200.00  2,400.00",
  "Delivery charge  1  25.50  25.50",
  "Subtotal  £2,425.50",
  "VAT 20%  £485.10",
  "Total Due  £2,910.60",
  "Payment Terms: Net 30",
  "Payment Reference: RF18539007547034",
  "IBAN: GB33 BUKB 2020 1555 5555 55   BIC: BUKBGB22",
  "Sort Code: 20-20-15   Account No.: 55555555",
];

test("an English bill: every field, and high confidence when the sums agree", (t) => {
  const e = extractFromText(english, "pdf-text");
  t.like(e.fields, {
    supplierName: "Northwind Supplies Ltd",
    invoiceNumber: "INV-2041",
    currency: "GBP",
    invoiceDate: "2025-02-03",
    dueDate: "2025-03-05",
    subTotal: "2425.50",
    taxAmount: "485.10",
    totalAmount: "2910.60",
    supplierTaxNumber: "GB123456789",
    paymentTerms: "Net 30",
    paymentRef: "RF18539007547034",
  });
  t.like(e.fields.bankDetails, {
    iban: "GB33BUKB20201555555555",
    bicSwift: "BUKBGB22",
    sortCode: "20-20-15",
    accountNumber: "55555555",
    country: "GB",
  });
  t.deepEqual(e.fields.lineItems, [
    { description: "Consulting services", quantity: "2", unitPrice: "1200.00", amount: "2400.00" },
    { description: "Delivery charge", quantity: "1", unitPrice: "25.50", amount: "25.50" },
  ]);
  t.is(e.fieldConfidence.totalAmount, 0.98);
  // The bill is as sure as its least sure key field: the supplier's name, found by its place on the page.
  t.is(e.fieldConfidence.supplierName, 0.85);
  t.is(e.confidence, 0.85);
});

test("totals that do not add up lower the amounts' confidence", (t) => {
  const wrong = english.map((l) => (l.startsWith("Total Due") ? "Total Due  £2,990.60" : l));
  const e = extractFromText(wrong, "ocr");
  t.is(e.fields.totalAmount, "2990.60");
  t.true((e.fieldConfidence.totalAmount ?? 1) <= 0.5);
});

test("German and French labels, number formats and a line starting with its quantity", (t) => {
  const de = extractFromText(
    [
      "Müller Bürotechnik GmbH",
      "USt-IdNr.: DE123456789",
      "Rechnungsnummer: RE-55120  Rechnungsdatum: 20.03.2024",
      "Fälligkeitsdatum: 03.04.2024",
      "Menge  Beschreibung  Einzelpreis  Betrag",
      "12  Beratungsleistung  15,43 €  185,16 €",
      "Zwischensumme  185,16 €",
      "MwSt. 19 %  35,18 €",
      "Gesamtbetrag  220,34 €",
    ],
    "pdf-text",
  );
  t.like(de.fields, {
    supplierName: "Müller Bürotechnik GmbH",
    invoiceNumber: "RE-55120",
    currency: "EUR",
    invoiceDate: "2024-03-20",
    dueDate: "2024-04-03",
    totalAmount: "220,34".replace(",", "."),
  });
  t.deepEqual(de.fields.lineItems, [
    { description: "Beratungsleistung", quantity: "12", unitPrice: "15.43", amount: "185.16" },
  ]);
  const fr = extractFromText(
    [
      "Atelier Dubois SARL FACTURE",
      "Facture N°: F-2025-5114",
      "Date de facture: 4 décembre 2024",
      "Désignation Qté Prix unitaire Montant",
      "Chaise de bureau 3 2 322,63 6 967,89",
      "Total HT 6 967,89 €",
      "TVA 20 % 1 393,58 €",
      "Total TTC 8 361,47 €",
    ],
    "ocr",
  );
  t.like(fr.fields, {
    supplierName: "Atelier Dubois SARL",
    invoiceNumber: "F-2025-5114",
    invoiceDate: "2024-12-04",
    subTotal: "6967.89",
    taxAmount: "1393.58",
    totalAmount: "8361.47",
  });
  t.deepEqual(fr.fields.lineItems, [
    { description: "Chaise de bureau", quantity: "3", unitPrice: "2322.63", amount: "6967.89" },
  ]);
});

test("nothing recognisable gives empty fields and zero confidence", (t) => {
  const e = extractFromText(["", "hello"], "ocr");
  t.is(e.fields.totalAmount, null);
  t.is(e.fields.invoiceNumber, null);
  t.is(e.confidence < 0.2, true);
});

test("the document title and a colon starting a cell give the number (INVOICE: INV-100)", (t) => {
  const e = extractFromText(
    [
      "CONTOSO LTD.                                   INVOICE",
      "Contoso Headquarters                 INVOICE: INV-100",
      "123 456th St                   INVOICE DATE: 11/15/2019",
      "New York, NY, 10001                DUE DATE: 12/15/2019",
      "                                   SUBTOTAL     $100.00",
      "                                   SALES TAX     $10.00",
      "                                   TOTAL        $110.00",
    ],
    "pdf-text",
  );
  t.is(e.fields.invoiceNumber, "INV-100");
  t.is(e.fields.invoiceDate, "2019-11-15");
});

test("zero-width characters between a label and its colon are dropped", (t) => {
  const e = extractFromText(
    [
      "                          Invoice",
      "                          DATE\u200b: 01/02/2024",
      "                          INVOICE\u200b: NO. 001",
      "FROM: Company ABC         TO: John Doe",
      "TERMS\u200b: 6 month contract",
      "DUE\u200b: 01/01/2025",
      "                 Subtotal            $2000.00",
      "                 Tax                 $140.00",
      "                 BALANCE DUE         $2140.00",
    ],
    "pdf-text",
  );
  t.is(e.fields.invoiceNumber, "001");
  t.is(e.fields.invoiceDate, "2024-01-02");
});

test("in OCR's lines a lone sign away from any amount names no currency; a printed one is believed", (t) => {
  const receipt = [
    "MARKTHALLE NORD",
    "Milch 1,5%              1,19",
    "Brot                    2,49",
    "SUMME                   3,68",
    "- = _ --          £5437004271012013013114335",
    "=      =      $      =      =a eae     :",
  ];
  const ocr = extractFromText(receipt, "ocr");
  t.is(ocr.fields.totalAmount, "3.68");
  t.is(ocr.fields.currency, null);
  // A text layer prints its signs: the same lines name GBP and USD there, so neither is sure.
  const printed = extractFromText(receipt, "pdf-text");
  t.not(printed.fields.currency, null);
  t.true((printed.fieldConfidence.currency ?? 0) < 0.9);
});

test("in OCR's lines a code read once away from any amount and label is a guess, not sure", (t) => {
  const noise = ["FB ALAN 105604", "$1,229  QD34820371", "hd  ACHE $4 FI THB                29 |", "Tp  HN  P.14373"];
  const read = extractFromText(noise, "ocr");
  t.true((read.fieldConfidence.currency ?? 0) < 0.9);
  // Beside an amount with its cents, after the page's currency label, or alone on its line over a receipt's prices,
  // the same code once is believed.
  for (const lines of [
    ["SHOP", "Coffee  THB 45.00", "TOTAL  45.00"],
    ["SZÁMLA", "Pénznem: HUF   Fizetési mód: átutalás", "Összesen  45,00"],
    ["LIDL", "EUR", "Milch  1,19", "Brot  2,49", "zu zahlen  3,68"],
  ]) {
    const read = extractFromText(lines, "ocr");
    t.not(read.fields.currency, null, lines[1]);
    t.true((read.fieldConfidence.currency ?? 0) >= 0.9, lines[1]);
  }
});

test("in OCR's lines a sign beside amounts names the currency, surely only when it is printed twice", (t) => {
  const once = ["CAFE AM MARKT", "Kaffee            € 3,20", "Kuchen              2,80", "SUMME               6,00"];
  const ocrOnce = extractFromText(once, "ocr");
  t.is(ocrOnce.fields.currency, "EUR");
  t.true((ocrOnce.fieldConfidence.currency ?? 0) < 0.9);
  const twice = [...once.slice(0, 2), "Kuchen            € 2,80", once[3] as string];
  const ocrTwice = extractFromText(twice, "ocr");
  t.is(ocrTwice.fields.currency, "EUR");
  t.true((ocrTwice.fieldConfidence.currency ?? 0) >= 0.9);
  // A text layer's one sign is printed: sure.
  t.true((extractFromText(once, "pdf-text").fieldConfidence.currency ?? 0) >= 0.9);
});

test("the next bill's date is never the invoice date; 'Facture du' dates the invoice", (t) => {
  const fr = extractFromText(
    [
      "Électricité Lumière SA",
      "Prochaine facture vers le 29/03/2021",
      "Votre facture du 29/01/2021",
      "Montant total TTC  120,00 €",
    ],
    "pdf-text",
  );
  t.is(fr.fields.invoiceDate, "2021-01-29");
  const en = extractFromText(
    ["Lakeside Water Ltd", "Next bill date: 12/05/2025", "Date: 12/04/2025", "Total due  £40.00"],
    "pdf-text",
  );
  t.is(en.fields.invoiceDate, "2025-04-12");
  const de = extractFromText(
    ["Stadtwerke Lindenau GmbH", "Nächstes Rechnungsdatum: 01.07.2025", "Datum: 02.06.2025", "Summe 80,00 EUR"],
    "pdf-text",
  );
  t.is(de.fields.invoiceDate, "2025-06-02");
});

test("India's lakh grouping: thousands, then pairs of digits, with the paise", (t) => {
  const e = extractFromText(
    [
      "Contoso LTD",
      "Tax Invoice  MSFT0011223344",
      "SUBTOTAL  6,00,000.00",
      "IGST  1,08,000.00",
      "Total  7,08,000.00",
      "Advance  0.00",
      "TOTAL DUE  7,08,000.00",
    ],
    "ocr",
  );
  t.is(e.fields.totalAmount, "708000.00");
  t.is(e.fields.subTotal, "600000.00");
});

test("a total printed without a label under its subtotal and tax, as their sum, is the total; another amount is not", (t) => {
  const lines = (last: string) => [
    "Faktura 20150009",
    "Jiná firma s.r.o.",
    "Celkem bez DPH  1 000,00 Kč",
    "DPH 21 %  210,00 Kč",
    last,
    "Fyzická osoba zapsaná v živnostenském rejstříku.",
  ];
  const e = extractFromText(lines("1 210,00 Kč"), "pdf-text");
  t.is(e.fields.totalAmount, "1210.00");
  t.true((e.fieldConfidence.totalAmount ?? 0) >= 0.9);
  // An amount that is not their sum stands in for nothing: the subtotal is the weak guess it was, and unsure.
  const other = extractFromText(lines("1 500,00 Kč"), "pdf-text");
  t.not(other.fields.totalAmount, "1500.00");
  t.true((other.fieldConfidence.totalAmount ?? 0) < 0.9);
});

test("a till receipt's own number: 'Bon-Nr.', 'Kassenbon Nr', 'Ticket #', 'Ticket n°'", (t) => {
  for (const [line, want] of [
    ["04.12.2014     11:26     Bon-Nr. : 1433", "1433"],
    ["Kassenbon Nr: 1505289010", "1505289010"],
    ["Ticket #: 00005883", "00005883"],
    ["Ticket n° 028165", "028165"],
  ] as const) {
    const e = extractFromText(["Markt am Weg", "BROT  0,99", line, "SUMME  0,99"], "ocr");
    t.is(e.fields.invoiceNumber, want, line);
  }
  // A receipt's heading is no number's label.
  t.is(extractFromText(["STATION BP", "TICKET CLIENT", "TOTAL  21.74"], "ocr").fields.invoiceNumber, null);
});

test("a title cell in the page's head numbers the invoice ('SHIPPING INVOICE 10112'); 'Invoice Amount' is the total", (t) => {
  const e = extractFromText(
    [
      "ZESTADO EXPRESS  SHIPPING INVOICE 10112",
      "ABN: 16 112 221 123  Bill To:Custom Board Makers  Issue Date:  8th December 2021",
      "10 Queen Street, King George Square  12 Salvage Road  Invoice Amount:  $5,270.00 AUD",
      "Ocean Freight Charge  $1,500.00",
    ],
    "ocr",
  );
  t.is(e.fields.invoiceNumber, "10112");
  t.is(e.fields.totalAmount, "5270.00");
  t.is(e.fields.currency, "AUD");
  // An amount after the title is no number.
  const net = extractFromText(["Northwind Trading", "INVOICE", "Thank you.  NET INVOICE  2.978,666.00"], "pdf-text");
  t.is(net.fields.invoiceNumber, null);
});

test("bare '$' signs on a page naming Canada's HST or QST, or Australia's ABN, are that dollar, not yet sure", (t) => {
  const ca = extractFromText(
    [
      "CANADA POST CORPORATION",
      "Total amount of this invoice  $ 1,673.01",
      "Canada Post registration nos.: HST/GST 119321495; QST 1006393299",
      "Amount due  $ 1,673.01",
    ],
    "pdf-text",
  );
  t.is(ca.fields.currency, "CAD");
  t.true((ca.fieldConfidence.currency ?? 0) < 0.9);
  const au = extractFromText(["Harbour Couriers", "ABN: 16 112 221 123", "Total  $210.00"], "pdf-text");
  t.is(au.fields.currency, "AUD");
  // A page naming the US dollar keeps it; one naming no other country's dollar too.
  t.is(extractFromText(["Maple Goods", "QST 1006393299", "Total  US$ 40.00"], "pdf-text").fields.currency, "USD");
  t.is(extractFromText(["Corner Shop", "Total  $40.00"], "pdf-text").fields.currency, "USD");
});

test("OCR's one bare '$' is the US dollar, sure, beside a US address and no other currency; unsure without one", (t) => {
  const lines = (address: string) => [
    "East Repair Inc.",
    address,
    "Front and rear brake cables  100.00",
    "TOTAL  $154.06",
  ];
  const us = extractFromText(lines("New York, NY 12210"), "ocr");
  t.is(us.fields.currency, "USD");
  t.true((us.fieldConfidence.currency ?? 0) >= 0.9);
  const nowhere = extractFromText(lines("1912 Harvest Lane"), "ocr");
  t.is(nowhere.fields.currency, "USD");
  t.true((nowhere.fieldConfidence.currency ?? 0) < 0.9);
  // Another currency on the page leaves the "$" unsure, address or not.
  const euro = extractFromText([...lines("New York, NY 12210"), "Paid  EUR 140.00"], "ocr");
  t.true((euro.fieldConfidence.currency ?? 0) < 0.9);
});

test("a bare '$' is the US dollar for sure only where the page names it or has a US address; Canada's postal codes and spelt-out HST name the Canadian", (t) => {
  const bill = (...more: string[]) => ["Riverside Power", ...more, "Amount due  $78.94"];
  const sure = (lines: string[]) => (extractFromText(lines, "pdf-text").fieldConfidence.currency ?? 0) >= 0.9;
  t.is(extractFromText(bill(), "pdf-text").fields.currency, "USD");
  t.false(sure(bill()));
  t.true(sure(bill("1 Main Street, Springfield, IL 62701")));
  t.true(sure(bill("All amounts in USD")));
  const postal = extractFromText(bill("152 LOUISA ST KITCHENER N2H 5M5"), "pdf-text");
  t.is(postal.fields.currency, "CAD");
  t.false(sure(bill("152 LOUISA ST KITCHENER N2H 5M5")));
  t.is(extractFromText(bill("Harmonized Sales Tax on $75.18 at 13.00%  9.77"), "pdf-text").fields.currency, "CAD");
  // Letters Canada Post never uses in a postal code ("D", "F", "I", "O", "Q", "U"): another code, no country.
  t.is(extractFromText(bill("Serial D2F 5Q5"), "pdf-text").fields.currency, "USD");
});

test("a row of date headings is read from the row under it, each heading's value under it; a date in another column never labelled by them", (t) => {
  const lines = [
    "KITCHENER-WILMOT HYDRO INC",
    "BILLING DATE  DUE DATE  Energy Charge  MAY 02 2018 to JUN 05 2018",
    "JUN 25 2018 JUL 17 2018  327.9200 kWh Off Peak  at $.06500  TX  21.31",
    "Amount due  78.94",
  ];
  const e = extractFromText(lines, "pdf-text");
  t.is(e.fields.invoiceDate, "2018-06-25");
  t.is(e.fields.dueDate, "2018-07-17");
  // The same page by position: the value row is one run under both headings.
  const box = (text: string, x: number, y: number, width: number) => ({ text, x, y, width, height: 6, page: 1 });
  const boxes = [
    box("KITCHENER-WILMOT HYDRO INC", 35, 150, 120),
    box("BILLING DATE", 35, 182, 40),
    box("DUE DATE", 112, 182, 30),
    box("Energy Charge", 160, 182, 45),
    box("MAY 02 2018 to JUN 05 2018", 260, 182, 90),
    box("JUN 25 2018 JUL 17 2018", 25, 189, 138),
    box("Amount due", 35, 230, 40),
    box("78.94", 160, 230, 20),
  ];
  const placed = extractFromText(lines, "pdf-text", {}, boxes);
  t.is(placed.fields.invoiceDate, "2018-06-25");
  t.is(placed.fields.dueDate, "2018-07-17");
  // A hint in the label's own cell is no other column: "Invoice date (Y-M-D)  2025-06-21" is dated.
  const hinted = extractFromText(["Acme Ltd", "Invoice date (Y-M-D)  2025-06-21", "Total  10.00"], "pdf-text");
  t.is(hinted.fields.invoiceDate, "2025-06-21");
  t.true((hinted.fieldConfidence.invoiceDate ?? 0) >= 0.9);
});

test("a sign of letters and '$' starts a word: 'R$ 12,00' is the real, 'CTR$I' read off a till's line no currency", (t) => {
  t.is(extractFromText(["Loja Central", "TOTAL  R$ 12,00"], "ocr").fields.currency, "BRL");
  const till = extractFromText(["Target", "REG#04 TRN#5956 CSHR#094 CTR$I (UU", "TOTAL  12.00"], "ocr");
  t.not(till.fields.currency, "BRL");
  t.not(extractFromText(["Shop", "ABC$ 4.00", "TOTAL  4.00"], "pdf-text").fields.currency, "CAD");
});

test("a bill paid by direct debit: 'Pre-authorized Withdrawal' labels its amount, never the day it is taken", (t) => {
  const lines = (...more: string[]) => [
    "Kitchener Utilities",
    "Gas & Water Charges:  186.28",
    "Stormwater Rate Charges:  13.73",
    ...more,
  ];
  t.is(
    extractFromText(lines("UTILITY BILL  Pre-authorized Withdrawal:  200.01"), "pdf-text").fields.totalAmount,
    "200.01",
  );
  t.not(
    extractFromText(lines("PRE-AUTHORIZED PAYMENT WITHDRAWAL ON JUL 17 2018"), "pdf-text").fields.totalAmount,
    "2018",
  );
});

test("in OCR's text a currency code counts where it ends its cell or follows a colon, not before other marks", (t) => {
  const noise = ["SNG Engineering, Inc.   TRY 7777", "Consulting Engineers", "Consulting fee  750"];
  t.is(extractFromText(noise, "ocr").fields.currency, null);
  // The same line in a text layer is the document's own text.
  t.is(extractFromText(noise, "pdf-text").fields.currency, "TRY");
  t.is(extractFromText(["Kleinhandel GmbH", "Beträge in EUR", "Summe  7"], "ocr").fields.currency, "EUR");
  t.is(extractFromText(["Kleinhandel GmbH", "EUR", "Brot  7"], "ocr").fields.currency, "EUR");
  t.is(extractFromText(["Kleinhandel GmbH", "Währung:EUR  Kasse 3", "Brot  7"], "ocr").fields.currency, "EUR");
});

test("an English receipt with a US address and no currency writes the month first; without the address, the day", (t) => {
  const lines = (address: string) => [
    "McDonald's Restaurant #31278",
    "2378 PINE RD NW",
    address,
    "KS# 1             12/08/2022 08:48 PM",
    "Take-Out Total                   8.10",
  ];
  t.is(extractFromText(lines("RICE, MN 56367-9740"), "ocr").fields.invoiceDate, "2022-12-08");
  t.is(extractFromText(lines("RICE"), "ocr").fields.invoiceDate, "2022-08-12");
});

test("with no date labelled as the invoice's, the due day printed again on a line of its own label may date it; the due line never does", (t) => {
  // OCR garbled "Invoice Date" to "mveleo Dale"; the bill is due the day it was issued.
  const e = extractFromText(
    ["Contoso", "PO Box 1.  mveleo Dale  19/2/2024", "98765431  Payment Due 19/02/2024", "TOTAL  £180.00"],
    "ocr",
  );
  t.is(e.fields.dueDate, "2024-02-19");
  t.is(e.fields.invoiceDate, "2024-02-19");
  t.true((e.fieldConfidence.invoiceDate ?? 1) < 0.9);
  // The due date alone dates nothing else.
  t.is(extractFromText(["Contoso", "Payment Due 19/02/2024", "TOTAL  £180.00"], "ocr").fields.invoiceDate, null);
});

test("'Due:' before a date labels the day the bill is due, not an amount due", (t) => {
  const e = extractFromText(
    ["Invoice", "FROM: Company ABC", "DUE: 01/01/2025", "Subtotal  $2000.00", "Tax  $140.00", "BALANCE DUE  $2140.00"],
    "pdf-text",
  );
  t.is(e.fields.dueDate, "2025-01-01");
  t.not(e.fields.invoiceDate, "2025-01-01");
  t.is(e.fields.totalAmount, "2140.00");
  // An amount after it is still one.
  t.is(extractFromText(["Garage Nord", "Due: $310.00"], "pdf-text").fields.totalAmount, "310.00");
});

test("a payment card's expiry on a receipt's slip is never the receipt's date", (t) => {
  for (const label of ["Date d'expiration", "Exp Date", "Expiry", "Valid thru", "Ablaufdatum", "Gültig bis"]) {
    const e = extractFromText(
      ["STATION BP", "TOT TTC  21.74 €", "CARTE BANCAIRE  21.74", `${label}  31/05/18`, "Date  07/04/2017"],
      "ocr",
    );
    t.is(e.fields.invoiceDate, "2017-04-07", label);
  }
});

test("an invoice title over its number in a cell of its own ('# 2041') numbers the invoice; a '#' elsewhere does not", (t) => {
  const lines = [
    "Harbour Lights            INVOICE",
    "17 Quay Street            # 2041-A",
    "Bill To:",
    "Total  $120.00",
  ];
  const e = extractFromText(lines, "ocr");
  t.is(e.fields.invoiceNumber, "2041-A");
  t.is(e.fieldConfidence.invoiceNumber, 0.7);
  // A store's number on a receipt with no invoice title over it is no invoice number.
  t.is(
    extractFromText(["Corner Pharmacy", "191 E 3rd Ave     # 03296", "Total  $12.00"], "ocr").fields.invoiceNumber,
    null,
  );
});

test("a till's VAT summary: a refund row printed with trailing minus signs counts against the rest, and 'Brutto' ends the net's amount", (t) => {
  const refund = extractFromText(
    [
      "MARKTHALLE NORD",
      "Milch  1,19 A",
      "Pfand  0,25-",
      "ZU ZAHLEN EURO  11,33",
      "MWST  NETTO  MWST-BETRAG  BRUTTO",
      "A 7,00%  10,82  0,76  11,58",
      "B 19,00%  0,21-  0,04-  0,25-",
    ],
    "ocr",
  );
  t.is(refund.fields.totalAmount, "11.33");
  t.is(refund.fields.subTotal, "10.61");
  t.is(refund.fields.taxAmount, "0.72");
  t.is(refund.fieldConfidence.totalAmount, 0.98);
  const gross = extractFromText(
    ["TANKSTELLE AM RING", "TOTAL  39,35 EUR", "MWST 19,00% A  6,28 EUR", "NETTO 33,07 EUR BRUTTO 39,35 EUR"],
    "ocr",
  );
  t.is(gross.fields.subTotal, "33.07");
  t.is(gross.fieldConfidence.totalAmount, 0.98);
});

test("one-letter words do not decide a page's language: a US receipt's 'IL' and 'E' leave it English, month first", (t) => {
  const lines = [
    "LAKESIDE HARDWARE",
    "SPRINGFIELD, IL",
    "HAMMER               $19.99",
    "TOTAL                $19.99",
    "PAYMENT SERVICE - E",
    "CHANGE DUE 0.00",
    "12/07/2019      12:22 PM",
  ];
  t.is(detectLanguage(lines.join("\n")), "en");
  t.is(extractFromText(lines, "ocr").fields.invoiceDate, "2019-12-07");
});

test("a bare '$' is the dollar the page names by its code or letters, the US one only when none other is named", (t) => {
  const aud = [
    "Zephyr Freight Pty Ltd",
    "Invoice Amount:   $5,270.00 AUD",
    "Ocean Freight Charge   $1,500.00",
    "Terminal Handling   $55.00",
    "TOTAL   $1,980.00",
  ];
  t.is(extractFromText(aud, "pdf-text").fields.currency, "AUD");
  t.is(
    extractFromText(["Maple Print Ltd", "Subtotal  C$ 90.00", "Total  $ 100.00"], "pdf-text").fields.currency,
    "CAD",
  );
  t.is(extractFromText(["Acme Inc.", "Subtotal  $ 90.00", "Total  $ 100.00"], "pdf-text").fields.currency, "USD");
  // The dollar the total is printed in decides, whatever else the page names.
  const both = extractFromText(
    ["Acme Inc.", "Rate USD/CAD 1.35", "Subtotal  $ 90.00", "Total  CAD 100.00"],
    "pdf-text",
  );
  t.is(both.fields.currency, "CAD");
});
