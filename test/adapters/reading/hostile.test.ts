import { createIsolatedReader } from "@apar/adapters/reading/index";
import type { DocumentToRead, Extraction, ReadFailure } from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import {
  deepXml,
  hugePng,
  oversizeXml,
  pdfWithBombAttachment,
  pdfWithBombPage,
  plainPdf,
} from "../../helpers/bombs.js";

const doc = (bytes: Uint8Array): DocumentToRead => ({ bytes, mediaType: "application/octet-stream", filename: null });
const outcome = (r: E.Either<ReadFailure, Extraction>): string =>
  E.isLeft(r) ? `${r.left.reason}: ${r.left.detail}` : `read by ${r.right.reader}`;

const reader = createIsolatedReader({ languages: ["eng"], processes: 1, ocrWorkers: 1 });
test.after.always(() => reader.close());

test("a PDF whose attached e-invoice is a GiB of compressed zeros fails as too-large, and the next PDF reads", async (t) => {
  const r = outcome(await reader.read(doc(await pdfWithBombAttachment()), { method: "ocr" }));
  t.regex(r, /^too-large: a stream decodes to more than 67108864 bytes/);
  t.is(outcome(await reader.read(doc(plainPdf()), { method: "ocr" })), "read by pdf-text");
});

test("a PDF whose page content is a GiB of compressed zeros fails as too-large", async (t) => {
  t.regex(outcome(await reader.read(doc(await pdfWithBombPage()), { method: "ocr" })), /^too-large: a stream/);
});

test("an image claiming 100,000 x 100,000 pixels fails as too-large before it is decoded", async (t) => {
  t.regex(outcome(await reader.read(doc(hugePng()), { method: "ocr" })), /^too-large: 100000x100000 pixels/);
});

test("XML over the size cap fails as too-large; deeply nested XML fails with a reason", async (t) => {
  t.regex(
    outcome(await reader.read(doc(oversizeXml(17 * 2 ** 20)), { method: "ocr" })),
    /^too-large: the XML is more than/,
  );
  const deep = outcome(await reader.read(doc(deepXml(200_000)), { method: "ocr" }));
  t.log(deep);
  t.regex(deep, /^(corrupt|unsupported|unreadable|too-large): /);
});

const manyElements = (n: number): Buffer =>
  Buffer.from(
    `<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${"<cbc:Note>x</cbc:Note>".repeat(n)}</Invoice>`,
  );

test("a reading process that runs out of its heap fails that reading as too-large and is replaced", async (t) => {
  const small = createIsolatedReader({ languages: ["eng"], processes: 1, memoryMb: 32 });
  try {
    const r = outcome(await small.read(doc(manyElements(600_000)), { method: "ocr" }));
    t.log(r);
    t.regex(r, /^too-large: reading needed more than the reader's 32 MiB of memory/);
    t.is(outcome(await small.read(doc(manyElements(10)), { method: "ocr" })), "read by einvoice");
  } finally {
    await small.close();
  }
});
