// A page tesseract cannot read as it comes is read another way: a scan or photo lying on its side (a receipt
// photographed across, a page fed in sideways) turned upright, a photo on a wide white margin thresholded by each
// pixel's neighbourhood, a receipt photographed upside down. Tesseract is sure of next to none of the words of each as
// it comes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { napiCanvas } from "@apar/adapters/reading/pdf-document";
import { turnedImage } from "@apar/adapters/reading/pixels";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { FIXTURES } from "./accuracy.js";
import { scannedPdf } from "./scanned-pdf.js";

const NAME = "scan-0-en-title-first";
const upright = new Uint8Array(readFileSync(join(FIXTURES, "scan", `${NAME}.png`)));
const truth = JSON.parse(readFileSync(join(FIXTURES, "scan", `${NAME}.json`), "utf8")) as {
  totalAmount: string;
  invoiceDate: string;
  supplierName: string;
};

/** The scan turned a quarter (clockwise: 90) as a PNG. */
const lyingOnItsSide = async (turn: 90 | 270): Promise<Uint8Array> => {
  const turned = await turnedImage(upright, turn);
  if (turned === null) throw new Error("the canvas did not decode the fixture");
  return turned.png;
};

const read = async (bytes: Uint8Array, mediaType: string) => {
  const reader = createDocumentReader({ languages: ["eng"], ocrWorkers: 1, secondEye: "off" });
  try {
    const result = await reader.read({ bytes, mediaType, filename: null }, { method: "ocr" });
    if (E.isLeft(result)) throw new Error(result.left.detail);
    return result.right.fields;
  } finally {
    await reader.close();
  }
};

test("an image turned either way is read as it reads upright", async (t) => {
  const asPrinted = await read(upright, "image/png");
  t.is(asPrinted.totalAmount, truth.totalAmount);
  for (const turn of [90, 270] as const) {
    const fields = await read(await lyingOnItsSide(turn), "image/png");
    t.is(fields.totalAmount, truth.totalAmount, `turned ${turn}`);
    t.is(fields.invoiceDate, truth.invoiceDate, `turned ${turn}`);
    t.is(fields.supplierName, asPrinted.supplierName, `turned ${turn}`);
  }
});

test("a scanned PDF page holding its image on its side is read turned upright", async (t) => {
  const fields = await read(await scannedPdf(await lyingOnItsSide(270)), "application/pdf");
  t.is(fields.totalAmount, truth.totalAmount);
  t.is(fields.invoiceDate, truth.invoiceDate);
});

test("a photo on a wide white margin, which Otsu's one threshold turns all dark, is read by its neighbourhoods", async (t) => {
  // The fixture's receipt photo (total 1203.39) in the middle of a white sheet three times its width.
  const { createCanvas, loadImage } = await napiCanvas();
  const photo = await loadImage(readFileSync(join(FIXTURES, "photo", "contoso-receipt.jpg")));
  const sheet = createCanvas(photo.width * 3, photo.height);
  const context = sheet.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, sheet.width, sheet.height);
  context.drawImage(photo, photo.width, 0);
  const fields = await read(new Uint8Array(sheet.toBuffer("image/png")), "image/png");
  t.is(fields.totalAmount, "1203.39");
  t.is(fields.currency, "USD");
});

test("a receipt photographed upside down, of whose words tesseract is sure of none, is read turned the right way up", async (t) => {
  const photo = new Uint8Array(readFileSync(join(FIXTURES, "photo", "contoso-receipt.jpg")));
  const upsideDown = await turnedImage(photo, 180);
  if (upsideDown === null) throw new Error("the canvas did not decode the fixture");
  const fields = await read(upsideDown.png, "image/png");
  // What this photo gives tesseract alone the right way up: its shop's name and its dollars.
  t.is(fields.supplierName, "Contoso");
  t.is(fields.currency, "USD");
});
