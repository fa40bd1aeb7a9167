// A text layer a scanner wrote over its page image (invisible text) is judged against apar's own OCR of the page,
// field by field; a layer drawn as visible text, or over a small image, is trusted and no OCR runs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createDocumentReader } from "@apar/adapters/reading/index";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { PDFDocument, StandardFonts, setTextRenderingMode, TextRenderingMode } from "pdf-lib";
import { FIXTURES } from "./accuracy.js";

const png = new Uint8Array(readFileSync(join(FIXTURES, "scan", "scan-0-en-title-first.png")));
const truth = JSON.parse(readFileSync(join(FIXTURES, "scan", "scan-0-en-title-first.json"), "utf8")) as {
  supplierName: string;
  invoiceNumber: string;
  totalAmount: string;
};

// What a poor scanner's OCR made of the page: the words are there, the figures misread (a total of 12914.51
// whose subtotal and tax agree with it, so that the layer is sure of it), the invoice number garbled.
const LAYER = [
  "Northwind Supplies Ltd",
  "INVOICE",
  "Invoice number RE-3S7642",
  "Invoice date 12 February 2024",
  "Subtotal 11856.89",
  "Tax 1057.62",
  "Total due 12914.51",
];

/** One page holding the scan at 300 dpi (`image` false: a small logo instead) and the layer drawn over it. */
const pdfWith = async (layer: "invisible" | "visible", image: "page" | "logo"): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  const embedded = await pdf.embedPng(png);
  const width = (embedded.width * 72) / 300;
  const height = (embedded.height * 72) / 300;
  const page = pdf.addPage([width, height]);
  if (image === "page") page.drawImage(embedded, { x: 0, y: 0, width, height });
  else page.drawImage(embedded, { x: 20, y: height - 60, width: width / 10, height: height / 10 });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  if (layer === "invisible") page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
  LAYER.forEach((line, i) => {
    page.drawText(line, { x: 60, y: height - 120 - i * 24, size: 11, font });
  });
  return pdf.save();
};

let texts: string[][] = [];
const reader = (judgeTextLayers?: boolean) =>
  createDocumentReader({
    languages: ["eng"],
    ocrWorkers: 1,
    ...(judgeTextLayers === undefined ? {} : { judgeTextLayers }),
    onText: (lines) => texts.push([...lines]),
  });
const judging = reader();
const trusting = reader(false);
test.after.always(async () => {
  await judging.close();
  await trusting.close();
});

const read = async (r: ReturnType<typeof reader>, bytes: Uint8Array) => {
  texts = [];
  const result = await r.read({ bytes, mediaType: "application/pdf", filename: null }, { method: "ocr" });
  if (E.isLeft(result)) throw new Error(`${result.left.reason}: ${result.left.detail}`);
  return { extraction: result.right, text: texts.flat().join("\n") };
};

test.serial(
  "a scanner's invisible layer over the page image loses the fields apar's own OCR reads surer",
  async (t) => {
    const { extraction, text } = await read(judging, await pdfWith("invisible", "page"));
    // The page was OCR'd: its text holds what only the image shows (a line item), not only the layer.
    t.regex(text, /Cleaning services/);
    t.is(extraction.reader, "ocr");
    t.is(extraction.fields.totalAmount, truth.totalAmount);
    t.is(extraction.fields.invoiceNumber, truth.invoiceNumber);
    t.is(extraction.fields.supplierName, truth.supplierName);
  },
);

test.serial("trusted as it is (judging off), the same layer gives the scanner's misread figures", async (t) => {
  const { extraction, text } = await read(trusting, await pdfWith("invisible", "page"));
  t.notRegex(text, /Cleaning services/);
  t.is(extraction.reader, "pdf-text");
  t.is(extraction.fields.totalAmount, "12914.51");
});

test.serial("visible text over a page-sized image (a letterhead background) is trusted: no OCR", async (t) => {
  const { extraction, text } = await read(judging, await pdfWith("visible", "page"));
  t.notRegex(text, /Cleaning services/);
  t.is(extraction.reader, "pdf-text");
});

test.serial("invisible text beside a small image is trusted: no OCR", async (t) => {
  const { extraction, text } = await read(judging, await pdfWith("invisible", "logo"));
  t.notRegex(text, /Cleaning services/);
  t.is(extraction.reader, "pdf-text");
});
