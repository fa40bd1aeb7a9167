import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createDocumentReader } from "@apar/adapters/reading/index";
import type { Extraction, ReadFailure } from "@apar/core";
import type { DocumentToRead } from "@apar/core/ports";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { fixtures, score } from "./accuracy.js";

const reader = createDocumentReader({ languages: ["eng", "deu", "fra"], ocrWorkers: 2, timeoutMs: 60_000 });
test.after.always(() => reader.close());

const doc = (bytes: Uint8Array, mediaType = "application/octet-stream"): DocumentToRead => ({
  bytes,
  mediaType,
  filename: null,
});
const ok = (r: E.Either<ReadFailure, Extraction>): Extraction => {
  if (E.isLeft(r)) throw new Error(`${r.left.reason}: ${r.left.detail}`);
  return r.right;
};
const failure = (r: E.Either<ReadFailure, Extraction>): ReadFailure["reason"] | "read" =>
  E.isLeft(r) ? r.left.reason : "read";

const accuracyOf = async (kind: string, limit = Number.POSITIVE_INFINITY) => {
  const results = [];
  const readers = new Set<string>();
  for (const f of fixtures(kind).slice(0, limit)) {
    const e = ok(await reader.read(doc(f.bytes), { method: "ocr" }));
    readers.add(e.reader);
    results.push({ file: f.file, got: e.fields, want: f.truth });
  }
  return { ...score(results), readers: [...readers] };
};

// Floors sit at or just under the measured accuracy (100 % on every kind when they were set).
for (const [kind, reader, floor] of [
  ["ubl", "einvoice", 1],
  ["cii", "einvoice", 1],
  ["facturx", "einvoice", 1],
  ["pdf", "pdf-text", 0.98],
] as const) {
  test(`${kind}: per-field accuracy at least ${floor * 100} % from the ${reader} reader`, async (t) => {
    const s = await accuracyOf(kind);
    t.log(`${kind} overall ${(s.overall * 100).toFixed(1)} %`, JSON.stringify(s.perField), s.misses.slice(0, 10));
    t.deepEqual(s.readers, [reader]);
    t.true(s.overall >= floor);
  });
}

test("scans: three real scans read by tesseract.js reach 95 % per-field accuracy", async (t) => {
  const s = await accuracyOf("scan", 3);
  t.log(`scan overall ${(s.overall * 100).toFixed(1)} %`, JSON.stringify(s.perField), s.misses);
  t.deepEqual(s.readers, ["ocr"]);
  t.true(s.overall >= 0.95);
});

test("a document of no supported kind is unsupported; an empty one is corrupt", async (t) => {
  t.is(failure(await reader.read(doc(new TextEncoder().encode("hello, world")), { method: "ocr" })), "unsupported");
  t.is(failure(await reader.read(doc(new Uint8Array(0)), { method: "ocr" })), "corrupt");
  const other = new TextEncoder().encode('<?xml version="1.0"?><Order><ID>1</ID></Order>');
  t.is(failure(await reader.read(doc(other), { method: "ocr" })), "unsupported");
});

test("a truncated PDF is corrupt and a broken PNG header is corrupt", async (t) => {
  const pdf = fixtures("pdf")[0]?.bytes as Uint8Array;
  const truncated = new Uint8Array([...new TextEncoder().encode("%PDF-1.7\n"), 0, 1, 2, 3]);
  t.is(failure(await reader.read(doc(truncated), { method: "ocr" })), "corrupt");
  t.true(pdf.length > 0);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  t.is(failure(await reader.read(doc(png), { method: "ocr" })), "corrupt");
});

test("XML with a DOCTYPE (entity expansion, XXE) is refused, never expanded", async (t) => {
  const xxe = new TextEncoder().encode(
    '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice><ID>&e;</ID></Invoice>',
  );
  t.is(failure(await reader.read(doc(xxe), { method: "ocr" })), "corrupt");
});

test("page and pixel caps answer too-large", async (t) => {
  const small = createDocumentReader({ languages: ["eng"], maxPages: 0, maxPixels: 1000 });
  try {
    const pdf = fixtures("pdf")[0]?.bytes as Uint8Array;
    t.is(failure(await small.read(doc(pdf), { method: "ocr" })), "too-large");
    const scan = fixtures("scan")[0]?.bytes as Uint8Array;
    t.is(failure(await small.read(doc(scan), { method: "ocr" })), "too-large");
  } finally {
    await small.close();
  }
});

test("a PDF that needs a password is encrypted", async (t) => {
  const pdf = new TextDecoder("latin1").decode(fixtures("pdf")[0]?.bytes);
  const o = "<".concat("ab".repeat(32), ">");
  const encrypted = pdf.replace(
    /trailer\s*<</,
    `trailer\n<< /Encrypt << /Filter /Standard /V 1 /R 2 /O ${o} /U ${o} /P -4 >> /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]`,
  );
  const bytes = Uint8Array.from(encrypted, (c) => c.charCodeAt(0));
  t.is(failure(await reader.read(doc(bytes), { method: "ocr" })), "encrypted");
});

test("a reading past the time limit answers timeout and the pool keeps working", async (t) => {
  const hasty = createDocumentReader({ languages: ["eng"], ocrWorkers: 1, timeoutMs: 50 });
  try {
    const scan = fixtures("scan")[0]?.bytes as Uint8Array;
    t.is(failure(await hasty.read(doc(scan), { method: "ocr" })), "timeout");
    const xml = fixtures("ubl")[0]?.bytes as Uint8Array;
    t.is(ok(await hasty.read(doc(xml), { method: "ocr" })).reader, "einvoice");
  } finally {
    await hasty.close();
  }
});

test("llm: page images go to an OpenAI-compatible endpoint and its JSON answer becomes the fields", async (t) => {
  const f = fixtures("scan")[0];
  if (!f) return t.fail();
  const seen: {
    auth?: string;
    body?: { model: string; messages: { content: unknown }[]; response_format: { type: string } };
  } = {};
  const truth = f.truth;
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", () => {
      seen.auth = req.headers.authorization;
      seen.body = JSON.parse(raw);
      const b = truth.bankDetails;
      const answer = {
        ...truth,
        iban: b?.iban ?? null,
        bicSwift: b?.bicSwift ?? null,
        accountNumber: b?.accountNumber ?? null,
        sortCode: b?.sortCode ?? null,
        routingNumber: b?.routingNumber ?? null,
        accountHolderName: b?.accountHolderName ?? null,
        bankDetails: undefined,
      };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: JSON.stringify(answer) } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const llm = createDocumentReader({
    languages: ["eng"],
    llm: { baseUrl: `http://127.0.0.1:${port}/v1`, model: "vision-test", apiKey: "sk-test" },
  });
  try {
    const e = ok(await llm.read(doc(f.bytes), { method: "llm" }));
    t.is(e.reader, "llm");
    t.deepEqual(e.fields, truth);
    // A model states no certainty: its fields start at 0.8, and the bill is as sure as its least sure key field.
    t.is(e.confidence, 0.8);
    t.is(seen.auth, "Bearer sk-test");
    t.is(seen.body?.model, "vision-test");
    t.is(seen.body?.response_format.type, "json_schema");
    t.regex(JSON.stringify(seen.body?.messages), /data:image\/png;base64,iVBOR/);
    // An e-invoice is read exactly even when the client reads by LLM.
    const xml = fixtures("cii")[0]?.bytes as Uint8Array;
    t.is(ok(await llm.read(doc(xml), { method: "llm" })).reader, "einvoice");
  } finally {
    await llm.close();
    server.close();
  }
});

test("llm: an answer that does not fit the schema is unreadable", async (t) => {
  const server = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ choices: [{ message: { content: '{"supplierName": 3}' } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const llm = createDocumentReader({ languages: ["eng"], llm: { baseUrl: `http://127.0.0.1:${port}`, model: "m" } });
  try {
    const scan = fixtures("scan")[1]?.bytes as Uint8Array;
    t.is(failure(await llm.read(doc(scan), { method: "llm" })), "unreadable");
  } finally {
    await llm.close();
    server.close();
  }
});
