// The second eye (PaddleOCR through ONNX Runtime) on a real receipt photo whose printed total tesseract's text
// lacks: it reads the total with its box, the reader takes its reading where tesseract's is unsure, and
// `secondEye: "off"` keeps tesseract's reading alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { OcrAborted } from "@apar/adapters/reading/ocr-pool";
import { createSecondEye, linesOfSegments, readingSize, slopeOf } from "@apar/adapters/reading/second-eye";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { FIXTURES } from "./accuracy.js";

// Contoso, 6/10/2019, total 1203.39 (fixtures/bills/photo/README.md); 844 x 1500 pixels.
const photo = new Uint8Array(readFileSync(join(FIXTURES, "photo", "contoso-receipt.jpg")));
// The eye's own time bound (30 s) is the service's; a busy machine (CI runs beside other work) must not fail the
// tests of what it reads, so these readings get a bound no run reaches.
const eye = createSecondEye({ timeoutMs: 600_000 });
test.after.always(() => eye.close());

test("an image is read at 960 pixels on its long side at most, both sides multiples of 32, never enlarged", (t) => {
  t.deepEqual(readingSize(1688, 3000, 960), { width: 544, height: 960 });
  t.deepEqual(readingSize(844, 1500, 960), { width: 544, height: 960 });
  t.deepEqual(readingSize(300, 200, 960), { width: 288, height: 192 });
  t.deepEqual(readingSize(10, 5000, 960), { width: 32, height: 960 });
});

test("segments on one band make a line, left to right, a wide gap kept as a column gap", (t) => {
  const box = (text: string, x: number, y: number, width: number) => ({ text, x, y, width, height: 20, page: 1 });
  t.deepEqual(
    linesOfSegments([
      box("1203.39", 400, 104, 80),
      box("Total", 20, 100, 60),
      box("Contoso", 20, 10, 100),
      box("Tax", 20, 60, 40),
      box("104.40", 75, 62, 60),
    ]),
    ["Contoso", "Tax 104.40", "Total  1203.39"],
  );
});

test("a photo taken askew: each segment's slope from its box, and a total's label and its amount at the far right stay one line", (t) => {
  // A receipt whose right edge stands 40 pixels higher than its left over 650 (as the detection model draws its
  // segments: corners from the top left, clockwise); half as many reading pixels across as the image has.
  t.is(
    slopeOf([
      [350, 1051],
      [550, 1039],
      [550, 1059],
      [350, 1071],
    ]),
    -0.06,
  );
  t.is(
    slopeOf(
      [
        [0, 100],
        [200, 112],
        [200, 132],
        [0, 120],
      ],
      2,
      1,
    ),
    0.03,
  );
  t.is(
    slopeOf([
      [5, 5],
      [5, 5],
      [5, 9],
      [5, 9],
    ]),
    null,
  );
  const box = (text: string, x: number, y: number, width: number, height: number) => ({
    text,
    x,
    y,
    width,
    height,
    page: 1,
  });
  const segments = [
    box("39,60", 996, 1014, 121, 51),
    box("Total", 355, 1051, 103, 49),
    box("4,86", 1042, 1081, 79, 43),
    box("VAT Food and drink 14%", 359, 1102, 388, 58),
  ];
  const slopes = [-0.06, -0.06, -0.06, -0.06];
  t.deepEqual(linesOfSegments(segments, slopes), ["Total  39,60", "VAT Food and drink 14%  4,86"]);
  // Read flat, the amounts stand a line above their labels.
  t.deepEqual(linesOfSegments(segments), ["39,60", "Total", "4,86", "VAT Food and drink 14%"]);
  // In perspective, a steep line above does not take a flat line's amount: segments whose centres are near are one
  // line whatever their slopes.
  const perspective = [box("1 Cappuccino", 351, 130, 55, 30), box("$2.20", 524, 128, 88, 30)];
  t.deepEqual(linesOfSegments(perspective, [0.2, 0.08]), ["1 Cappuccino  $2.20"]);
});

test("the eye reads the receipt's printed total, with its box in the photo's pixels below the shop's name", async (t) => {
  const read = await eye.read(photo);
  if (read === null) return t.fail("the eye's time bound passed");
  t.true(
    read.lines.some((l) => l.includes("1203.39")),
    read.lines.join("\n"),
  );
  const total = read.words.find((w) => w.text.includes("1203.39"));
  const name = read.words.find((w) => w.text.includes("Contoso"));
  if (total === undefined || name === undefined) return t.fail(JSON.stringify(read.words));
  for (const w of [total, name]) {
    t.true(w.x >= 0 && w.x + w.width <= 844 && w.y >= 0 && w.y + w.height <= 1500, JSON.stringify(w));
    t.true(w.height > 5 && w.height < 150 && w.width > w.height, JSON.stringify(w));
  }
  t.true(total.y > name.y + 300, "the total is printed well below the name");
});

test("a reading stopped before it starts rejects as aborted", async (t) => {
  await t.throwsAsync(eye.read(photo, AbortSignal.abort()), { instanceOf: OcrAborted });
});

const readWith = async (secondEye: "paddle" | "off") => {
  let tesseract: readonly string[] = [];
  const reader = createDocumentReader({ languages: ["eng"], ocrWorkers: 1, secondEye, onText: (l) => (tesseract = l) });
  try {
    const r = await reader.read({ bytes: photo, mediaType: "image/jpeg", filename: null }, { method: "ocr" });
    if (E.isLeft(r)) throw new Error(`${r.left.reason}: ${r.left.detail}`);
    return { read: r.right, tesseract: tesseract.join("\n") };
  } finally {
    await reader.close();
  }
};

test("tesseract's text lacks the total; the reader takes the second eye's, and `off` keeps tesseract's alone", async (t) => {
  const off = await readWith("off");
  t.false(off.tesseract.includes("1203.39"));
  t.not(off.read.fields.totalAmount, "1203.39");
  t.true(off.read.confidence < 0.9, "unsure, so the eye looks again when it is on");
  const on = await readWith("paddle");
  t.is(on.read.reader, "ocr");
  t.is(on.read.fields.totalAmount, "1203.39");
  t.is(on.read.fields.supplierName, "Contoso");
});
