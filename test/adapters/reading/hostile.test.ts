import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createIsolatedReader } from "@apar/adapters/reading/index";
import type { Extraction, ReadFailure } from "@apar/core";
import type { DocumentToRead } from "@apar/core/ports";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import {
  deepXml,
  encryptedPdfWithBombPage,
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

test("an encrypted PDF whose page content is a GiB of compressed zeros fails as too-large on its memory", async (t) => {
  const r = outcome(await reader.read(doc(await encryptedPdfWithBombPage()), { method: "ocr" }));
  t.regex(r, /^too-large: reading needed more than the reader's 768 MiB of memory/);
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
  // The limit leaves a fresh process (libraries loaded, under tsx) room to spare: V8 gives up early near its limit
  // when a busy machine makes its collections look ineffective. The bomb needs several times the limit.
  const small = createIsolatedReader({ languages: ["eng"], processes: 1, memoryMb: 384, maxXmlBytes: 128 * 2 ** 20 });
  try {
    const r = outcome(await small.read(doc(manyElements(5_000_000)), { method: "ocr" }));
    t.log(r);
    t.regex(r, /^too-large: reading needed more than the reader's 384 MiB of heap/);
    t.is(outcome(await small.read(doc(manyElements(10)), { method: "ocr" })), "read by einvoice");
  } finally {
    await small.close();
  }
});

// This test process's children (Linux): the reading processes.
const children = (): number[] =>
  readdirSync("/proc/self/task").flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, "utf8").trim().split(" ").filter(Boolean).map(Number),
  );
const alive = (pid: number): boolean => {
  try {
    return !/State:\s+Z/.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
};

test.serial("a reading that is stopped kills its process, which is replaced for the next reading", async (t) => {
  // An LLM endpoint that never answers keeps the reading busy until it is stopped.
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const stuck = createIsolatedReader({
    languages: ["eng"],
    processes: 1,
    llm: { baseUrl: `http://127.0.0.1:${port}/v1`, model: "m" },
  });
  try {
    const existing = new Set(children());
    const controller = new AbortController();
    const reading = stuck.read(doc(plainPdf()), { method: "llm", signal: controller.signal });
    let started: number[] = [];
    while (started.length === 0) {
      await new Promise((r) => setTimeout(r, 50));
      started = children().filter((p) => !existing.has(p));
    }
    controller.abort();
    t.is(outcome(await reading), "timeout: the reading was stopped");
    t.false(alive(started[0] ?? 0));
    t.is(outcome(await stuck.read(doc(plainPdf()), { method: "ocr" })), "read by pdf-text");
    t.true(children().some((p) => !existing.has(p) && p !== started[0]));
  } finally {
    await stuck.close();
    server.closeAllConnections();
    server.close();
  }
});
