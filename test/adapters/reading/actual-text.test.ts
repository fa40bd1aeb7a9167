// Marked content's ActualText stands in for glyphs a font's map names U+0000 (Chrome's PDFs of Stripe receipts).
import { readFileSync } from "node:fs";
import { spanTexts, spanTextsOf } from "@apar/adapters/reading/actual-text";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { openPdf, pageText, withActualTexts } from "@apar/adapters/reading/pdf-document";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const RECEIPT = new Uint8Array(
  readFileSync(new URL("../../../fixtures/bills/stripe-receipt/noisebridge_receipt.pdf", import.meta.url)),
);

test("each BDC's ActualText in order: hex and literal strings, UTF-16 and PDFDocEncoding, none for other BDCs", (t) => {
  const content = [
    "BT /F1 9 Tf",
    "/Span<</ActualText <FEFF002D> >> BDC <055E> Tj EMC",
    "/P <</MCID 3>> BDC (x) Tj EMC",
    "/Span <</Lang (en) /ActualText (fi)>>BDC <0012> Tj EMC",
    "/Span<</ActualText (\\376\\377\\000\\(\\000\\))>> BDC <0013> Tj EMC",
    "/OC /oc1 BDC (layer) Tj EMC",
    "/Span<</ActualText <FEFF 00E9>/Alt<</X 1>> >> BDC <0014> Tj EMC",
    "ET",
  ].join("\n");
  t.deepEqual(spanTextsOf(content), ["-", null, "fi", "()", null, "é"]);
  // Marked content without properties (BMC) is no BDC.
  t.deepEqual(spanTextsOf("/Span BMC (a) Tj EMC"), []);
});

test("operands read back no further than the previous BDC: unclosed dictionaries cost one pass, not one each", (t) => {
  // 200,000 dictionaries that never close, then one span: read in one pass (a pattern trying each "<<" to the end
  // of the stream would take some 10^11 steps here).
  const content = `${"/A << ".repeat(200_000)}\n/Span<</ActualText (x)>> BDC (y) Tj EMC /P <</MCID 1>> BDC EMC`;
  t.deepEqual(spanTextsOf(content), ["x", null]);
});

test("a Chrome-printed Stripe receipt reads its hyphens from the spans around them", async (t) => {
  const doc = await openPdf(RECEIPT, -1, false);
  const page = await doc.getPage(1);
  const read = await pageText(page, 1, spanTexts(RECEIPT));
  t.true(read.lines.includes("Invoice number  87B37C9-0152"), read.lines.slice(0, 4).join(" | "));
  t.true(read.lines.includes("Receipt number  2721-5058"));
  t.false(read.lines.some((l) => l.includes("\u0000")));
  t.true(read.boxes.some((b) => b.text === "-"));
  // Without the spans the glyph is pdfjs's U+0000, as before.
  const plain = await pageText(page, 1);
  t.false(plain.lines.includes("Invoice number  87B37C9-0152"));
});

test("spans pdfjs reports that the page's own content does not hold (a form's) leave the items as they are", async (t) => {
  const doc = await openPdf(RECEIPT, -1, false);
  const items = (await (await doc.getPage(1)).getTextContent({ includeMarkedContent: true })).items;
  t.is(withActualTexts(items, ["-"]), null);
  t.truthy(withActualTexts(items, (await spanTexts(RECEIPT)(1)) ?? []));
});

test("a document pdf-lib cannot parse gives no spans, and the page reads as pdfjs gives it", async (t) => {
  t.is(await spanTexts(new TextEncoder().encode("%PDF-1.4 not really"))(1), null);
  t.is(await spanTexts(RECEIPT)(7), null);
});

test("the document reader hands pages their spans: the receipt's invoice number keeps its hyphen", async (t) => {
  const reader = createDocumentReader({ languages: ["eng"], ocrWorkers: 1, timeoutMs: 60_000 });
  try {
    const read = await reader.read({ bytes: RECEIPT, mediaType: "application/pdf", filename: null }, { method: "ocr" });
    if (E.isLeft(read)) return t.fail(`${read.left.reason}: ${read.left.detail}`);
    t.is(read.right.reader, "pdf-text");
    t.is(read.right.fields.invoiceNumber, "87B37C9-0152");
  } finally {
    await reader.close();
  }
});
