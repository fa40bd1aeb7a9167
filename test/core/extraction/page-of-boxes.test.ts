// A page of boxes (issue 33): where a label's value is printed decides over the text lines' character columns.
// Small synthetic pages, each with the text lines a reader would give and the boxes they were made of.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractFromText, type TextBox } from "@apar/core/extraction";
import test from "ava";

const CORPUS = join(import.meta.dirname, "..", "..", "..", "fixtures", "bills", "corpus");

// A run of text at (x, y) in points, 10 high, 5 wide a character.
const box = (text: string, x: number, y: number, page = 1): TextBox => ({
  text,
  x,
  y,
  width: 5 * text.length,
  height: 10,
  page,
});

test("a header row of labels over a row of values: the value under the label's own column", (t) => {
  const boxes = [
    box("Brightwater Instruments Ltd", 50, 40),
    box("Customer No.", 50, 100),
    box("Invoice No.", 250, 100),
    box("Invoice Date", 400, 100),
    box("K-7781-2024-XYZ", 50, 115),
    box("4711", 250, 115),
    box("12.03.2025", 400, 115),
    box("Total  120.00", 400, 300),
  ];
  const lines = [
    "Brightwater Instruments Ltd",
    "Customer No.  Invoice No.  Invoice Date",
    "K-7781-2024-XYZ  4711  12.03.2025",
    "Total  120.00",
  ];
  // The lines alone put the customer number under "Invoice No." (its characters start further left).
  t.not(extractFromText(lines, "pdf-text").fields.invoiceNumber, "4711");
  const e = extractFromText(lines, "pdf-text", {}, boxes);
  t.is(e.fields.invoiceNumber, "4711");
  t.is(e.fields.invoiceDate, "2025-03-12");
  t.is(e.fieldConfidence.invoiceNumber, 0.8);
});

test("a value under its label with another column's line between them in reading order", (t) => {
  const boxes = [
    box("Order date 05.03.2025", 50, 60),
    box("Invoice date", 400, 100),
    box("ACME Corp, 1 Harbour Street", 50, 108),
    box("12.03.2025", 400, 116),
    box("Total  120.00", 400, 300),
  ];
  const lines = ["Order date 05.03.2025", "Invoice date", "ACME Corp, 1 Harbour Street", "12.03.2025", "Total  120.00"];
  // By lines, no date follows the label: the first date of the page is taken, the order date.
  t.is(extractFromText(lines, "pdf-text").fields.invoiceDate, "2025-03-05");
  const e = extractFromText(lines, "pdf-text", {}, boxes);
  t.is(e.fields.invoiceDate, "2025-03-12");
  t.is(e.fieldConfidence.invoiceDate, 0.8);
});

test("a value to the label's right on its band, the text lines broken between them", (t) => {
  // The value sits a little lower than its label (a taller font): the lines put them on two lines, the value's
  // line led by a cell of another column.
  const boxes = [
    box("Invoice No.", 300, 100),
    box("Kranich Metallbau GmbH", 50, 106),
    box("RE-2025-0042", 400, 104),
    box("Total  120.00", 400, 300),
  ];
  const lines = ["Invoice No.", "Kranich Metallbau GmbH  RE-2025-0042", "Total  120.00"];
  t.not(extractFromText(lines, "pdf-text").fields.invoiceNumber, "RE-2025-0042");
  t.is(extractFromText(lines, "pdf-text", {}, boxes).fields.invoiceNumber, "RE-2025-0042");
});

test("words of one cell are joined, a column gap separates cells, and labels stacked without values give none", (t) => {
  // OCR's words: "Invoice" "No." "4711" on one band with word gaps, "Due" "date:" with nothing right or below.
  const words = [
    box("Invoice", 50, 100),
    box("No.", 88, 100),
    box("4711", 110, 100),
    box("Due", 50, 130),
    box("date:", 70, 130),
    box("Thank", 50, 160),
    box("you", 80, 160),
  ];
  const lines = ["Invoice No. 4711", "Due date:", "Thank you"];
  const e = extractFromText(lines, "ocr", {}, words);
  t.is(e.fields.invoiceNumber, "4711");
  t.is(e.fields.dueDate, null);
});

test("where positions place no value (it is on the next page), the text lines' reading stands", (t) => {
  const boxes = [
    box("Order date 05.03.2025", 50, 60),
    box("Invoice date", 400, 780, 1),
    box("12.03.2025", 400, 30, 2),
    box("Total  120.00", 400, 300, 2),
  ];
  const lines = ["Order date 05.03.2025", "Invoice date", "12.03.2025", "Total  120.00"];
  const e = extractFromText(lines, "pdf-text", {}, boxes);
  t.is(e.fields.invoiceDate, "2025-03-12");
  t.deepEqual(e, extractFromText(lines, "pdf-text"));
});

test("an amount label over its amount in its column, another column's text beside each on their lines", (t) => {
  const boxes = [
    box("Kranich Metallbau GmbH", 50, 40),
    box("Thank you for your business.", 50, 500),
    box("Amount due", 450, 500),
    box("Payment within 14 days net.", 50, 514),
    box("1,190.00", 450, 514),
  ];
  const lines = [
    "Kranich Metallbau GmbH",
    "Thank you for your business.  Amount due",
    "Payment within 14 days net.  1,190.00",
  ];
  // The lines alone find no labelled total: the one amount is taken as a guess.
  const guessed = extractFromText(lines, "pdf-text");
  t.true((guessed.fieldConfidence.totalAmount ?? 0) < 0.8);
  const e = extractFromText(lines, "pdf-text", {}, boxes);
  t.is(e.fields.totalAmount, "1190.00");
  t.is(e.fieldConfidence.totalAmount, 0.8);
});

test("a table's heading over its first row is no total label over its amount", (t) => {
  const boxes = [
    box("Description", 50, 200),
    box("Qty", 250, 200),
    box("Unit price", 320, 200),
    box("Total", 450, 200),
    box("Widget", 50, 214),
    box("2", 250, 214),
    box("10.00", 320, 214),
    box("20.00", 450, 214),
    box("Shipping", 50, 228),
    box("5.00", 450, 228),
    box("Total  25.00", 400, 260),
  ];
  const lines = ["Description  Qty  Unit price  Total", "Widget  2  10.00  20.00", "Shipping  5.00", "Total  25.00"];
  t.is(extractFromText(lines, "pdf-text", {}, boxes).fields.totalAmount, "25.00");
});

test("the block under a 'Bill to' heading is the buyer's by its column on the page, whatever the text beside it", (t) => {
  const boxes = [
    box("Rechnung", 50, 40),
    box("Lieferung und Leistung gemäß Auftrag vom Kunden", 50, 100),
    box("Bill to:", 400, 100),
    box("Wir danken für Ihren Auftrag.", 50, 114),
    box("Acme Maschinenbau GmbH", 400, 114),
    box("Bitte überweisen Sie den Betrag.", 50, 128),
    box("Hauptstraße 5", 400, 128),
    box("10115 Berlin", 400, 142),
    box("Rechnung Nr. 4711", 50, 200),
    box("Gesamtbetrag  100,00 EUR", 350, 400),
    box("Kranich Metallbau GmbH", 50, 700),
    box("Am Hafen 3, 20457 Hamburg", 50, 714),
  ];
  const lines = [
    "Rechnung",
    "Lieferung und Leistung gemäß Auftrag vom Kunden  Bill to:",
    "Wir danken für Ihren Auftrag.  Acme Maschinenbau GmbH",
    "Bitte überweisen Sie den Betrag.  Hauptstraße 5",
    "10115 Berlin",
    "Rechnung Nr. 4711",
    "Gesamtbetrag  100,00 EUR",
    "Kranich Metallbau GmbH",
    "Am Hafen 3, 20457 Hamburg",
  ];
  // By character columns the name starts far left of the heading: not in its block, and taken as the supplier.
  t.is(extractFromText(lines, "pdf-text").fields.supplierName, "Acme Maschinenbau GmbH");
  t.is(extractFromText(lines, "pdf-text", {}, boxes).fields.supplierName, "Kranich Metallbau GmbH");
});

test("a total label in a table's row that more rows follow is an item's, not the bill's total", (t) => {
  // Amounts right-aligned in their columns: the price column ends at 400, the amount column at 500.
  const right = (text: string, end: number, y: number): TextBox => box(text, end - 5 * text.length, y);
  const boxes = [
    box("Pflegedienst Sonnenhof GmbH", 50, 40),
    box("Leistung", 50, 200),
    box("Grand total service", 50, 214),
    right("2", 300, 214),
    right("240.00", 400, 214),
    right("480.00", 500, 214),
    box("Home visit", 50, 228),
    right("1", 300, 228),
    right("60.00", 400, 228),
    right("60.00", 500, 228),
    box("Total", 300, 300),
    right("540.00", 500, 300),
  ];
  const lines = [
    "Pflegedienst Sonnenhof GmbH",
    "Leistung",
    "Grand total service  2  240.00  480.00",
    "Home visit  1  60.00  60.00",
    "Total  540.00",
  ];
  t.is(extractFromText(lines, "pdf-text").fields.totalAmount, "480.00");
  t.is(extractFromText(lines, "pdf-text", {}, boxes).fields.totalAmount, "540.00");
});

test("a real scan: the due date under its heading, OCR's line having put it under another column", (t) => {
  // fixtures/bills/corpus/README.md: apar's OCR of a rendered scan of word-aspose-en.pdf (Apache-2.0).
  const scan = JSON.parse(readFileSync(join(CORPUS, "word-aspose-en.scan-ocr.json"), "utf8")) as {
    lines: string[];
    boxes: TextBox[];
  };
  t.is(extractFromText(scan.lines, "ocr").fields.dueDate, null);
  const e = extractFromText(scan.lines, "ocr", {}, scan.boxes);
  t.is(e.fields.dueDate, "2026-03-03");
  t.is(e.fields.invoiceDate, "2026-02-17");
  t.is(e.fields.totalAmount, "681.87");
});

test("a table's heading is no total label: the row under 'Total' beside 'Description' is the first line, and 'Payé' is what was paid", (t) => {
  const boxes = [
    box("Musée du Vieux Port", 50, 40),
    box("Description", 50, 100),
    box("Total", 300, 100),
    box("Entrée plein tarif", 50, 115),
    box("6,00€", 300, 115),
    box("Entrée tarif réduit", 50, 130),
    box("3,50€", 300, 130),
    box("Payé", 200, 145),
    box("9,50€", 300, 145),
  ];
  const lines = [
    "Musée du Vieux Port",
    "Description  Total",
    "Entrée plein tarif  6,00€",
    "Entrée tarif réduit  3,50€",
    "Payé  9,50€",
  ];
  t.is(extractFromText(lines, "ocr", {}, boxes).fields.totalAmount, "9.50");
  // In German too.
  const de = lines.map((l) => l.replace("Payé", "Bezahlt"));
  const deBoxes = boxes.map((b) => (b.text === "Payé" ? { ...b, text: "Bezahlt" } : b));
  t.is(extractFromText(de, "ocr", {}, deBoxes).fields.totalAmount, "9.50");
});

test("a text layer's runs that part a word (a subset font draws 'ő' apart) are one word; OCR's words stay apart however close", (t) => {
  const sized = (text: string, x: number, y: number, width: number, height = 10): TextBox => ({
    text,
    x,
    y,
    width,
    height,
    page: 1,
  });
  // "Szállító  Vevő" over the seller's and the buyer's blocks; the heading "Vevő" is two runs.
  const lines = [
    "Számla",
    "Sorszám  1/2024",
    "Szállító  Vevő",
    "NAGYNÉ MOLNÁR ROZÁLIA e.v. nysz: 322504  PP-ZÁRSZERVIZ KFT",
    "6728 Szeged, Bor utca 8.  Téglás u 103.",
    "Összesen  17 244 Ft  4 656 Ft  21 900 Ft",
  ];
  const boxes = [
    sized("Számla", 34, 27, 69, 20),
    sized("Sorszám", 380, 60, 39),
    sized("1/2024", 504, 55, 55),
    sized("Szállító", 37, 82, 35),
    sized("Vev", 306.1, 82, 17.7),
    sized("ő", 323.9, 82, 6.1),
    sized("NAGYNÉ MOLNÁR ROZÁLIA e.v. nysz: 322504", 39, 97, 246, 12),
    sized("PP-ZÁRSZERVIZ KFT", 308, 97, 118, 12),
    sized("6728 Szeged, Bor utca 8.", 39, 123, 100),
    sized("Téglás u 103.", 308, 123, 60),
    sized("Összesen", 39, 300, 40),
    sized("21 900 Ft", 500, 300, 40),
  ];
  t.not(extractFromText(lines, "pdf-text", {}, boxes).fields.supplierName, "PP-ZÁRSZERVIZ KFT");
  // OCR's words "seid" and "4," set close are two words: no number "seid4" beside "Invoice No.".
  const ocrLines = ["Gulf Enterprises", "Invoice No.  seid 4,", "118", "Invoice Total  81,676.00"];
  const words = [
    sized("Gulf", 20, 10, 30),
    sized("Enterprises", 55, 10, 70),
    sized("Invoice", 210, 137, 33),
    sized("No.", 247, 137, 16),
    sized("seid", 339, 137, 43),
    sized("4,", 382.5, 137, 8),
    sized("118", 210, 154, 19),
  ];
  t.not(extractFromText(ocrLines, "ocr", {}, words).fields.invoiceNumber, "seid4");
});
