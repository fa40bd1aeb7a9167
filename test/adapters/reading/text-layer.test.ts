// A PDF text layer is judged by its words: glyph codes from a font without a Unicode map send the page to OCR;
// its lines are read as the page is shown.
import { hasTextLayer, openPdf, pageLines, pageText } from "@apar/adapters/reading/pdf-document";
import test from "ava";
import { degrees, PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";

test("a page of words has a text layer", (t) => {
  t.true(hasTextLayer(["Rechnung Nr. 2041", "Lieferant GmbH, Hafenstraße 4", "Gesamtbetrag 1.190,00 EUR"]));
});

test("words of scripts other than Latin are words: a Japanese, a Chinese, a Russian page has a text layer", (t) => {
  t.true(hasTextLayer(["請求書", "株式会社 ネクストビッツ", "東京都板橋区蓮根2-27-12", "合計金額  660,000"]));
  t.true(hasTextLayer(["电子发票（普通发票）", "购买方信息  名称：", "价税合计（大写）  壹佰元整"]));
  t.true(hasTextLayer(["Счёт на оплату № 17", "Поставщик: ООО Ромашка", "Итого к оплате  1 670,00"]));
  // Letters standing alone are no words, in any script.
  t.false(hasTextLayer(["л 1 ж 2 п 3", "書 4 求 5 請 6", "12 34 56"]));
});

test("glyph codes, stray characters and bare numbers are no text layer", (t) => {
  // What a Type 3 font without ToUnicode gives: as long as a real page, but no words.
  t.false(
    hasTextLayer([
      "!\"#$ %&'() *+,-./ 0123",
      "\u0001\u0002\u0003 \u0004\u0005 \u0006\u0007",
      "#$% &'( )*+ ,-. /01 234",
    ]),
  );
  t.false(hasTextLayer(["BCDFG HJKLM NPQRS", "TVWXZ BCDFG HJKLM", "12 34 56 78 90 12 34"]));
  t.false(hasTextLayer(["  ", "1", "x"]));
});

// A landscape statement drawn on a portrait page turned by /Rotate 90: its lines are read as the page is shown.
const rotatedPage = async (): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.setRotation(degrees(90));
  // Shown turned clockwise: a page x is a shown line (smaller is higher), a page y the place along it.
  const row = (x: number, cells: [number, string][]): void => {
    for (const [y, text] of cells) page.drawText(text, { x, y, size: 10, font, rotate: degrees(90) });
  };
  row(60, [
    [40, "Invoice No.:"],
    [300, "A-2041"],
  ]);
  row(80, [
    [40, "Invoice date:"],
    [300, "05.10.2021"],
  ]);
  row(100, [
    [40, "Total"],
    [300, "87.859"],
  ]);
  // A stamp drawn across the page is no line of the statement.
  page.drawText("COPY", { x: 300, y: 400, size: 40, font, rotate: degrees(135) });
  return doc.save();
};

test("a page turned by /Rotate reads as shown: rows left to right, top to bottom; a diagonal stamp comes last", async (t) => {
  const pdf = await openPdf(await rotatedPage());
  const lines = await pageLines(await pdf.getPage(1));
  t.deepEqual(lines, ["Invoice No.:  A-2041", "Invoice date:  05.10.2021", "Total  87.859", "COPY"]);
  await pdf.loadingTask.destroy();
});

test("a page's boxes are its runs where the page shows them: points from the top left, the page's number", async (t) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText("Invoice No.:", { x: 40, y: 700, size: 10, font });
  page.drawText("A-2041", { x: 300, y: 700, size: 10, font });
  page.drawText("Total", { x: 40, y: 600, size: 12, font });
  const pdf = await openPdf(await doc.save());
  const { lines, boxes } = await pageText(await pdf.getPage(1), 3);
  t.deepEqual(lines, ["Invoice No.:  A-2041", "Total"]);
  const at = (text: string) => boxes.find((b) => b.text === text);
  t.like(at("A-2041"), { x: 300, page: 3, height: 10 });
  t.is(Math.round(at("A-2041")?.y ?? 0), 842 - 700 - 10);
  t.is(Math.round(at("Total")?.y ?? 0), 842 - 600 - 12);
  t.true((at("Invoice No.:")?.width ?? 0) > 40);
  await pdf.loadingTask.destroy();
});

test("a turned page's boxes are placed as shown: a row's value to the right of its label, rows downwards", async (t) => {
  const pdf = await openPdf(await rotatedPage());
  const { boxes } = await pageText(await pdf.getPage(1));
  const at = (text: string) => boxes.find((b) => b.text === text);
  const [label, value, total] = [at("Invoice No.:"), at("A-2041"), at("Total")];
  t.true((value?.x ?? 0) > (label?.x ?? 0) + (label?.width ?? 0));
  t.true(Math.abs((value?.y ?? 0) - (label?.y ?? 0)) < 1);
  t.true((total?.y ?? 0) > (label?.y ?? 0));
  await pdf.loadingTask.destroy();
});

// A fillable template filled in: its values are in the page's form fields, not in its text content.
const filledForm = async (): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const form = doc.getForm();
  const field = (name: string, value: string, x: number, y: number, multiline = false): void => {
    const f = form.createTextField(name);
    if (multiline) f.enableMultiline();
    f.setText(value);
    f.addToPage(page, { x, y, width: 180, height: multiline ? 50 : 22, borderWidth: 0 });
  };
  page.drawText("FATTURA n.", { x: 40, y: 780, size: 16, font });
  field("numero", "2021-07", 160, 774);
  field("fornitore", "Mario Rossi\nVia Torino 40\nP.IVA 01234567890", 40, 680, true);
  page.drawText("Iva (22 %)", { x: 280, y: 420, size: 12, font });
  field("iva", "256,96 Euro", 380, 414);
  page.drawText("TOTALE", { x: 280, y: 380, size: 14, font });
  field("totale", "1424,96 Euro", 380, 374);
  // An empty field shows nothing.
  field("note", "", 40, 300);
  return doc.save();
};

test("a filled form's values are the page's text, on the lines of the labels beside them", async (t) => {
  const pdf = await openPdf(await filledForm());
  const { lines, boxes } = await pageText(await pdf.getPage(1));
  t.true(lines.includes("TOTALE  1424,96 Euro"), lines.join("\n"));
  t.true(lines.includes("Iva (22 %)  256,96 Euro"));
  t.true(lines.some((l) => l.startsWith("FATTURA n.") && l.endsWith("2021-07")));
  // A value of several lines reads line by line, in order.
  const at = (text: string): number => lines.indexOf(text);
  t.true(
    at("Mario Rossi") >= 0 && at("Mario Rossi") < at("Via Torino 40") && at("Via Torino 40") < at("P.IVA 01234567890"),
  );
  t.true(boxes.some((b) => b.text === "1424,96 Euro"));
});

test("a page with no text of its own keeps its form's values out: a scan with a filled field still goes to OCR", async (t) => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const field = doc.getForm().createTextField("note");
  field.setText("Approved for payment by the finance team today");
  field.addToPage(page, { x: 40, y: 700, width: 400, height: 22, borderWidth: 0 });
  const pdf = await openPdf(await doc.save());
  const { lines } = await pageText(await pdf.getPage(1));
  t.deepEqual(lines, []);
  t.false(hasTextLayer(lines));
});

// A Japanese invoice as Japanese tools write it: a CID font (Adobe-Japan1) not embedded and without a ToUnicode
// map, its text through a predefined character map. Its words come out only through pdfjs's character maps.
const cidFontInvoice = async (): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const ctx = doc.context;
  const descriptor = ctx.register(
    ctx.obj({
      Type: "FontDescriptor",
      FontName: "KozMinPr6N-Regular",
      Flags: 4,
      FontBBox: [0, -120, 1000, 880],
      ItalicAngle: 0,
      Ascent: 880,
      Descent: -120,
      CapHeight: 700,
      StemV: 80,
    }),
  );
  const cidFont = ctx.register(
    ctx.obj({
      Type: "Font",
      Subtype: "CIDFontType0",
      BaseFont: "KozMinPr6N-Regular",
      CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Japan1"), Supplement: 6 },
      FontDescriptor: descriptor,
      DW: 1000,
    }),
  );
  const font = ctx.register(
    ctx.obj({
      Type: "Font",
      Subtype: "Type0",
      BaseFont: "KozMinPr6N-Regular",
      Encoding: "UniJIS-UCS2-H",
      DescendantFonts: [cidFont],
    }),
  );
  page.node.setFontDictionary(PDFName.of("F1"), font);
  // UCS-2 codes: 請求書; 合計金額; 660,000.
  const ucs2 = (s: string): string =>
    [...s].map((c) => (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")).join("");
  const content = [
    `BT /F1 18 Tf 250 780 Td <${ucs2("請求書")}> Tj ET`,
    `BT /F1 10 Tf 40 700 Td <${ucs2("株式会社 ネクストビッツ")}> Tj ET`,
    `BT /F1 10 Tf 40 680 Td <${ucs2("東京都板橋区蓮根2-27-12")}> Tj ET`,
    `BT /F1 10 Tf 40 600 Td <${ucs2("合計金額")}> Tj ET`,
    `BT /F1 10 Tf 400 600 Td <${ucs2("660,000")}> Tj ET`,
  ].join("\n");
  page.node.set(PDFName.of("Contents"), ctx.register(ctx.stream(content)));
  return doc.save();
};

test("a CID font without a Unicode map reads through the character maps pdfjs ships: a Japanese page's words", async (t) => {
  const pdf = await openPdf(await cidFontInvoice(), -1, false);
  const lines = await pageLines(await pdf.getPage(1));
  t.deepEqual(lines, ["請求書", "株式会社 ネクストビッツ", "東京都板橋区蓮根2-27-12", "合計金額  660,000"]);
  t.true(hasTextLayer(lines));
  await pdf.loadingTask.destroy();
});

test("a run drawn again a fraction of a point beside itself, to look bold, is read once; the same words apart twice", async (t) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  for (const dx of [0, 0.3, 0.6]) page.drawText("TENNISMEHL GmbH", { x: 40 + dx, y: 780, size: 12, font });
  page.drawText("Rechnung", { x: 40, y: 700, size: 10, font });
  page.drawText("Rechnung", { x: 300, y: 700, size: 10, font });
  const pdf = await openPdf(await doc.save());
  const { lines, boxes } = await pageText(await pdf.getPage(1));
  t.deepEqual(lines, ["TENNISMEHL GmbH", "Rechnung  Rechnung"]);
  t.is(boxes.filter((b) => b.text === "TENNISMEHL GmbH").length, 1);
  await pdf.loadingTask.destroy();
});
