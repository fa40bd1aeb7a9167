// What OCR is handed: a PDF page or a whole PNG as grey pixels (a PGM), anything else as it came.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { greyPgm } from "@apar/adapters/reading/grey-pgm";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { imageForOcr } from "@apar/adapters/reading/pixels";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { FIXTURES } from "./accuracy.js";

const scan = new Uint8Array(readFileSync(join(FIXTURES, "scan", "scan-0-en-title-first.png")));
const text = (b: Uint8Array, n: number) => new TextDecoder("latin1").decode(b.subarray(0, n));

test("grey pixels weigh red, green and blue as Leptonica does, and a band keeps the first rows", (t) => {
  const rgba = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]);
  const pgm = greyPgm(2, 2, rgba);
  t.is(text(pgm, 11), "P5\n2 2\n255\n");
  t.deepEqual([...pgm.subarray(11)], [77, 128, 51, 255]);
  const band = greyPgm(2, 2, rgba, 1);
  t.is(text(band, 11), "P5\n2 1\n255\n");
  t.deepEqual([...band.subarray(11)], [77, 128]);
});

test("a whole PNG becomes grey pixels of its size; a damaged one and a JPEG go to OCR as they came", async (t) => {
  const pgm = await imageForOcr(scan, "png");
  const width = new DataView(scan.buffer, scan.byteOffset).getUint32(16);
  const height = new DataView(scan.buffer, scan.byteOffset).getUint32(20);
  const header = `P5\n${width} ${height}\n255\n`;
  t.is(text(pgm, header.length), header);
  t.is(pgm.length, header.length + width * height);

  const damaged = scan.slice();
  const middle = Math.floor(damaged.length / 2);
  damaged[middle] = (damaged[middle] ?? 0) ^ 0xff;
  t.is(await imageForOcr(damaged, "png"), damaged);
  t.is(await imageForOcr(scan.slice(0, scan.length - 12), "png").then((b) => b.length), scan.length - 12);
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  t.is(await imageForOcr(jpeg, "jpeg"), jpeg);
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
