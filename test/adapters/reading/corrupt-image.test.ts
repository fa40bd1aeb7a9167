// An image whose header reads but whose data does not decode: tesseract.js used to throw its failure from a
// message listener, ending the process (a whole benchmark run, or a reading process with every job on it).
import { createDocumentReader } from "@apar/adapters/reading/index";
import { napiCanvas } from "@apar/adapters/reading/pdf-document";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

interface Canvas {
  getContext(kind: "2d"): {
    fillStyle: string;
    font: string;
    fillRect(x: number, y: number, w: number, h: number): void;
    fillText(text: string, x: number, y: number): void;
  };
  toBuffer(mime: "image/jpeg"): Buffer;
}

const jpegOf = async (text: string): Promise<Uint8Array> => {
  const { createCanvas } = (await napiCanvas()) as unknown as { createCanvas(w: number, h: number): Canvas };
  const canvas = createCanvas(400, 300);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, 400, 300);
  ctx.fillStyle = "#000000";
  ctx.font = "30px sans-serif";
  ctx.fillText(text, 20, 100);
  return new Uint8Array(canvas.toBuffer("image/jpeg"));
};

test("a JPEG whose data does not decode fails that reading alone; the next image reads", async (t) => {
  const reader = createDocumentReader({ languages: ["eng"], ocrWorkers: 1 });
  t.teardown(() => reader.close());
  const good = await jpegOf("Total 12.00");
  // The header (and so the size) intact, the scan data cut short and overwritten.
  const bad = good.slice(0, Math.floor(good.length * 0.6));
  for (let i = Math.floor(bad.length * 0.5); i < bad.length; i += 7) bad[i] = 0x5a;
  const failed = await reader.read({ bytes: bad, mediaType: "image/jpeg", filename: null }, { method: "ocr" });
  t.true(E.isLeft(failed));
  if (E.isLeft(failed)) {
    t.is(failed.left.reason, "unreadable");
    t.regex(failed.left.detail, /OCR failed/);
  }
  const read = await reader.read({ bytes: good, mediaType: "image/jpeg", filename: null }, { method: "ocr" });
  t.true(E.isRight(read));
  if (E.isRight(read)) t.is(read.right.fields.totalAmount, "12.00");
});
