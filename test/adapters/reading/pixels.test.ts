// What OCR is handed: a PDF page or a whole PNG as grey pixels (Leptonica's spix), anything else as it came.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { greyPix } from "@apar/adapters/reading/grey-pix";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { createOcrPool } from "@apar/adapters/reading/ocr-pool";
import { napiCanvas } from "@apar/adapters/reading/pdf-document";
import { imageForOcr, imageTurns, turnedImage } from "@apar/adapters/reading/pixels";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { FIXTURES } from "./accuracy.js";

const scan = new Uint8Array(readFileSync(join(FIXTURES, "scan", "scan-0-en-title-first.png")));
const text = (b: Uint8Array, n: number) => new TextDecoder("latin1").decode(b.subarray(0, n));

/** A spix image's header fields (width, height, depth, words per row, colours, raster bytes) and its pixels. */
const readPix = (b: Uint8Array) => {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const [width, height, depth, wpl, colours, raster] = [4, 8, 12, 16, 20, 24].map((at) => view.getUint32(at, true));
  const rows: number[][] = [];
  for (let y = 0; y < (height as number); y++) {
    const row: number[] = [];
    // Leptonica keeps four pixels a word, the leftmost in its most significant byte.
    for (let x = 0; x < (width as number); x++) row.push(b[28 + y * (wpl as number) * 4 + (x ^ 3)] as number);
    rows.push(row);
  }
  return { id: text(b, 4), header: [width, height, depth, wpl, colours, raster], size: b.length, rows };
};

test("grey pixels weigh red, green and blue as Leptonica does, and a band keeps the first rows", (t) => {
  const rgba = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]);
  const pix = readPix(greyPix(2, 2, rgba));
  t.is(pix.id, "spix");
  // Each row padded to a whole word: 2 pixels take 4 bytes.
  t.deepEqual(pix.header, [2, 2, 8, 1, 0, 8]);
  t.is(pix.size, 28 + 8);
  t.deepEqual(pix.rows, [
    [77, 128],
    [51, 255],
  ]);
  const band = readPix(greyPix(2, 2, rgba, 1));
  t.deepEqual(band.header, [2, 1, 8, 1, 0, 4]);
  t.deepEqual(band.rows, [[77, 128]]);
});

test("rows of any width come out the same whether the pixels are read a word or a byte at a time", (t) => {
  // 7 pixels a row (one whole word and a part), 3 rows, every channel value different; the same pixels one byte
  // past a word boundary cannot be read as words.
  const width = 7;
  const height = 3;
  const rgba = new Uint8Array(width * height * 4).map((_, i) => (i * 37 + 11) % 256);
  const shifted = new Uint8Array(rgba.length + 1);
  shifted.set(rgba, 1);
  const byWords = greyPix(width, height, rgba);
  const byBytes = greyPix(width, height, shifted.subarray(1));
  t.deepEqual(byWords, byBytes);
  const pix = readPix(byWords);
  t.deepEqual(pix.header, [7, 3, 8, 2, 0, 24]);
  const leptonica = (i: number) =>
    Math.floor(
      ((rgba[i] as number) * 300 + (rgba[i + 1] as number) * 500 + (rgba[i + 2] as number) * 200 + 500) / 1000,
    );
  t.deepEqual(
    pix.rows,
    Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => leptonica((y * width + x) * 4))),
  );
});

test("a whole PNG becomes grey pixels of its size; a damaged one and a JPEG go to OCR as they came", async (t) => {
  const pix = readPix(await imageForOcr(scan, "png"));
  const width = new DataView(scan.buffer, scan.byteOffset).getUint32(16);
  const height = new DataView(scan.buffer, scan.byteOffset).getUint32(20);
  t.is(pix.id, "spix");
  t.deepEqual(pix.header, [width, height, 8, Math.ceil(width / 4), 0, Math.ceil(width / 4) * 4 * height]);
  // A scan's paper is light, its print dark.
  const top = pix.rows[0] ?? [];
  t.true(top.reduce((a, v) => a + v, 0) / top.length > 200);
  t.true(pix.rows.some((row) => row.some((v) => v < 64)));

  const damaged = scan.slice();
  const middle = Math.floor(damaged.length / 2);
  damaged[middle] = (damaged[middle] ?? 0) ^ 0xff;
  t.is(await imageForOcr(damaged, "png"), damaged);
  t.is(await imageForOcr(scan.slice(0, scan.length - 12), "png").then((b) => b.length), scan.length - 12);
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  t.is(await imageForOcr(jpeg, "jpeg"), jpeg);
});

test("OCR reads the spix of a scan as it reads a PGM of the same grey pixels, its words with their boxes", async (t) => {
  const spix = await imageForOcr(scan, "png");
  const { header, rows } = readPix(spix);
  const [width = 0, height = 0] = header;
  const head = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(head.length + width * height);
  pgm.set(head);
  for (const [y, row] of rows.entries()) pgm.set(row, head.length + y * width);
  const pool = createOcrPool({ languages: ["eng"], size: 1 });
  t.teardown(() => pool.close());
  const fromPix = await pool.recognize(spix);
  t.true(fromPix.some((line) => line.includes("INVOICE")));
  // The same reading with its words' boxes: the same lines, each word where the image shows it.
  const boxed = await pool.recognizeBoxes(pgm);
  t.deepEqual(fromPix, boxed.lines);
  const title = boxed.words.find((w) => w.text.includes("INVOICE"));
  t.truthy(title);
  t.true((title?.width ?? 0) > 0 && (title?.height ?? 0) > 0 && (title?.x ?? -1) >= 0 && (title?.y ?? -1) >= 0);
  t.true((title?.x ?? 0) + (title?.width ?? 0) <= width && (title?.y ?? 0) + (title?.height ?? 0) <= height);
});

test("a PNG scan reads through its grey pixels, and a damaged PNG fails as unreadable rather than half read", async (t) => {
  const reader = createDocumentReader({ languages: ["eng"], ocrWorkers: 1 });
  t.teardown(() => reader.close());
  const truth = JSON.parse(readFileSync(join(FIXTURES, "scan", "scan-0-en-title-first.json"), "utf8")) as {
    totalAmount: string;
  };
  const read = await reader.read({ bytes: scan, mediaType: "image/png", filename: null }, { method: "ocr" });
  t.true(E.isRight(read));
  if (E.isRight(read)) t.is(read.right.fields.totalAmount, truth.totalAmount);

  const damaged = scan.slice();
  for (let i = Math.floor(damaged.length / 2); i < damaged.length; i += 7) damaged[i] = 0x5a;
  const failed = await reader.read({ bytes: damaged, mediaType: "image/png", filename: null }, { method: "ocr" });
  t.true(E.isLeft(failed));
  if (E.isLeft(failed)) t.is(failed.left.reason, "unreadable");
});

test("an image's two quarter turns come from one decoding of its bytes", async (t) => {
  const bytes = scan.slice();
  const turns = imageTurns(bytes);
  const clockwise = await turns(90);
  // Bytes no canvas decodes: the second turn is made from the pixels the first decoded.
  bytes.fill(0);
  const counter = await turns(270);
  t.deepEqual(clockwise, await turnedImage(scan, 90));
  t.deepEqual(counter, await turnedImage(scan, 270));
  t.notDeepEqual(clockwise?.pix, counter?.pix);
  t.is(await turnedImage(bytes, 90), null);
});

test("an image turned upside down keeps its size, its pixels in reverse order", async (t) => {
  const { createCanvas } = await napiCanvas();
  // Three pixels across, two down: black in the top-left corner only.
  const canvas = createCanvas(3, 2);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, 3, 2);
  context.fillStyle = "#000000";
  context.fillRect(0, 0, 1, 1);
  const turned = await turnedImage(new Uint8Array(canvas.toBuffer("image/png")), 180);
  // The same three by two, black in the bottom-right corner only.
  const rgba = new Uint8ClampedArray(3 * 2 * 4).fill(255);
  rgba.set([0, 0, 0, 255], 5 * 4);
  t.deepEqual(turned?.pix, greyPix(3, 2, rgba));
});
