// A scanned page's invoice number and dates, which OCR alone never makes sure: the second eye reads each where
// tesseract printed it (a crop of the page at full resolution), and a token it reads alike is sure (0.92).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cropPix, emptyPix } from "@apar/adapters/reading/grey-pix";
import { createDocumentReader } from "@apar/adapters/reading/index";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { PDFDocument } from "pdf-lib";
import { FIXTURES } from "./accuracy.js";

test("a rectangle of a spix image comes out as its grey bytes, row by row, clipped to the image", (t) => {
  // 6 x 3 pixels, each pixel's grey its own number (10 x row + column).
  const pix = emptyPix(6, 3);
  const stride = 8;
  for (let y = 0; y < 3; y++) for (let x = 0; x < 6; x++) pix[28 + y * stride + (x ^ 3)] = 10 * y + x;
  t.deepEqual(cropPix(pix, 1, 1, 3, 2), { data: Uint8Array.from([11, 12, 13, 21, 22, 23]), width: 3, height: 2 });
  t.deepEqual(cropPix(pix, 4, -5, 10, 6), { data: Uint8Array.from([4, 5]), width: 2, height: 1 });
  t.is(cropPix(pix, 7, 0, 3, 3), null);
});

// A real scan (fixtures/bills/scan/README.md) as an image-only PDF: an A4 page holding the image.
const scannedPdf = async (): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(readFileSync(join(FIXTURES, "scan", "scan-1-de-letter.png")));
  doc.addPage([595, 842]).drawImage(png, { x: 0, y: 0, width: 595, height: 842 });
  return doc.save();
};

const readWith = async (bytes: Uint8Array, secondEye: "paddle" | "off") => {
  const reader = createDocumentReader({ languages: ["deu", "eng"], ocrWorkers: 1, secondEye });
  try {
    const r = await reader.read({ bytes, mediaType: "application/pdf", filename: null }, { method: "ocr" });
    if (E.isLeft(r)) throw new Error(`${r.left.reason}: ${r.left.detail}`);
    return r.right;
  } finally {
    await reader.close();
  }
};

test("a scanned page's number and dates read alike by the second eye where tesseract printed them are sure", async (t) => {
  const bytes = await scannedPdf();
  const off = await readWith(bytes, "off");
  t.is(off.reader, "ocr");
  t.like(off.fields, { invoiceNumber: "R15761", invoiceDate: "2024-06-15", dueDate: "2024-07-15" });
  for (const k of ["invoiceNumber", "invoiceDate", "dueDate"] as const)
    t.true((off.fieldConfidence[k] ?? 1) < 0.9, `${k} from tesseract alone stays unsure`);
  const on = await readWith(bytes, "paddle");
  t.deepEqual(on.fields, off.fields, "the eye checks; it changes no field");
  for (const k of ["invoiceNumber", "invoiceDate", "dueDate"] as const) t.is(on.fieldConfidence[k], 0.92, k);
  t.is(on.fieldConfidence.supplierName, off.fieldConfidence.supplierName, "a name is not checked");
});
