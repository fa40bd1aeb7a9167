// A phone stores its photo as the sensor saw it, often on its side, with an EXIF orientation saying how to show it:
// OCR and the second eye read it as it is shown.
import { readFileSync } from "node:fs";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { jpegOrientation } from "@apar/adapters/reading/media";
import { imageForOcr } from "@apar/adapters/reading/pixels";
import { createSecondEye } from "@apar/adapters/reading/second-eye";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import sharp from "sharp";

const INVOICE = readFileSync(new URL("../../../fixtures/bills/small-text/invoice-italian.png", import.meta.url));

/** The invoice as a phone stores it: turned a quarter left, with EXIF orientation 6 (shown turned right). */
const onItsSide = async (): Promise<Uint8Array> =>
  new Uint8Array(
    await sharp(INVOICE)
      .flatten({ background: "#ffffff" })
      .rotate(-90)
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer(),
  );

test("a JPEG's EXIF orientation is read from its APP1 segment; 1 without one, or from bytes that are not one", async (t) => {
  t.is(jpegOrientation(await onItsSide()), 6);
  for (const o of [1, 3, 8]) {
    const jpeg = await sharp(INVOICE).jpeg().withMetadata({ orientation: o }).toBuffer();
    t.is(jpegOrientation(new Uint8Array(jpeg)), o);
  }
  t.is(jpegOrientation(new Uint8Array(await sharp(INVOICE).jpeg().toBuffer())), 1);
  t.is(jpegOrientation(new Uint8Array(INVOICE)), 1);
  // Cut inside its EXIF segment: no tag read, no read past the end.
  const cut = (await onItsSide()).subarray(0, 28);
  t.is(jpegOrientation(cut), 1);
});

test("OCR is given a photo stored on its side as it is shown: grey pixels the canvas turned, 1200 x 893", async (t) => {
  const pix = await imageForOcr(await onItsSide(), "jpeg");
  t.is(new TextDecoder().decode(pix.subarray(0, 4)), "spix");
  const header = new DataView(pix.buffer, pix.byteOffset);
  t.deepEqual([header.getUint32(4, true), header.getUint32(8, true)], [1200, 893]);
  // A JPEG shown as stored goes to tesseract as it came.
  const upright = new Uint8Array(await sharp(INVOICE).flatten({ background: "#ffffff" }).jpeg().toBuffer());
  t.is(await imageForOcr(upright, "jpeg"), upright);
});

test("a photo stored on its side reads as it is shown: the invoice's total, number and date", async (t) => {
  const reader = createDocumentReader({ languages: ["eng"], ocrWorkers: 1, timeoutMs: 120_000, secondEye: "off" });
  try {
    const bytes = await onItsSide();
    const read = await reader.read({ bytes, mediaType: "image/jpeg", filename: null }, { method: "ocr" });
    if (E.isLeft(read)) return t.fail(`${read.left.reason}: ${read.left.detail}`);
    t.is(read.right.fields.totalAmount, "125.00");
    t.is(read.right.fields.invoiceNumber, "54321");
    t.is(read.right.fields.invoiceDate, "2022-02-10");
  } finally {
    await reader.close();
  }
});

test("the second eye reads a photo stored on its side as it is shown", async (t) => {
  // A bound no run reaches: the service's 30 s must not fail this test on a busy machine.
  const eye = createSecondEye({ timeoutMs: 600_000 });
  try {
    const seen = await eye.read(await onItsSide());
    if (seen === null) return t.fail("the second eye's time bound passed");
    const text = seen.lines.join("\n");
    t.regex(text, /CONTOSO/i);
    t.regex(text, /Fattura/i);
    // Its words' boxes are in the photo as it is shown, 1200 x 893 pixels: the stored 893 x 1200 turned.
    t.true(seen.words.length > 5);
    for (const w of seen.words) t.true(w.x + w.width <= 1200 && w.y + w.height <= 893, JSON.stringify(w));
    t.true(Math.max(...seen.words.map((w) => w.y + w.height)) > 600, "words reach the photo's foot");
  } finally {
    await eye.close();
  }
});
